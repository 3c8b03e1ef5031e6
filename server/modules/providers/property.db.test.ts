// Random sequences of Hub88 wallet calls for several players (docs/decisions/0096-hub88-seamless-wallet.md): bets,
// wins, rollbacks, repeats, rollbacks that come before their bet, and a uuid reused with another body. A model says
// what each call answers; after every call each player's balance is the model's, after each sequence the ledger's
// balances are, each uuid moved money at most once, and a rolled-back bet left no trace in any balance, nor in the
// loyalty points, the bonus wagering or the limits' totals: those equal what the bets still standing earned.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointsRuleOf } from '../../../contract/clubs.ts';
import { useTestApp } from '../../test-app.ts';
import { insertActiveBonus } from '../bonuses/testing.ts';
import { createHub88Wallet } from './hub88/wallet.ts';
import { hub88Env, hub88Kit, type Hub88Player, rsaKeyPair, SLOT_GAME, TABLE_GAME, units } from './testing.ts';

const aggregator = rsaKeyPair();
// No slot stake cap in the way: the model knows nothing of it.
const t = useTestApp(hub88Env(aggregator, rsaKeyPair(), { MAX_SLOT_STAKE: '100000000', MAX_SLOT_STAKE_UNDER_25: '100000000' }));
const kit = hub88Kit(t, aggregator);

const PLAYERS = 3;
const START = 40_00;
/** Player 0 plays a table game, the others a slot: both loyalty carries, both wagering contributions. */
const gameOf = (player: number) =>
  player === 0 ? { code: TABLE_GAME, engine: 'provider', contribution: 10 } : { code: SLOT_GAME, engine: 'slot', contribution: 100 };

