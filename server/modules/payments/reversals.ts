import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import { IdempotencyConflict, InsufficientFunds, type LedgerTransaction } from '../ledger/service.ts';
import type { DepositRow, PaymentsDependencies } from './common.ts';
import { eventRecorded, recordPaymentEvent } from './events.ts';
import { deposits, paymentDebts } from './schema.ts';

// Refunds, chargebacks and reversals of a completed deposit, and the debt a chargeback can leave
// (docs/decisions/0104-payment-gateway-port.md). The money goes back through the payment clearing account; what
// the player's cash no longer holds becomes the house's receivable and the player's debt, which their next
// deposits repay first. The player's cash never goes below zero.

export type ReversalKind = 'refunded' | 'charged_back' | 'reversed';

export type Reversal = {
  depositId: string;
  kind: ReversalKind;
  /** The provider's id of the refund or dispute: each is posted once. */
  providerReference: string;
  amount: number;
  gateway: string | null;
  details?: Record<string, unknown>;
  staffId?: number | null;
  reason?: string | null;
  /** Runs in the reversal's transaction once the money moved (the back office's audit row). */
  onReversed?: (tx: Transaction, outcome: { before: DepositRow; shortfall: number }) => Promise<void>;
};

export type ReversalOutcome = { deposit: DepositRow; applied: boolean; shortfall: number };

/** The part of a reversal the player's cash covers, and the rest, which they then owe. */
export function splitReversal(amount: number, cash: number): { fromCash: number; owed: number } {
  const fromCash = Math.max(0, Math.min(amount, cash));
  return { fromCash, owed: amount - fromCash };
}

/** What a deposit repays of a debt: never more than is owed, than the deposit, or than the cash holds. */
export function repayment(owed: number, depositAmount: number, cash: number): number {
  return Math.max(0, Math.min(owed, depositAmount, cash));
}

const STATUS_WHEN_FULL: Record<ReversalKind, 'refunded' | 'charged_back'> = { refunded: 'refunded', charged_back: 'charged_back', reversed: 'charged_back' };

/** Thrown inside a transaction to undo it: the deposit's state no longer allows the reversal, or a debt moved. */
class Retry extends Error {}
class NotAllowed extends Error {}

export const reversalKey = (depositId: string, kind: ReversalKind, providerReference: string) => `deposit:${depositId}:${kind}:${providerReference}`;

