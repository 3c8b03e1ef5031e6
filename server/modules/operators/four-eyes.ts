import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Adjustment } from '../../../contract/operators.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import { IdempotencyConflict, InsufficientFunds, type LedgerService } from '../ledger/service.ts';
import type { AdminWithdrawal } from '../payments/common.ts';
import type { PaymentsService } from '../payments/service.ts';
import type { AuditService } from './audit.ts';
import { balanceAdjustments, withdrawalApprovals } from './schema.ts';

// Four-eyes control (docs/decisions/0083-four-eyes.md): a manual balance adjustment, and a withdrawal above
// FOUR_EYES_THRESHOLD, move money only when a second staff member approves. The first staff member's own second
// approval is refused with a 403 and changes nothing.

export const OWN_APPROVAL_MESSAGE = 'You asked for this; another staff member must approve it.';

type AdjustmentRow = typeof balanceAdjustments.$inferSelect;
const toAdjustment = (row: AdjustmentRow): Adjustment => ({
  id: row.id,
  player_id: String(row.playerId),
  amount: row.amount,
  currency: row.currency,
  reason: row.reason,
  status: row.status as Adjustment['status'],
  requested_by: String(row.requestedBy),
  decided_by: row.decidedBy === null ? null : String(row.decidedBy),
  created_at: row.createdAt.toISOString(),
  decided_at: row.decidedAt?.toISOString() ?? null,
});

export type FourEyesService = ReturnType<typeof createFourEyes>;