type Command =
  | { kind: 'bet'; player: number; cents: number; free: boolean; pending: number | null }
  | { kind: 'win'; player: number; bet: number; cents: number }
  | { kind: 'rollback'; player: number; bet: number }
  | { kind: 'early-rollback'; player: number }
  | { kind: 'repeat'; call: number }
  | { kind: 'other-body'; call: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      player: fc.nat(PLAYERS - 1),
      cents: fc.integer({ min: 0, max: 25_00 }),
      free: fc.nat(7).map((n) => n === 0),
      pending: fc.option(fc.nat(20), { freq: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('win' as const), player: fc.nat(PLAYERS - 1), bet: fc.nat(40), cents: fc.integer({ min: 0, max: 30_00 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rollback' as const), player: fc.nat(PLAYERS - 1), bet: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('early-rollback' as const), player: fc.nat(PLAYERS - 1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('repeat' as const), call: fc.nat(60) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('other-body' as const), call: fc.nat(60) }) },
);

type Path = '/transaction/bet' | '/transaction/win' | '/transaction/rollback';
type Call = { path: Path; player: number; body: Record<string, unknown> };
type Recorded = { kind: 'bet' | 'win' | 'rollback'; player: number; hash: string; status: string };
type Bet = { uuid: string; player: number; cents: number; free: boolean; state: 'accepted' | 'refused' | 'rolled_back' };

/** What we expect of the wallet: the first answer of each uuid, the bets' states, the balances. */
class Model {
  readonly balances = Array<number>(PLAYERS).fill(START);
  readonly recorded = new Map<string, Recorded>();
  readonly bets = new Map<string, Bet>();

  answer(call: Call): { status: string; moved: number } {
    const uuid = call.body.transaction_uuid as string;
    const kind = call.path.split('/')[2] as Recorded['kind'];
    const hash = JSON.stringify([kind, call.body.user, call.body.amount ?? null, call.body.round, call.body.reference_transaction_uuid ?? null]);
    const earlier = this.recorded.get(uuid);
    if (earlier) {
      if (earlier.kind !== kind || earlier.hash !== hash) return { status: 'RS_ERROR_DUPLICATE_TRANSACTION', moved: 0 };
      return { status: earlier.status, moved: 0 };
    }
    const player = call.player;
    const record = (status: string) => this.recorded.set(uuid, { kind, player, hash, status });
    if (kind === 'bet') {
      const cents = (call.body.amount as number) / 1_000;
      const free = call.body.is_free === true;
      const placeholder = this.bets.get(uuid);
      // A rollback came first: the bet is refused for good, once its own player sends it.
      if (placeholder && placeholder.player !== player) return { status: 'RS_ERROR_DUPLICATE_TRANSACTION', moved: 0 };
      if (placeholder) {
        record('RS_ERROR_TRANSACTION_ROLLED_BACK');
        return { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', moved: 0 };
      }
      const stake = free ? 0 : cents;
      if (stake > this.balances[player]!) {
        this.bets.set(uuid, { uuid, player, cents, free, state: 'refused' });
        record('RS_ERROR_NOT_ENOUGH_MONEY');
        return { status: 'RS_ERROR_NOT_ENOUGH_MONEY', moved: 0 };
      }
      this.bets.set(uuid, { uuid, player, cents, free, state: 'accepted' });
      this.balances[player]! -= stake;
      record('RS_OK');
      return { status: 'RS_OK', moved: -stake };
    }
    const bet = this.bets.get(call.body.reference_transaction_uuid as string);
    if (kind === 'win') {
      if (!bet || bet.player !== player || bet.state === 'refused') return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', moved: 0 };
      if (bet.state === 'rolled_back') return { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', moved: 0 };
      const cents = (call.body.amount as number) / 1_000;
      this.balances[player]! += cents;
      record('RS_OK');
      return { status: 'RS_OK', moved: cents };
    }
    if (bet && bet.player !== player) return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', moved: 0 };
    record('RS_OK');
    if (!bet) {
      const ref = call.body.reference_transaction_uuid as string;
      this.bets.set(ref, { uuid: ref, player, cents: 0, free: false, state: 'rolled_back' });
      return { status: 'RS_OK', moved: 0 };
    }
    if (bet.state !== 'accepted') return { status: 'RS_OK', moved: 0 };
    bet.state = 'rolled_back';
    const back = bet.free ? 0 : bet.cents;
    this.balances[player]! += back;
    return { status: 'RS_OK', moved: back };
  }
}

describe('Hub88 wallet calls in any order', () => {
  it('keep every balance equal to the model and to the ledger; each uuid moves money once; a rolled-back bet leaves no trace', async () => {
    const wallet = createHub88Wallet({ providers: t.services.providers, currency: 'EUR', subPartnerId: undefined });
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), async (commands) => {
        const people: Hub88Player[] = [];
        for (let i = 0; i < PLAYERS; i++) {
          const person = await kit.player(START, gameOf(i).code);
          // An active bonus with no money of its own: stakes are cash, and count toward its wagering.
          await insertActiveBonus(t.services.database.db, person.id);
          people.push(person);
        }
        const model = new Model();
        const calls: Call[] = [];
        const betUuids: { uuid: string; round: string; player: number }[] = [];
        // Uuids of bets a rollback may name before they come: `pending` picks one for a later bet to use.
        const early: string[] = [];
        const houseBefore = await t.services.ledger.houseBalance('provider', 'EUR');
        for (const step of commands) {
          let call: Call | undefined;
          if (step.kind === 'bet') {
            const uuid = step.pending !== null && early.length > 0 ? early.splice(step.pending % early.length, 1)[0]! : randomUUID();
            const body = kit.body.bet(people[step.player]!, step.cents, { transaction_uuid: uuid, is_free: step.free, game_code: gameOf(step.player).code });
            betUuids.push({ uuid, round: body.round, player: step.player });
            call = { path: '/transaction/bet', player: step.player, body };
          } else if (step.kind === 'win' && betUuids.length > 0) {
            const of = betUuids[step.bet % betUuids.length]!;
            call = {
              path: '/transaction/win',
              player: step.player,
              body: kit.body.win(people[step.player]!, { transaction_uuid: of.uuid, round: of.round }, step.cents),
            };
          } else if (step.kind === 'rollback' && betUuids.length > 0) {
            const of = betUuids[step.bet % betUuids.length]!;
            call = {
              path: '/transaction/rollback',
              player: step.player,
              body: kit.body.rollback(people[step.player]!, { transaction_uuid: of.uuid, round: of.round }),
            };
          } else if (step.kind === 'early-rollback') {
            const uuid = randomUUID();
            early.push(uuid);
            call = {
              path: '/transaction/rollback',
              player: step.player,
              body: kit.body.rollback(people[step.player]!, { transaction_uuid: uuid, round: 'early' }),
            };
          } else if (step.kind === 'repeat' && calls.length > 0) {
            const earlier = calls[step.call % calls.length]!;
            call = { ...earlier, body: { ...earlier.body, request_uuid: randomUUID() } };
          } else if (step.kind === 'other-body' && calls.length > 0) {
            const earlier = calls[step.call % calls.length]!;
            const changed = earlier.path === '/transaction/rollback' ? { round: 'another round' } : { amount: (earlier.body.amount as number) + units(1) };
            call = { ...earlier, body: { ...earlier.body, ...changed, request_uuid: randomUUID() } };
          }
          if (!call) continue;
          calls.push(call);
          const expected = model.answer(call);
          const answer = await wallet.handle(call.path, JSON.stringify(call.body));
          expect(answer.status, `${call.path} ${JSON.stringify(call.body)}`).toBe(expected.status);
          expect(answer.request_uuid).toBe(call.body.request_uuid);
          if (answer.balance !== undefined) expect(answer.balance).toBe(units(model.balances[call.player]!));
          expect(await kit.balance(people[call.player]!.id)).toBe(model.balances[call.player]);
        }
        // The ledger agrees, and the house's provider account holds exactly what the players lost.
        const lost = people.length * START - model.balances.reduce((sum, balance) => sum + balance, 0);
        for (const [i, person] of people.entries()) expect(await kit.balance(person.id)).toBe(model.balances[i]);
        expect(await t.services.ledger.houseBalance('provider', 'EUR')).toBe(houseBefore + lost);
        // Points, wagering and the limits' totals are what the bets still standing earned, as if the rest never came.
        for (const [i, person] of people.entries()) {
          const standing = [...model.bets.values()].filter((bet) => bet.player === i && bet.state === 'accepted' && !bet.free).map((bet) => bet.cents);
          const staked = standing.reduce((sum, cents) => sum + cents, 0);
          const game = gameOf(i);
          expect((await t.services.clubs.points.balanceOf(person.id)).points, `player ${i}'s points`).toBe(
            Math.floor(staked / pointsRuleOf(game.engine).stakePerPoint),
          );
          const [bonus] = await t.services.bonuses.list(person.id);
          expect(bonus?.wagered, `player ${i}'s wagering`).toBe(standing.reduce((sum, cents) => sum + Math.floor((cents * game.contribution) / 100), 0));
          const [totals] = await t.services.providers.totals(person.id, [new Date(0)]);
          expect(totals?.stakes, `player ${i}'s stakes for the limits`).toBe(staked);
        }
        // Each bet's money moved once at most, and once more back when it was rolled back; a refused one never.
        for (const bet of model.bets.values()) {
          const taken = await t.services.ledger.journal(`provider:hub88:${bet.uuid}:bet`);
          const back = await t.services.ledger.journal(`provider:hub88:${bet.uuid}:reversal`);
          const moved = bet.state !== 'refused' && !bet.free && bet.cents > 0;
          expect(taken !== null, `bet ${bet.uuid} taken`).toBe(moved);
          expect(back !== null, `bet ${bet.uuid} given back`).toBe(moved && bet.state === 'rolled_back');
          if (taken && back)
            expect(back.entries.reduce((sum, entry) => sum + Math.abs(entry.amount), 0)).toBe(
              taken.entries.reduce((sum, entry) => sum + Math.abs(entry.amount), 0),
            );
        }
      }),
      { numRuns: 25 },
    );
  }, 600_000);
});
