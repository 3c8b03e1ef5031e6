// Property test of refunds, chargebacks and debts (fast-check, docs/decisions/0104): random sequences of deposits,
// refunds (staff's, through the sandbox adapter), chargebacks (the provider's notifications), bets and paid
// withdrawals, each notification maybe delivered twice. After every sequence the books balance, a replay changed
// nothing, no deposit gave back more than it brought, no player balance is below zero, and what the player owes
// matches a model in which only a chargeback can leave a debt.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { Problem } from '../../problem.ts';
import { useTestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { insertTestPlayer } from '../accounts/testing.ts';
import { rowsOf } from '../shared/db-results.ts';
import { deposits } from './schema.ts';

const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? 25);
const t = useTestApp();

type Op =
  | { kind: 'deposit'; amount: number; redeliver: boolean }
  | { kind: 'refund'; pick: number }
  | { kind: 'chargeback'; pick: number; amount: number; redeliver: boolean }
  | { kind: 'bet'; amount: number }
  | { kind: 'withdraw'; amount: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 20_00, max: 300_00 }), redeliver: fc.boolean() }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('chargeback' as const), pick: fc.nat(), amount: fc.integer({ min: 1, max: 400_00 }), redeliver: fc.boolean() }),
  fc.record({ kind: fc.constant('bet' as const), amount: fc.integer({ min: 1, max: 300_00 }) }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 20_00, max: 300_00 }) }),
);

const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await t.services.database.db.execute(statement));

async function runSequence(ops: Op[]) {
  const { payments, ledger, database } = t.services;
  const playerId = await insertTestPlayer(database.db);
  await database.db.update(players).set({ active: true, kycStatus: 'verified' }).where(eq(players.id, playerId));
  const player = { id: playerId, active: true, blocked: false };
  const accounts = await ledger.ensurePlayerAccounts(playerId, 'EUR');
  const game = await ledger.houseAccount('game', 'EUR');
  const model = { cash: 0, owed: 0, chargebacks: 0 };
  const paid: { id: string; checkout: string; left: number }[] = [];

  const event = (type: string, deposit: { id: string; checkout: string }, amount: number, extra: Record<string, unknown> = {}) => ({
    id: `evt_${randomBytes(12).toString('hex')}`,
    type,
    created: 0,
    data: { checkout_id: deposit.checkout, reference: deposit.id, amount, currency: 'EUR', failure_message: null, card_last4: null, ...extra },
  });

  for (const step of ops) {
    switch (step.kind) {
      case 'deposit': {
        const deposit = await payments.createDeposit(player, { method: 'sandbox-crypto', amount: step.amount }, randomUUID());
        const [row] = await database.db.select().from(deposits).where(eq(deposits.id, deposit.id));
        const paidEvent = event('payment.succeeded', { id: deposit.id, checkout: row!.gatewayReference! }, step.amount);
        expect((await payments.applyGatewayEvent(paidEvent)).credited).toBe(true);
        if (step.redeliver) expect((await payments.applyGatewayEvent({ ...paidEvent, id: `evt_${randomBytes(12).toString('hex')}` })).credited).toBe(false);
        model.cash += step.amount;
        const repaid = Math.min(model.owed, step.amount, model.cash);
        model.cash -= repaid;
        model.owed -= repaid;
        paid.push({ id: deposit.id, checkout: row!.gatewayReference!, left: step.amount });
        break;
      }
      case 'refund': {
        const deposit = paid[step.pick % Math.max(1, paid.length)];
        if (!deposit) break;
        const outcome = await payments.refundDeposit(deposit.id, { staffId: 1, reason: 'property test' }).catch((error: unknown) => error);
        if (deposit.left === 0 || model.cash < deposit.left) {
          // Nothing left, or the balance no longer holds it (a repeat of a full refund answers without moving money).
          if (outcome instanceof Problem) expect(outcome.statusCode).toBe(409);
          else expect(deposit.left).toBe(0);
        } else {
          expect(outcome).not.toBeInstanceOf(Error);
          model.cash -= deposit.left;
          deposit.left = 0;
        }
        break;
      }
      case 'chargeback': {
        const deposit = paid[step.pick % Math.max(1, paid.length)];
        if (!deposit) break;
        const disputed = event('charge.dispute.lost', deposit, step.amount, { dispute_id: `dp_${randomBytes(12).toString('hex')}` });
        const outcome = await payments.applyGatewayEvent(disputed).catch((error: unknown) => error);
        if (step.amount > deposit.left) {
          // More than is left of the deposit: refused, nothing moves.
          expect(outcome).toBeInstanceOf(Problem);
          break;
        }
        expect(outcome).not.toBeInstanceOf(Error);
        if (step.redeliver) await payments.applyGatewayEvent({ ...disputed, id: `evt_${randomBytes(12).toString('hex')}` });
        const fromCash = Math.min(model.cash, step.amount);
        model.cash -= fromCash;
        model.owed += step.amount - fromCash;
        model.chargebacks++;
        deposit.left -= step.amount;
        break;
      }
      case 'bet': {
        if (step.amount > model.cash) break;
        const round = randomUUID();
        await ledger.transfer({
          idempotencyKey: `bet:${round}`,
          type: 'bet',
          referenceId: round,
          entries: [
            { accountId: accounts.cash.id, amount: -step.amount },
            { accountId: game.id, amount: step.amount },
          ],
        });
        model.cash -= step.amount;
        break;
      }
      case 'withdraw': {
        if (step.amount > model.cash) break;
        const withdrawal = await payments.requestWithdrawal(
          player,
          { method: 'sandbox-crypto', amount: step.amount, address: `sbx1q${'ab'.repeat(20)}` },
          randomUUID(),
        );
        await payments.approveWithdrawal(withdrawal.id, 1);
        model.cash -= step.amount;
        break;
      }
    }
  }

  // The books balance: every journal sums to zero, and so does every account together.
  expect(await query(sql`select journal_id from ledger_entries group by journal_id having sum(amount) <> 0`)).toEqual([]);
  const [total] = await query<{ total: string | number }>(sql`select coalesce(sum(balance), 0) as total from ledger_accounts`);
  expect(Number(total!.total)).toBe(0);
  expect(await query(sql`select id from ledger_accounts where owner_type = 'player' and balance < 0`)).toEqual([]);
  // No deposit gave back more than it brought.
  expect(await query(sql`select id from deposits where reversed_amount > amount or reversed_amount < 0`)).toEqual([]);
  // The balances and the debt are the model's; a debt only ever follows a chargeback.
  const after = await ledger.ensurePlayerAccounts(playerId, 'EUR');
  expect(after.cash.balance).toBe(model.cash);
  expect(await payments.owed(playerId)).toBe(model.owed);
  if (model.owed > 0) expect(model.chargebacks).toBeGreaterThan(0);
  // The house's receivable is exactly what players owe.
  const [receivable] = await query<{ owed: string | number; held: string | number }>(
    sql`select (select coalesce(sum(owed), 0) from payment_debts) as owed, (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'receivables') as held`,
  );
  expect(Number(receivable!.held) + Number(receivable!.owed)).toBe(0);
}

it('refunds, chargebacks and debts keep the books balanced and the player whole', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
      await runSequence(ops);
    }),
    { numRuns: RUNS },
  );
}, 600_000);