export function createFourEyes({
  db,
  ledger,
  payments,
  audit,
  currency,
  threshold,
  playerExists,
}: {
  db: Database;
  ledger: LedgerService;
  payments: Pick<PaymentsService, 'approveWithdrawal' | 'rejectWithdrawal' | 'withdrawalForOperators'>;
  audit: AuditService;
  currency: string;
  threshold: number;
  playerExists: (id: number) => Promise<boolean>;
}) {
  async function adjustmentById(id: string) {
    const [row] = await db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id));
    if (!row) throw new Problem(404, 'No adjustment with that id.');
    return row;
  }

  return {
    threshold,

    /** POST /api/admin/players/{id}/adjustments: recorded as pending; no money moves yet. Null for an unknown player. */
    async requestAdjustment(staffId: number, playerId: number, amount: number, reason: string): Promise<Adjustment | null> {
      if (!(await playerExists(playerId))) return null;
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(balanceAdjustments).values({ playerId, amount, currency, reason, requestedBy: staffId }).returning();
        await audit.record(
          { staffId, action: 'adjustment.request', playerId, subject: `adjustment:${row!.id}`, after: { amount, currency, reason, status: row!.status } },
          tx,
        );
        return toAdjustment(row!);
      });
    },

    async adjustments(filter: { status?: string; playerId?: number }): Promise<Adjustment[]> {
      const conditions: SQL[] = [];
      if (filter.status) conditions.push(eq(balanceAdjustments.status, filter.status));
      if (filter.playerId) conditions.push(eq(balanceAdjustments.playerId, filter.playerId));
      const rows = await db
        .select()
        .from(balanceAdjustments)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(balanceAdjustments.createdAt))
        .limit(200);
      return rows.map(toAdjustment);
    },

    /** Approve (another staff member: the money moves as an `adjustment` journal) or reject (anyone, even the requester). */
    async decideAdjustment(staffId: number, id: string, decision: 'approve' | 'reject'): Promise<Adjustment> {
      const row = await adjustmentById(id);
      if (row.status !== 'pending_approval') throw new Problem(409, `This adjustment was already ${row.status}.`);
      if (decision === 'approve' && row.requestedBy === staffId) throw new Problem(403, OWN_APPROVAL_MESSAGE, { type: 'four_eyes' });
      const status = decision === 'approve' ? 'approved' : 'rejected';
      const settle = async (tx: DbExecutor) => {
        const changed = await tx
          .update(balanceAdjustments)
          .set({ status, decidedBy: staffId, decidedAt: new Date() })
          .where(and(eq(balanceAdjustments.id, id), eq(balanceAdjustments.status, 'pending_approval')))
          .returning();
        if (changed.length !== 1) throw new IdempotencyConflict(`adjustment:${id}`);
        await audit.record(
          {
            staffId,
            action: `adjustment.${decision}`,
            playerId: row.playerId,
            subject: `adjustment:${id}`,
            before: { status: row.status },
            after: { status, amount: row.amount, currency: row.currency, requested_by: row.requestedBy },
          },
          tx,
        );
      };
      try {
        if (decision === 'reject') await db.transaction((tx) => settle(tx));
        else {
          const accounts = await ledger.ensurePlayerAccounts(row.playerId, row.currency);
          const house = await ledger.houseAccount('adjustments', row.currency);
          await ledger.transfer(
            {
              idempotencyKey: `adjustment:${id}`,
              type: 'adjustment',
              referenceId: id,
              metadata: { requested_by: row.requestedBy, approved_by: staffId, reason: row.reason },
              entries: [
                { accountId: accounts.cash.id, amount: row.amount },
                { accountId: house.id, amount: -row.amount },
              ],
            },
            { within: (tx) => settle(tx) },
          );
        }
      } catch (error) {
        if (error instanceof InsufficientFunds) throw new Problem(409, 'The player’s balance is too low for this debit.');
        if (!(error instanceof IdempotencyConflict)) throw error;
      }
      const after = await adjustmentById(id);
      if (after.status !== status) throw new Problem(409, `This adjustment was already ${after.status}.`);
      return toAdjustment(after);
    },

    /** Whose first approval a withdrawal has, for the queue. */
    async withdrawalFirstApprovals(): Promise<Map<string, number>> {
      const rows = await db.select().from(withdrawalApprovals);
      return new Map(rows.map((row) => [row.withdrawalId, row.staffId]));
    },

    /**
     * Approving a withdrawal: at or under the threshold it is paid at once; above it, the first approval is kept
     * (202, still pending) and a different staff member's approval pays it.
     */
    async approveWithdrawal(staffId: number, id: string): Promise<{ complete: boolean; withdrawal: AdminWithdrawal }> {
      const withdrawal = await payments.withdrawalForOperators(id);
      if (!withdrawal) throw new Problem(404, 'No withdrawal with that id.');
      const auditPaid = (tx: DbExecutor, before: { status: string; amount: number; player_id: string }) =>
        audit.record(
          {
            staffId,
            action: 'withdrawal.approve',
            playerId: Number(before.player_id),
            subject: `withdrawal:${id}`,
            before: { status: before.status },
            after: { status: 'paid', amount: before.amount },
          },
          tx,
        );
      if (withdrawal.amount <= threshold || withdrawal.status !== 'pending') {
        return { complete: true, withdrawal: await payments.approveWithdrawal(id, staffId, auditPaid) };
      }
      const [first] = await db.select().from(withdrawalApprovals).where(eq(withdrawalApprovals.withdrawalId, id));
      if (first && first.staffId === staffId) throw new Problem(403, OWN_APPROVAL_MESSAGE, { type: 'four_eyes' });
      if (first) return { complete: true, withdrawal: await payments.approveWithdrawal(id, staffId, auditPaid) };
      const recorded = await db.transaction(async (tx) => {
        const inserted = await tx.insert(withdrawalApprovals).values({ withdrawalId: id, staffId }).onConflictDoNothing().returning();
        if (inserted.length === 1)
          await audit.record(
            {
              staffId,
              action: 'withdrawal.first_approval',
              playerId: Number(withdrawal.player_id),
              subject: `withdrawal:${id}`,
              after: { amount: withdrawal.amount, threshold },
            },
            tx,
          );
        return inserted.length === 1;
      });
      // Another staff member's first approval landed at the same moment: this one is the second.
      if (!recorded) return this.approveWithdrawal(staffId, id);
      return { complete: false, withdrawal };
    },

    /** The reason is kept as the decision's note and in the audit row (decision 0099). */
    async rejectWithdrawal(staffId: number, id: string, reason: string) {
      return payments.rejectWithdrawal(id, staffId, reason, (tx, before) =>
        audit.record(
          {
            staffId,
            action: 'withdrawal.reject',
            playerId: Number(before.player_id),
            subject: `withdrawal:${id}`,
            before: { status: before.status },
            after: { status: 'rejected', reason },
          },
          tx,
        ),
      );
    },
  };
}
