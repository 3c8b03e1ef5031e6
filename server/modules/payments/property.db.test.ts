// Property test of the money invariants (fast-check): random sequences of deposits (with webhook replays),
// bets, wins, withdrawals, approvals, rejections and replays, run through the real services. After each
// sequence: every journal's entries sum to zero, every cached balance equals the sum of its entries, no player
// balance is below zero, and the player's balances equal a simple model of what should have happened.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { insertTestPlayer } from '../accounts/testing.ts';
import { InsufficientFunds, type TransferRequest } from '../ledger/service.ts';
import { Problem } from '../../problem.ts';
import { deposits } from './schema.ts';

const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? 100);
const t = useTestApp();

type Op =
  | { kind: 'deposit'; amount: number; redeliver: boolean }
  | { kind: 'bet' | 'win'; amount: number }
  | { kind: 'withdraw'; amount: number }
  | { kind: 'decide'; pick: number; approve: boolean }
  | { kind: 'replay'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 20_00, max: 300_00 }), redeliver: fc.boolean() }),
  fc.record({ kind: fc.constant('bet' as const), amount: fc.integer({ min: 1, max: 400_00 }) }),
  fc.record({ kind: fc.constant('win' as const), amount: fc.integer({ min: 1, max: 200_00 }) }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 20_00, max: 400_00 }) }),
  fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }),
);

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.services.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function checkLedgerInvariants(): Promise<void> {
  expect(await rows(sql`select journal_id from ledger_entries group by journal_id having sum(amount) <> 0`)).toEqual([]);
  expect(await rows(sql`select j.id from ledger_journals j where (select count(*) from ledger_entries e where e.journal_id = j.id) < 2`)).toEqual([]);
  expect(
    await rows(
      sql`select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
    ),
  ).toEqual([]);
  expect(await rows(sql`select id from ledger_accounts where owner_type = 'player' and balance < 0`)).toEqual([]);
}

async function runSequence(ops: Op[]): Promise<{ moved: number; refused: number }> {
  const { payments, ledger, database, sandboxGateway } = t.services;
  const playerId = await insertTestPlayer(database.db);
  await database.db.update(players).set({ active: true, kycStatus: 'verified' }).where(eq(players.id, playerId));
  const player = { id: playerId, active: true, blocked: false };
  const accounts = await ledger.ensurePlayerAccounts(playerId, 'EUR');
  const game = await ledger.houseAccount('game', 'EUR');
  const model = { cash: 0, hold: 0 };
  const pending: { id: string; amount: number }[] = [];
  const requests: { key: string; amount: number; id: string }[] = [];
  const games: TransferRequest[] = [];
  let moved = 0;
  let refused = 0;

  for (const step of ops) {
    switch (step.kind) {
      case 'deposit': {
        // Crypto, so no card deposit is needed first; the gateway's signed event is applied, maybe twice.
        const deposit = await payments.createDeposit(player, { method: 'sandbox-crypto', amount: step.amount }, randomUUID());
        const [row] = await database.db.select().from(deposits).where(eq(deposits.id, deposit.id));
        const event = {
          id: `evt_${randomBytes(12).toString('hex')}`,
          type: 'payment.succeeded' as const,
          created: 0,
          data: { checkout_id: row!.gatewayReference!, reference: deposit.id, amount: step.amount, currency: 'EUR', failure_message: null, card_last4: null },
        };
        expect(sandboxGateway!.verifySignature(JSON.stringify(event), sandboxGateway!.sign(JSON.stringify(event)))).toBe(true);
        expect((await payments.applyGatewayEvent(event)).credited).toBe(true);
        if (step.redeliver) expect((await payments.applyGatewayEvent({ ...event, id: `evt_${randomBytes(12).toString('hex')}` })).credited).toBe(false);
        model.cash += step.amount;
        moved++;
        break;
      }
      case 'bet':
      case 'win': {
        const round = randomUUID();
        const [from, to] = step.kind === 'bet' ? [accounts.cash.id, game.id] : [game.id, accounts.cash.id];
        const request: TransferRequest = {
          idempotencyKey: `${step.kind}:${round}`,
          type: step.kind,
          referenceId: round,
          entries: [
            { accountId: from, amount: -step.amount },
            { accountId: to, amount: step.amount },
          ],
        };
        const outcome = await ledger.transfer(request).catch((error: unknown) => error);
        if (step.kind === 'bet' && step.amount > model.cash) {
          expect(outcome).toBeInstanceOf(InsufficientFunds);
          refused++;
        } else {
          expect(outcome).toMatchObject({ replayed: false });
          model.cash += step.kind === 'bet' ? -step.amount : step.amount;
          games.push(request);
          moved++;
        }
        break;
      }
      case 'withdraw': {
        const key = randomUUID();
        const outcome = await payments
          .requestWithdrawal(player, { method: 'sandbox-crypto', amount: step.amount, address: `sbx1q${'ab'.repeat(20)}` }, key)
          .catch((error: unknown) => error);
        if (step.amount > model.cash) {
          expect(outcome).toBeInstanceOf(Problem);
          expect((outcome as Problem).statusCode).toBe(422);
          refused++;
        } else {
          expect(outcome).toMatchObject({ status: 'pending', amount: step.amount });
          const { id } = outcome as { id: string };
          model.cash -= step.amount;
          model.hold += step.amount;
          pending.push({ id, amount: step.amount });
          requests.push({ key, amount: step.amount, id });
          moved++;
        }
        break;
      }
      case 'decide': {
        if (pending.length === 0) break;
        const [withdrawal] = pending.splice(step.pick % pending.length, 1);
        const decided = step.approve ? await payments.approveWithdrawal(withdrawal!.id, 1) : await payments.rejectWithdrawal(withdrawal!.id, 1, null);
        expect(decided.status).toBe(step.approve ? 'paid' : 'rejected');
        model.hold -= withdrawal!.amount;
        if (!step.approve) model.cash += withdrawal!.amount;
        // The opposite decision afterwards is refused and moves nothing.
        const opposite = await (step.approve ? payments.rejectWithdrawal(withdrawal!.id, 1, null) : payments.approveWithdrawal(withdrawal!.id, 1)).catch(
          (error: unknown) => error,
        );
        expect((opposite as Problem).statusCode).toBe(409);
        moved++;
        break;
      }
      case 'replay': {
        // Any earlier money-moving request again, with its key: the first result, nothing moved.
        const candidates = [...requests.map((r) => ({ withdrawal: r })), ...games.map((g) => ({ game: g }))];
        if (candidates.length === 0) break;
        const chosen = candidates[step.pick % candidates.length]!;
        if ('withdrawal' in chosen) {
          const again = await payments.requestWithdrawal(
            player,
            { method: 'sandbox-crypto', amount: chosen.withdrawal.amount, address: `sbx1q${'ab'.repeat(20)}` },
            chosen.withdrawal.key,
          );
          expect(again.id).toBe(chosen.withdrawal.id);
        } else {
          expect((await ledger.transfer(chosen.game)).replayed).toBe(true);
        }
        break;
      }
    }
  }
  const after = await ledger.ensurePlayerAccounts(playerId, 'EUR');
  expect({ cash: after.cash.balance, hold: after.withdrawal_hold.balance }).toEqual(model);
  return { moved, refused };
}

it(`keeps the money invariants over ${RUNS} random sequences of payments and play`, async () => {
  let moved = 0;
  let refused = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
      const outcome = await runSequence(ops);
      moved += outcome.moved;
      refused += outcome.refused;
      await checkLedgerInvariants();
    }),
    { numRuns: RUNS },
  );
  // The generator must exercise both paths, or the property says little.
  expect(moved).toBeGreaterThan(RUNS);
  expect(refused).toBeGreaterThan(0);
}, 180_000);
