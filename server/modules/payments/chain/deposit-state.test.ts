import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChainDepositState, type ChainObservation, firstSeen, nextChainDepositState } from './deposit-state.ts';

const N = 3;
const check = (head: number, canonicalHash: string | null, canCredit = true): ChainObservation => ({
  kind: 'check',
  head,
  canonicalHash,
  required: N,
  canCredit,
});

describe('an on-chain deposit, step by step', () => {
  it('is seen, counts confirmations, and is credited once at N while its block stays canonical', () => {
    let state = firstSeen(10, '0xa');
    const steps: [ChainObservation, ChainDepositState['status'], number, string][] = [
      [check(10, '0xa'), 'seen', 1, 'none'],
      [check(11, '0xa'), 'seen', 2, 'none'],
      [check(12, '0xa'), 'credited', 3, 'credit'],
      [check(13, '0xa'), 'credited', 3, 'none'],
      [{ kind: 'transfer', blockNumber: 10, blockHash: '0xa' }, 'credited', 3, 'none'],
    ];
    for (const [observation, status, confirmations, action] of steps) {
      const next = nextChainDepositState(state, observation);
      expect([next.state.status, next.state.confirmations, next.action]).toEqual([status, confirmations, action]);
      state = next.state;
    }
  });

  it('waits, confirmed, while there is no rate to credit it at, then is credited when there is', () => {
    const waiting = nextChainDepositState(firstSeen(10, '0xa'), check(12, '0xa', false));
    expect(waiting).toMatchObject({ state: { status: 'confirmed', confirmations: 3 }, action: 'none' });
    expect(nextChainDepositState(waiting.state, check(13, '0xa'))).toMatchObject({ state: { status: 'credited' }, action: 'credit' });
  });

  it('is dropped when its block leaves the chain before N, and comes back when the transfer is mined again', () => {
    const dropped = nextChainDepositState(firstSeen(10, '0xa'), check(11, '0xb'));
    expect(dropped).toMatchObject({ state: { status: 'dropped', confirmations: 0, reorged: false }, action: 'none' });
    expect(nextChainDepositState(firstSeen(10, '0xa'), check(9, null)).state.status).toBe('dropped');
    expect(nextChainDepositState(dropped.state, check(14, '0xa')).state.status).toBe('dropped');
    const again = nextChainDepositState(dropped.state, { kind: 'transfer', blockNumber: 11, blockHash: '0xc' });
    expect(again.state).toEqual({ status: 'seen', blockNumber: 11, blockHash: '0xc', confirmations: 0, reorged: false });
  });

  it('is flagged once for operators when its block leaves the chain after crediting, and stays credited', () => {
    const credited = nextChainDepositState(firstSeen(10, '0xa'), check(12, '0xa')).state;
    const flagged = nextChainDepositState(credited, check(20, '0xz'));
    expect(flagged).toMatchObject({ state: { status: 'credited', reorged: true }, action: 'flag' });
    expect(nextChainDepositState(flagged.state, check(21, '0xz')).action).toBe('none');
  });

  it('flags a deep reorg of a confirmed deposit that was still waiting for a rate, and pays nothing', () => {
    const waiting = nextChainDepositState(firstSeen(10, '0xa'), check(12, '0xa', false)).state;
    expect(nextChainDepositState(waiting, check(15, '0xb'))).toMatchObject({ state: { status: 'dropped', reorged: true }, action: 'flag' });
  });
});

// A simulated chain: block i's hash is chain[i]. The transfer sits in block `at` while `included`.
type Step =
  | { op: 'mine'; blocks: number }
  | { op: 'reorg'; depth: number; extra: number; reinclude: number | null }
  | { op: 'log'; times: number }
  | { op: 'check'; canCredit: boolean };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('mine' as const), blocks: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    op: fc.constant('reorg' as const),
    depth: fc.integer({ min: 1, max: 6 }),
    extra: fc.integer({ min: 0, max: 3 }),
    reinclude: fc.option(fc.integer({ min: 0, max: 8 }), { nil: null }),
  }),
  fc.record({ op: fc.constant('log' as const), times: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constant('check' as const), canCredit: fc.boolean() }),
);

describe('an on-chain deposit, over any run of blocks, reorgs, repeated logs and restarts', () => {
  it('is credited at most once, only with N canonical confirmations, never uncredited, and surely once final', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { maxLength: 40 }), (steps) => {
        let counter = 0;
        const fresh = () => `0x${(counter++).toString(16)}`;
        const chain = Array.from({ length: 6 }, fresh);
        let at: number | null = 5;
        let state: ChainDepositState | null = null;
        let credits = 0;
        const apply = (observation: ChainObservation) => {
          if (!state) return;
          const before: ChainDepositState = state;
          const { state: next, action } = nextChainDepositState(before, observation);
          if (action === 'credit') {
            credits += 1;
            expect(observation.kind === 'check' && observation.canonicalHash === before.blockHash).toBe(true);
            expect(observation.kind === 'check' && observation.head - before.blockNumber + 1 >= N).toBe(true);
          }
          if (action === 'flag') expect(before.status === 'credited' || before.status === 'confirmed').toBe(true);
          if (before.status === 'credited') expect(next.status).toBe('credited');
          state = next;
        };
        const logIt = () => {
          if (at === null) return;
          if (!state) state = firstSeen(at, chain[at]!);
          else apply({ kind: 'transfer', blockNumber: at, blockHash: chain[at]! });
        };
        // A restart reloads the stored state and reads the same blocks again: the same observations, repeated.
        logIt();
        for (const step of steps) {
          if (step.op === 'mine') for (let i = 0; i < step.blocks; i++) chain.push(fresh());
          if (step.op === 'reorg') {
            const from = Math.max(1, chain.length - step.depth);
            chain.splice(from, chain.length - from, ...Array.from({ length: chain.length - from + step.extra }, fresh));
            if (at !== null && at >= from) at = step.reinclude === null ? null : Math.min(chain.length - 1, from + step.reinclude);
          }
          if (step.op === 'log') for (let i = 0; i < step.times; i++) logIt();
          if (step.op === 'check' && state) {
            const height: number = (state as ChainDepositState).blockNumber;
            apply(check(chain.length - 1, chain[height] ?? null, step.canCredit));
          }
        }
        expect(credits).toBeLessThanOrEqual(1);
        // Liveness: included with N confirmations, a read of its log and a check with a rate credit it.
        if (at !== null && chain.length - at >= N) {
          logIt();
          const height: number = (state as ChainDepositState | null)?.blockNumber ?? at;
          apply(check(chain.length - 1, chain[height] ?? null, true));
          expect((state as ChainDepositState | null)?.status).toBe('credited');
          expect(credits).toBe(1);
        }
      }),
      { numRuns: 500 },
    );
  });
});