export function createReversals({ db, ledger, bonuses }: Pick<PaymentsDependencies, 'db' | 'ledger' | 'bonuses'>) {
  async function depositById(id: string): Promise<DepositRow | undefined> {
    const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
    return row;
  }

  async function owed(playerId: number, currency: string): Promise<number> {
    const [row] = await db
      .select({ owed: paymentDebts.owed })
      .from(paymentDebts)
      .where(and(eq(paymentDebts.playerId, playerId), eq(paymentDebts.currency, currency)));
    return row?.owed ?? 0;
  }

  /** Why a reversal of `amount` cannot be posted on this deposit now; null when it can. */
  function refusal(row: DepositRow, amount: number): string | null {
    if (row.status !== 'completed') return `This deposit is ${row.status.replace('_', ' ')}; only a completed deposit can be refunded or charged back.`;
    const left = row.amount - row.reversedAmount;
    if (amount > left) return `Only ${left} of this deposit's ${row.amount} minor units are left to take back.`;
    return null;
  }

  async function reverse(input: Reversal): Promise<ReversalOutcome> {
    const key = reversalKey(input.depositId, input.kind, input.providerReference);
    for (let attempt = 0; ; attempt++) {
      const before = await depositById(input.depositId);
      if (!before) throw new Problem(404, 'No deposit with that id.');
      if (await eventRecorded(db, key)) return { deposit: before, applied: false, shortfall: 0 };
      const why = refusal(before, input.amount);
      if (why) throw new Problem(409, why);
      const accounts = await ledger.ensurePlayerAccounts(before.playerId, before.currency);
      const { fromCash, owed: shortfall } = splitReversal(input.amount, accounts.cash.balance);
      const clearing = await ledger.houseAccount('payment_clearing', before.currency);
      const receivables = shortfall > 0 ? await ledger.houseAccount('receivables', before.currency) : undefined;
      try {
        await ledger.transfer(
          {
            idempotencyKey: key,
            type: input.kind === 'refunded' ? 'refund' : 'chargeback',
            referenceId: before.id,
            metadata: { provider_reference: input.providerReference, gateway: input.gateway, ...(input.staffId ? { staff_id: input.staffId } : {}) },
            entries: [
              { accountId: clearing.id, amount: input.amount },
              ...(fromCash > 0 ? [{ accountId: accounts.cash.id, amount: -fromCash }] : []),
              ...(receivables ? [{ accountId: receivables.id, amount: -shortfall }] : []),
            ],
          },
          {
            within: async (tx: LedgerTransaction) => {
              const changed = await tx
                .update(deposits)
                .set({
                  reversedAmount: sql`${deposits.reversedAmount} + ${input.amount}`,
                  status: sql`case when ${deposits.reversedAmount} + ${input.amount} = ${deposits.amount} then ${STATUS_WHEN_FULL[input.kind]} else ${deposits.status} end`,
                  updatedAt: new Date(),
                })
                .where(
                  and(eq(deposits.id, before.id), eq(deposits.status, 'completed'), sql`${deposits.reversedAmount} + ${input.amount} <= ${deposits.amount}`),
                )
                .returning({ id: deposits.id });
              if (changed.length !== 1) throw new NotAllowed();
              const recorded = await recordPaymentEvent(tx, {
                key,
                payment: { deposit: before.id },
                playerId: before.playerId,
                kind: input.kind,
                gateway: input.gateway,
                providerReference: input.providerReference,
                amount: input.amount,
                currency: before.currency,
                details: { ...input.details, from_balance: fromCash, owed: shortfall },
                staffId: input.staffId ?? null,
                reason: input.reason ?? null,
              });
              if (!recorded) throw new Retry();
              if (shortfall > 0) {
                await tx
                  .insert(paymentDebts)
                  .values({ playerId: before.playerId, currency: before.currency, owed: shortfall })
                  .onConflictDoUpdate({
                    target: [paymentDebts.playerId, paymentDebts.currency],
                    set: { owed: sql`${paymentDebts.owed} + ${shortfall}`, updatedAt: new Date() },
                  });
              }
              await input.onReversed?.(tx, { before, shortfall });
            },
          },
        );
      } catch (error) {
        // The cash was spent, the state changed or the same reversal ran meanwhile: look again (a few times).
        const again = error instanceof InsufficientFunds || error instanceof Retry || error instanceof IdempotencyConflict || error instanceof NotAllowed;
        if (!again || attempt >= 3) throw error;
        continue;
      }
      // What the deposit earned goes with it: a bonus it activated is forfeited (the deposit limit keeps counting it).
      await bonuses?.depositReversed?.(before.playerId, before.id);
      return { deposit: (await depositById(before.id))!, applied: true, shortfall };
    }
  }

  /**
   * A completed deposit repays what its player owes first (once per deposit, ledger key `debt-repayment:{id}`):
   * cash → receivables, and the debt shrinks in the same transaction.
   */
  async function repayDebt(row: DepositRow): Promise<number> {
    const key = `debt-repayment:${row.id}`;
    for (let attempt = 0; attempt < 4; attempt++) {
      const debt = await owed(row.playerId, row.currency);
      if (debt === 0) return 0;
      const accounts = await ledger.ensurePlayerAccounts(row.playerId, row.currency);
      const amount = repayment(debt, row.amount, accounts.cash.balance);
      if (amount === 0) return 0;
      const receivables = await ledger.houseAccount('receivables', row.currency);
      try {
        const journal = await ledger.transfer(
          {
            idempotencyKey: key,
            type: 'debt_repayment',
            referenceId: row.id,
            entries: [
              { accountId: accounts.cash.id, amount: -amount },
              { accountId: receivables.id, amount },
            ],
          },
          {
            within: async (tx: LedgerTransaction) => {
              const changed = await tx
                .update(paymentDebts)
                .set({ owed: sql`${paymentDebts.owed} - ${amount}`, updatedAt: new Date() })
                .where(and(eq(paymentDebts.playerId, row.playerId), eq(paymentDebts.currency, row.currency), sql`${paymentDebts.owed} >= ${amount}`))
                .returning({ owed: paymentDebts.owed });
              if (changed.length !== 1) throw new Retry();
              await recordPaymentEvent(tx, {
                key: `deposit:${row.id}:debt_repaid`,
                payment: { deposit: row.id },
                playerId: row.playerId,
                kind: 'debt_repaid',
                amount,
                currency: row.currency,
                details: { owed_before: debt, owed_after: debt - amount },
              });
            },
          },
        );
        return journal.replayed ? 0 : amount;
      } catch (error) {
        // Repaid already under this deposit (another amount then): done. Spent or raced: look again.
        if (error instanceof IdempotencyConflict) return 0;
        if (!(error instanceof InsufficientFunds || error instanceof Retry)) throw error;
      }
    }
    return 0;
  }

  return { reverse, repayDebt, owed, refusal, depositById };
}
