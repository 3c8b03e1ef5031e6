// Payouts of approved statements (docs/decisions/0107-affiliates.md): what is owed to the affiliate
// (affiliate_payable) goes out through payment clearing, once per statement, netting the affiliate's approved negative
// corrections; above the four-eyes threshold a second staff member approves.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PayoutView } from '../../../contract/affiliates.ts';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import type { LedgerService, LedgerTransaction } from '../ledger/service.ts';
import { type PageQuery, pageMeta, pageOffset } from '../shared/pagination.ts';
import type { AffiliatesCore } from './core.ts';
import { affiliatePayouts, affiliateStatements, affiliates } from './schema.ts';

type PayoutRow = typeof affiliatePayouts.$inferSelect;

export const OWN_PAYOUT_MESSAGE = 'You asked for this payout; another staff member must approve it.';

export const toPayout = (row: PayoutRow, period: string): PayoutView => ({
  id: String(row.id),
  statement_id: String(row.statementId),
  period,
  amount: row.amount,
  currency: row.currency,
  status: row.status as PayoutView['status'],
  paid_at: row.paidAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

export function createPayouts(
  { db, now, audit }: AffiliatesCore,
  {
    ledger,
    fourEyesThreshold,
    staffEmails,
  }: {
    ledger: Pick<LedgerService, 'transfer' | 'houseAccount'>;
    fourEyesThreshold: number;
    /** Staff e-mails by id, to name who asked for and who approved a payout. */
    staffEmails: () => Promise<Map<number, string>>;
  },
) {
  async function statementById(id: number) {
    const [row] = await db.select().from(affiliateStatements).where(eq(affiliateStatements.id, id));
    if (!row) throw new Problem(404, 'No statement with that id.');
    return row;
  }

  /** Pays `amount` of the payout through the ledger and marks it, its statement and the corrections it nets as paid. */
  async function pay(payout: PayoutRow, staffId: number, settles: number[]): Promise<PayoutRow> {
    const at = now();
    const [payable, clearing] = await Promise.all([
      ledger.houseAccount('affiliate_payable', payout.currency),
      ledger.houseAccount('payment_clearing', payout.currency),
    ]);
    const paid = await audit.audited(
      async (tx) => {
        const [row] = await tx
          .update(affiliatePayouts)
          .set({ status: 'paid', paidAt: at, approvedBy: payout.requestedBy === staffId ? null : staffId })
          .where(and(eq(affiliatePayouts.id, payout.id), eq(affiliatePayouts.status, 'awaiting_approval')))
          .returning();
        if (!row) return null;
        const journal = await ledger.transfer(
          {
            idempotencyKey: `affiliate-payout:${payout.id}`,
            type: 'affiliate_payout',
            referenceId: String(payout.id),
            metadata: { affiliate_id: payout.affiliateId, statement_id: payout.statementId },
            entries: [
              { accountId: payable.id, amount: -payout.amount },
              { accountId: clearing.id, amount: payout.amount },
            ],
          },
          { in: tx as unknown as LedgerTransaction },
        );
        await tx
          .update(affiliateStatements)
          .set({ status: 'paid', paidAt: at })
          .where(inArray(affiliateStatements.id, [payout.statementId, ...settles]));
        const [done] = await tx.update(affiliatePayouts).set({ journalId: journal.id }).where(eq(affiliatePayouts.id, row.id)).returning();
        return done ?? null;
      },
      (row) => ({
        staffId,
        action: 'affiliate.payout_paid',
        subject: `affiliate_payout:${row.id}`,
        after: { amount: row.amount, currency: row.currency, statement_id: row.statementId },
      }),
    );
    if (!paid) throw new Problem(409, 'This payout was already paid.');
    return paid;
  }

  /** Approved negative corrections of the affiliate not yet settled: the next payout nets them. */
  async function openNegativeCorrections(affiliateId: number, within: Database = db) {
    return within
      .select()
      .from(affiliateStatements)
      .where(and(eq(affiliateStatements.affiliateId, affiliateId), eq(affiliateStatements.status, 'approved'), sql`${affiliateStatements.commission} < 0`));
  }

  async function periodOfStatement(id: number): Promise<string> {
    const [row] = await db.select({ period: affiliateStatements.period }).from(affiliateStatements).where(eq(affiliateStatements.id, id));
    return row?.period ?? '';
  }

  return {
    async forAffiliate(affiliateId: number): Promise<PayoutView[]> {
      const rows = await db
        .select({ payout: affiliatePayouts, period: affiliateStatements.period })
        .from(affiliatePayouts)
        .innerJoin(affiliateStatements, eq(affiliateStatements.id, affiliatePayouts.statementId))
        .where(eq(affiliatePayouts.affiliateId, affiliateId))
        .orderBy(desc(affiliatePayouts.id));
      return rows.map((row) => toPayout(row.payout, row.period));
    },

    /**
     * Pays an approved statement (or positive correction), netting the affiliate's approved negative corrections. Up
     * to the four-eyes threshold it is paid now; above it, it waits for another staff member's approval.
     */
    async requestPayout(staffId: number, id: number, reason: string): Promise<PayoutView> {
      const statement = await statementById(id);
      if (statement.status !== 'approved' || statement.commission <= 0)
        throw new Problem(409, 'Only an approved statement with commission to pay can be paid out.');
      const negatives = await openNegativeCorrections(statement.affiliateId);
      const amount = statement.commission + negatives.reduce((sum, row) => sum + row.commission, 0);
      if (amount <= 0) throw new Problem(409, 'Nothing to pay: the affiliate’s negative corrections exceed this statement.');
      const [made] = await db
        .insert(affiliatePayouts)
        .values({
          statementId: id,
          affiliateId: statement.affiliateId,
          amount,
          currency: statement.currency,
          status: 'awaiting_approval',
          requestedBy: staffId,
        })
        .onConflictDoNothing()
        .returning();
      if (!made) throw new Problem(409, 'This statement already has a payout.');
      await audit.record({ staffId, action: 'affiliate.payout_request', subject: `affiliate_payout:${made.id}`, after: { amount, statement_id: id, reason } });
      const paid =
        amount > fourEyesThreshold
          ? made
          : await pay(
              made,
              staffId,
              negatives.map((row) => row.id),
            );
      return toPayout(paid, statement.period);
    },

    /** The second staff member's approval of a payout above the threshold: pays it. */
    async approvePayout(staffId: number, id: number): Promise<PayoutView> {
      const [payout] = await db.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, id));
      if (!payout) throw new Problem(404, 'No payout with that id.');
      if (payout.status !== 'awaiting_approval') throw new Problem(409, 'This payout was already paid.');
      if (payout.requestedBy === staffId) throw new Problem(403, OWN_PAYOUT_MESSAGE, { type: 'forbidden' });
      const negatives = await openNegativeCorrections(payout.affiliateId);
      return toPayout(
        await pay(
          payout,
          staffId,
          negatives.map((row) => row.id),
        ),
        await periodOfStatement(payout.statementId),
      );
    },

    async list(filter: { status?: string }, page: PageQuery) {
      const where = filter.status ? eq(affiliatePayouts.status, filter.status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ payout: affiliatePayouts, period: affiliateStatements.period, name: affiliates.name })
          .from(affiliatePayouts)
          .innerJoin(affiliateStatements, eq(affiliateStatements.id, affiliatePayouts.statementId))
          .innerJoin(affiliates, eq(affiliates.id, affiliatePayouts.affiliateId))
          .where(where)
          .orderBy(desc(affiliatePayouts.id))
          .limit(page.perPage)
          .offset(pageOffset(page)),
        db.select({ n: count() }).from(affiliatePayouts).where(where),
      ]);
      const emails = rows.length > 0 ? await staffEmails() : new Map<number, string>();
      return {
        data: rows.map((row) => ({
          ...toPayout(row.payout, row.period),
          affiliate_id: String(row.payout.affiliateId),
          affiliate_name: row.name,
          requested_by: String(row.payout.requestedBy),
          requested_by_email: emails.get(row.payout.requestedBy) ?? null,
          approved_by: row.payout.approvedBy === null ? null : String(row.payout.approvedBy),
          approved_by_email: row.payout.approvedBy === null ? null : (emails.get(row.payout.approvedBy) ?? null),
        })),
        meta: pageMeta(page, total?.n ?? 0),
      };
    },
  };
}
