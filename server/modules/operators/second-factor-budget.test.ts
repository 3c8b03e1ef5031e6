// The second-factor budget's rule on its own (docs/decisions/0099-console-reasons-and-second-factor-budget.md).
// The store applies these functions one at a time under a row lock, so any interleaving of requests is a sequence
// of reserve and settle steps: the properties below drive arbitrary ones.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BudgetState, EMPTY_BUDGET, reserveCheck, SECOND_FACTOR_BUDGET, type SecondFactorPolicy, settleCheck } from './second-factor-budget.ts';

type Step = { kind: 'start'; right: boolean } | { kind: 'finish'; pick: number } | { kind: 'abandon'; pick: number } | { kind: 'wait'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('start' as const), right: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('finish' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('abandon' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 400 }) }) },
);

/** Runs the steps: requests start (reserve), finish in any order (settle), or die between the two (never settle). */
function run(policy: SecondFactorPolicy, steps: Step[]) {
  let state: BudgetState = EMPTY_BUDGET;
  let now = 1_000_000;
  let next = 0;
  const inFlight: { id: string; right: boolean; at: number }[] = [];
  /** Grant times of checks that were wrong or never came back: what an attacker got to try. */
  const spent: number[] = [];
  const grantsWhileLocked: number[] = [];
  let locks = 0;
  for (const s of steps) {
    if (s.kind === 'wait') now += s.ms;
    else if (s.kind === 'start') {
      const lockedBefore = state.lockedUntil !== null && now < state.lockedUntil;
      const reserved = reserveCheck(state, now, `c${next++}`, policy);
      state = reserved.state;
      if (reserved.granted) {
        if (lockedBefore) grantsWhileLocked.push(now);
        inFlight.push({ id: `c${next - 1}`, right: s.right, at: now });
      } else expect(reserved.retryAt).toBeGreaterThan(now);
    } else if (inFlight.length > 0) {
      const [request] = inFlight.splice(s.pick % inFlight.length, 1);
      if (s.kind === 'abandon') {
        spent.push(request!.at);
        continue;
      }
      const settled = settleCheck(state, now, request!.id, request!.right ? 'right' : 'wrong', policy);
      if (settled.lockedNow) {
        expect(state.lockedUntil === null || now >= state.lockedUntil).toBe(true);
        locks++;
      }
      state = settled.state;
      if (!request!.right) spent.push(request!.at);
    }
    expect(state.checks.length).toBeLessThanOrEqual(policy.maxWrong);
  }
  for (const request of inFlight) spent.push(request.at);
  return { spent: spent.sort((a, b) => a - b), grantsWhileLocked, locks, state, now };
}

const policies = fc.record({
  maxWrong: fc.integer({ min: 1, max: 12 }),
  windowMs: fc.integer({ min: 1, max: 3_000 }),
  lockMs: fc.integer({ min: 1, max: 3_000 }),
});

describe('the second-factor budget', () => {
  it('property: for any interleaving of parallel requests, no window holds more than the budget of wrong (or unanswered) checks', () => {
    fc.assert(
      fc.property(policies, fc.array(step, { maxLength: 400 }), (policy, steps) => {
        const { spent, grantsWhileLocked } = run(policy, steps);
        expect(grantsWhileLocked).toEqual([]);
        for (const [i, at] of spent.entries()) {
          const inWindow = spent.slice(0, i + 1).filter((earlier) => earlier > at - policy.windowMs).length;
          expect(inWindow).toBeLessThanOrEqual(policy.maxWrong);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('property: wrong codes one after another are checked exactly up to the budget, then the lock refuses even the right code', () => {
    fc.assert(
      fc.property(policies, fc.integer({ min: 1, max: 60 }), (policy, attempts) => {
        const steps: Step[] = Array.from({ length: attempts }, () => [{ kind: 'start', right: false } as const, { kind: 'finish', pick: 0 } as const]).flat();
        const { spent, locks, state, now } = run(policy, steps);
        expect(spent).toHaveLength(Math.min(attempts, policy.maxWrong));
        expect(locks).toBe(attempts >= policy.maxWrong ? 1 : 0);
        if (attempts >= policy.maxWrong) {
          const refused = reserveCheck(state, now, 'right', policy);
          expect(refused).toMatchObject({ granted: false, locked: true, retryAt: now + policy.lockMs });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('property: right codes give their check back, so an owner who signs in never uses the budget up', () => {
    fc.assert(
      fc.property(policies, fc.integer({ min: 1, max: 100 }), (policy, signIns) => {
        const steps: Step[] = Array.from({ length: signIns }, () => [{ kind: 'start', right: true } as const, { kind: 'finish', pick: 0 } as const]).flat();
        const { spent, locks, state } = run(policy, steps);
        expect([spent, locks, state.checks]).toEqual([[], 0, []]);
      }),
    );
  });

  it('a lock lasts its time; after it the budget is whole again and the right code is checked', () => {
    const { maxWrong, lockMs } = SECOND_FACTOR_BUDGET;
    let state = EMPTY_BUDGET;
    const at = 5_000_000;
    for (let i = 0; i < maxWrong; i++) {
      const reserved = reserveCheck(state, at + i, `w${i}`);
      expect(reserved.granted).toBe(true);
      const settled = settleCheck(reserved.state, at + i, `w${i}`, 'wrong');
      expect(settled.lockedNow).toBe(i === maxWrong - 1);
      state = settled.state;
    }
    const lockedAt = at + maxWrong - 1;
    expect(state.lockedUntil).toBe(lockedAt + lockMs);
    expect(reserveCheck(state, lockedAt + lockMs - 1, 'early')).toMatchObject({ granted: false, locked: true, retryAt: lockedAt + lockMs });
    const after = reserveCheck(state, lockedAt + lockMs, 'right');
    expect(after.granted).toBe(true);
    expect(after.state.lockedUntil).toBeNull();
    expect(after.state.checks.map((check) => check.id)).toEqual(['right']);
    expect(settleCheck(after.state, lockedAt + lockMs, 'right', 'right').state).toEqual(EMPTY_BUDGET);
  });

  it('checks in flight count as spent: a full budget of pending checks refuses the next one without locking', () => {
    let state = EMPTY_BUDGET;
    for (let i = 0; i < 3; i++) state = (reserveCheck(state, 100, `p${i}`, { maxWrong: 3, windowMs: 1000, lockMs: 1000 }) as { state: BudgetState }).state;
    expect(reserveCheck(state, 101, 'next', { maxWrong: 3, windowMs: 1000, lockMs: 1000 })).toMatchObject({ granted: false, locked: false, retryAt: 1100 });
    // One was the owner's right code: its check comes back, and the next request is granted.
    state = settleCheck(state, 102, 'p1', 'right', { maxWrong: 3, windowMs: 1000, lockMs: 1000 }).state;
    expect(reserveCheck(state, 102, 'next', { maxWrong: 3, windowMs: 1000, lockMs: 1000 }).granted).toBe(true);
  });
});
