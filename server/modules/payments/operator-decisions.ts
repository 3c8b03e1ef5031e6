import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import type { WithdrawalStatus } from '../../../contract/wallet.ts';
import { Problem } from '../../problem.ts';
import { IdempotencyConflict } from '../ledger/service.ts';
import { type AdminWithdrawal, type PaymentsDependencies, toWithdrawal, type WithdrawalRow } from './common.ts';
import { recordPaymentEvent } from './events.ts';
import { withdrawals } from './schema.ts';

// Operators' side of withdrawals: the queue, and paying or rejecting one (ledger key `withdrawal-decision:{id}`,
// one key for both decisions so the first wins).

export function createOperatorDecisions(
  { db, ledger, gateways, compliance, onchain }: PaymentsDependencies,
  { withdrawalById }: { withdrawalById: (id: string) => Promise<WithdrawalRow | undefined> },
) {
  /** `onDecided` runs in the decision's transaction (the back office's audit row, decision 0082). */
  const forOperators = (row: WithdrawalRow): AdminWithdrawal => ({
    ...toWithdrawal(row),
    player_id: String(row.playerId),
    review_due_at: row.reviewDueAt?.toISOString() ?? null,
  });
  type OnDecided = (tx: Transaction, before: AdminWithdrawal) => Promise<void>;
  async function decide(id: string, operatorId: number, decision: 'paid' | 'rejected', note: string | null, onDecided?: OnDecided): Promise<AdminWithdrawal> {
    const withdrawal = await withdrawalById(id);
    if (!withdrawal) throw new Problem(404, 'No withdrawal with that id.');
    if (withdrawal.status !== 'pending') {
      if (withdrawal.status === decision) return forOperators(withdrawal);
      throw new Problem(409, `This withdrawal was already ${withdrawal.status}.`);
    }
    // A compliance hold (docs/decisions/0114): it stays pending until compliance closes the alert or its case.
    const hold = decision === 'paid' ? await compliance?.withdrawalHold(withdrawal.playerId) : null;
    if (hold) throw new Problem(409, hold, { type: 'compliance_hold' });
    const accounts = await ledger.ensurePlayerAccounts(withdrawal.playerId, withdrawal.currency);
    const target = decision === 'paid' ? (await ledger.houseAccount('payment_clearing', withdrawal.currency)).id : accounts.cash.id;
    try {
      await ledger.transfer(
        {
          // One key for both decisions: whichever comes first wins, the other conflicts.
          idempotencyKey: `withdrawal-decision:${id}`,
          type: decision === 'paid' ? 'withdrawal' : 'withdrawal_release',
          referenceId: id,
          metadata: { operator_id: operatorId },
          entries: [
            { accountId: accounts.withdrawal_hold.id, amount: -withdrawal.amount },
            { accountId: target, amount: withdrawal.amount },
          ],
        },
        {
          within: async (tx) => {
            const changed = await tx
              .update(withdrawals)
              .set({ status: decision, decidedBy: operatorId, decidedAt: new Date(), decisionNote: note })
              .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
              .returning({ id: withdrawals.id });
            if (changed.length !== 1) throw new IdempotencyConflict(`withdrawal-decision:${id}`);
            // Paid: the method's gateway sends the money now, inside the decision (a refusal undoes it; the
            // withdrawal id is the provider's idempotency key, so a retry after a crash pays once).
            const offered = gateways.forMethod(withdrawal.currency, withdrawal.method);
            // On-chain: the signer pays it once this commits (docs/decisions/0123); nothing leaves from here.
            const signer = withdrawal.method === 'onchain' && onchain?.enabled ? onchain : undefined;
            if (decision === 'paid' && !offered && !signer) throw new Problem(409, "This withdrawal's payment gateway is off, so it cannot be paid now.");
            const payout =
              decision === 'paid' && signer
                ? signer.payWithdrawal(id)
                : decision === 'paid' && offered
                  ? await offered.gateway.payWithdrawal({
                      withdrawalId: id,
                      method: offered.method,
                      amount: withdrawal.amount,
                      currency: withdrawal.currency,
                      destination: withdrawal.destination,
                    })
                  : null;
            await recordPaymentEvent(tx, {
              key: `withdrawal:${id}:${decision}`,
              payment: { withdrawal: id },
              playerId: withdrawal.playerId,
              kind: decision,
              gateway: signer ? 'evm' : (offered?.gateway.id ?? null),
              providerReference: payout?.providerReference ?? null,
              amount: withdrawal.amount,
              currency: withdrawal.currency,
              staffId: operatorId,
              reason: note,
            });
            await onDecided?.(tx, forOperators(withdrawal));
          },
        },
      );
    } catch (error) {
      if (!(error instanceof IdempotencyConflict)) throw error;
    }
    const after = (await withdrawalById(id))!;
    if (after.status !== decision) throw new Problem(409, `This withdrawal was already ${after.status}.`);
    if (decision === 'paid' && after.method === 'onchain' && onchain?.enabled) void onchain.requestPayout(id);
    return forOperators(after);
  }

  return {
    approveWithdrawal: (id: string, operatorId: number, onDecided?: OnDecided) => decide(id, operatorId, 'paid', null, onDecided),
    rejectWithdrawal: (id: string, operatorId: number, note: string | null, onDecided?: OnDecided) => decide(id, operatorId, 'rejected', note, onDecided),

    /** One withdrawal as operators see it; null for an unknown id. */
    async withdrawalForOperators(id: string): Promise<AdminWithdrawal | null> {
      const row = await withdrawalById(id);
      return row ? forOperators(row) : null;
    },

    /**
     * The operators' list. Pending requests are a queue: the one whose VIP review time runs out first comes first
     * (decision 0066), then the oldest. Decided ones, newest first.
     */
    async withdrawalsForOperators(status: WithdrawalStatus | undefined, limit = 100): Promise<AdminWithdrawal[]> {
      const rows = await db
        .select()
        .from(withdrawals)
        .where(status ? eq(withdrawals.status, status) : undefined)
        .orderBy(...(status === 'pending' ? [sql`${withdrawals.reviewDueAt} asc nulls last`, asc(withdrawals.createdAt)] : [desc(withdrawals.createdAt)]))
        .limit(limit);
      return rows.map((row) => forOperators(row));
    },
  };
}
