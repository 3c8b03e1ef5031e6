import { and, desc, eq } from 'drizzle-orm';
import type { WithdrawalStatus } from '../../../contract/wallet.ts';
import { Problem } from '../../problem.ts';
import { IdempotencyConflict } from '../ledger/service.ts';
import { type AdminWithdrawal, type PaymentsDependencies, toWithdrawal, type WithdrawalRow } from './common.ts';
import { withdrawals } from './schema.ts';

// Operators' side of withdrawals: the queue, and paying or rejecting one (ledger key `withdrawal-decision:{id}`,
// one key for both decisions so the first wins).

export function createOperatorDecisions(
  { db, ledger }: PaymentsDependencies,
  { withdrawalById }: { withdrawalById: (id: string) => Promise<WithdrawalRow | undefined> },
) {
  async function decide(id: string, operatorId: number, decision: 'paid' | 'rejected', note: string | null): Promise<AdminWithdrawal> {
    const withdrawal = await withdrawalById(id);
    if (!withdrawal) throw new Problem(404, 'No withdrawal with that id.');
    if (withdrawal.status !== 'pending') {
      if (withdrawal.status === decision) return { ...toWithdrawal(withdrawal), player_id: String(withdrawal.playerId) };
      throw new Problem(409, `This withdrawal was already ${withdrawal.status}.`);
    }
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
          },
        },
      );
    } catch (error) {
      if (!(error instanceof IdempotencyConflict)) throw error;
    }
    const after = (await withdrawalById(id))!;
    if (after.status !== decision) throw new Problem(409, `This withdrawal was already ${after.status}.`);
    return { ...toWithdrawal(after), player_id: String(after.playerId) };
  }

  return {
    approveWithdrawal: (id: string, operatorId: number) => decide(id, operatorId, 'paid', null),
    rejectWithdrawal: (id: string, operatorId: number, note: string | null) => decide(id, operatorId, 'rejected', note),

    async withdrawalsForOperators(status: WithdrawalStatus | undefined, limit = 100): Promise<AdminWithdrawal[]> {
      const rows = await db
        .select()
        .from(withdrawals)
        .where(status ? eq(withdrawals.status, status) : undefined)
        .orderBy(desc(withdrawals.createdAt))
        .limit(limit);
      return rows.map((row) => ({ ...toWithdrawal(row), player_id: String(row.playerId) }));
    },
  };
}
