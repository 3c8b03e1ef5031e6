// Monthly statements (docs/decisions/0107-affiliates.md). The keyed job computes each affiliate's month into one
// immutable row (a unique index: a repeat, a restart or a second node adds nothing, and a player's CPA is claimed by one
// statement only); operators approve (the commission is booked as owed: affiliate_commission → affiliate_payable);
// payouts.ts pays. Corrections are new rows.
import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { StatementView } from '../../../contract/affiliates.ts';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import type { LedgerService, LedgerTransaction } from '../ledger/service.ts';
import { type PageQuery, pageMeta, pageOffset } from '../shared/pagination.ts';
import { statementFigures } from './commission.ts';
import type { AffiliatesCore } from './core.ts';
import { planRules } from './plans.ts';
import { monthStartOf, nextMonthStart, type RevenuePort } from './reports.ts';
import { affiliateAttributions, affiliatePlans, affiliates, affiliateStatements } from './schema.ts';
import type { createTracking } from './tracking.ts';

type StatementRow = typeof affiliateStatements.$inferSelect;

export const STATEMENT_JOB = 'affiliates:monthly-statements';
/** On the 1st at 00:30 UTC, for the month before. */
export const STATEMENT_PATTERN = '30 0 1 * *';

export const toStatement = (row: StatementRow): StatementView => ({
  id: String(row.id),
  period: row.period,
  kind: row.kind as StatementView['kind'],
  corrects: row.corrects === null ? null : String(row.corrects),
  currency: row.currency,
  cpa_count: row.cpaCount,
  cpa_amount: row.cpaAmount,
  ngr: row.ngr,
  active_players: row.activePlayers,
  revshare_percent: row.revsharePercentBp / 100,
  revshare_amount: row.revshareAmount,
  carry_over_in: row.carryOverIn,
  carry_over_out: row.carryOverOut,
  commission: row.commission,
  note: row.note,
  status: row.status as StatementView['status'],
  approved_at: row.approvedAt?.toISOString() ?? null,
  paid_at: row.paidAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** The month a run for `period` (its scheduled time) computes: the month before. */
export const statementMonthOf = (period: Date) => new Date(period.getTime() - 86_400_000).toISOString().slice(0, 7);

export function createStatements(
  core: AffiliatesCore,
  {
    ledger,
    revenue,
    tracking,
    monthsInProgress,
  }: {
    ledger: Pick<LedgerService, 'transfer' | 'houseAccount'>;
    revenue: RevenuePort;
    tracking: ReturnType<typeof createTracking>;
    /** Outside production a month still running may be computed by hand (demos, tests). */
    monthsInProgress: boolean;
  },
) {
  const { db, now, audit } = core;

  async function statementById(id: number, within: Database = db): Promise<StatementRow> {
    const [row] = await within.select().from(affiliateStatements).where(eq(affiliateStatements.id, id)).for('update');
    if (!row) throw new Problem(404, 'No statement with that id.');
    return row;
  }

  /** One affiliate's statement for the month, unless it exists; the CPA players are claimed in the same transaction. */
  async function computeFor(affiliateId: number, plan: typeof affiliatePlans.$inferSelect, month: string): Promise<boolean> {
    const from = monthStartOf(month);
    const end = nextMonthStart(month);
    const [done] = await db
      .select({ id: affiliateStatements.id })
      .from(affiliateStatements)
      .where(and(eq(affiliateStatements.affiliateId, affiliateId), eq(affiliateStatements.period, month), eq(affiliateStatements.kind, 'statement')));
    if (done) return false;
    const evaluatedAt = new Date(Math.min(end.getTime(), now().getTime()));
    await tracking.reconcileFirstDeposits(affiliateId);
    let players = (await tracking.attributions(affiliateId)).filter((player) => player.registeredAt < end);
    // A wagering threshold may have been reached since the deposit: qualification is checked again at the month's end.
    for (const player of players) if (player.cpaQualifiedAt === null && player.firstDepositAt !== null) await tracking.checkQualification(player, evaluatedAt);
    players = (await tracking.attributions(affiliateId)).filter((player) => player.registeredAt < end);
    const excluded = await tracking.excludedAmong(players);
    const money = await revenue(
      players.filter((player) => !excluded.has(player.playerId)).map((player) => player.playerId),
      from,
      end,
    );
    const perPlayer = new Map<number, { stakes: number; wins: number; bonusCost: number; adjustments: number; chargebacks: number }>();
    for (const day of money) {
      const sum = perPlayer.get(day.playerId) ?? { stakes: 0, wins: 0, bonusCost: 0, adjustments: 0, chargebacks: 0 };
      for (const field of ['stakes', 'wins', 'bonusCost', 'adjustments', 'chargebacks'] as const) sum[field] += day[field];
      perPlayer.set(day.playerId, sum);
    }
    const [previous] = await db
      .select({ carry: affiliateStatements.carryOverOut })
      .from(affiliateStatements)
      .where(and(eq(affiliateStatements.affiliateId, affiliateId), eq(affiliateStatements.kind, 'statement'), lt(affiliateStatements.period, month)))
      .orderBy(desc(affiliateStatements.period))
      .limit(1);
    const figures = statementFigures(
      planRules(plan),
      players.map((player) => ({
        playerId: player.playerId,
        money: perPlayer.get(player.playerId) ?? { stakes: 0, wins: 0, bonusCost: 0, adjustments: 0, chargebacks: 0 },
        excluded: excluded.has(player.playerId),
        qualifies: player.cpaQualifiedAt !== null && player.cpaQualifiedAt < end,
        cpaPaid: player.cpaStatementId !== null,
      })),
      previous?.carry ?? 0,
    );
    return db.transaction(async (tx) => {
      const [made] = await tx
        .insert(affiliateStatements)
        .values({
          affiliateId,
          period: month,
          kind: 'statement',
          currency: plan.currency,
          planId: plan.id,
          cpaCount: figures.cpaCount,
          cpaAmount: figures.cpaAmount,
          ngr: figures.ngr,
          activePlayers: figures.activePlayers,
          revsharePercentBp: figures.revsharePercentBp,
          revshareAmount: figures.revshareAmount,
          carryOverIn: figures.carryOverIn,
          carryOverOut: figures.carryOverOut,
          commission: figures.commission,
        })
        .onConflictDoNothing()
        .returning({ id: affiliateStatements.id });
      if (!made) return false;
      if (figures.cpaPlayerIds.length > 0) {
        const claimed = await tx
          .update(affiliateAttributions)
          .set({ cpaStatementId: made.id })
          .where(and(inArray(affiliateAttributions.playerId, figures.cpaPlayerIds), isNull(affiliateAttributions.cpaStatementId)))
          .returning({ id: affiliateAttributions.playerId });
        // Another statement claimed one of them meanwhile: nothing of this one is kept; the next run computes it again.
        if (claimed.length !== figures.cpaPlayerIds.length) throw new Problem(409, 'Another statement claimed one of these players’ CPA meanwhile; run again.');
      }
      return true;
    });
  }

  return {
    /**
     * The job: every affiliate with a plan gets the month's statement. Safe to repeat for a period: an existing
     * statement is kept as it is.
     */
    async run(period: Date) {
      const month = statementMonthOf(period);
      if (!monthsInProgress && nextMonthStart(month) > now()) throw new Problem(409, `The month ${month} has not ended yet.`);
      const rows = await db
        .select({ affiliate: affiliates, plan: affiliatePlans })
        .from(affiliates)
        .innerJoin(affiliatePlans, eq(affiliatePlans.id, affiliates.planId));
      let made = 0;
      for (const { affiliate, plan } of rows) if (await computeFor(affiliate.id, plan, month)) made++;
      return { month, affiliates: rows.length, statements: made };
    },

    async forAffiliate(affiliateId: number): Promise<StatementView[]> {
      return (await db.select().from(affiliateStatements).where(eq(affiliateStatements.affiliateId, affiliateId)).orderBy(desc(affiliateStatements.id))).map(
        toStatement,
      );
    },

    async list(filter: { status?: string; period?: string; affiliateId?: number }, page: PageQuery) {
      const where = and(
        filter.status ? eq(affiliateStatements.status, filter.status) : undefined,
        filter.period ? eq(affiliateStatements.period, filter.period) : undefined,
        filter.affiliateId ? eq(affiliateStatements.affiliateId, filter.affiliateId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ statement: affiliateStatements, name: affiliates.name })
          .from(affiliateStatements)
          .innerJoin(affiliates, eq(affiliates.id, affiliateStatements.affiliateId))
          .where(where)
          .orderBy(desc(affiliateStatements.id))
          .limit(page.perPage)
          .offset(pageOffset(page)),
        db.select({ n: count() }).from(affiliateStatements).where(where),
      ]);
      return {
        data: rows.map((row) => ({ ...toStatement(row.statement), affiliate_id: String(row.statement.affiliateId), affiliate_name: row.name })),
        meta: pageMeta(page, total?.n ?? 0),
      };
    },

    /** Pending → approved; the commission is booked as owed to the affiliate. A zero statement is settled at once. */
    async approve(staffId: number, id: number, reason: string): Promise<StatementView> {
      const statement = await statementById(id);
      if (statement.status !== 'pending') throw new Problem(409, 'Only a pending statement can be approved.');
      const [commission, payable] = await Promise.all([
        ledger.houseAccount('affiliate_commission', statement.currency),
        ledger.houseAccount('affiliate_payable', statement.currency),
      ]);
      const at = now();
      const approved = await audit.audited(
        async (tx) => {
          const [row] = await tx
            .update(affiliateStatements)
            .set({
              status: statement.commission === 0 ? 'paid' : 'approved',
              approvedBy: staffId,
              approvedAt: at,
              ...(statement.commission === 0 && { paidAt: at }),
            })
            .where(and(eq(affiliateStatements.id, id), eq(affiliateStatements.status, 'pending')))
            .returning();
          if (!row) return null;
          if (row.commission !== 0) {
            await ledger.transfer(
              {
                idempotencyKey: `affiliate-statement:${id}:owed`,
                type: 'affiliate_commission',
                referenceId: String(id),
                metadata: { affiliate_id: row.affiliateId, period: row.period },
                entries: [
                  { accountId: commission.id, amount: -row.commission },
                  { accountId: payable.id, amount: row.commission },
                ],
              },
              { in: tx as unknown as LedgerTransaction },
            );
          }
          return row;
        },
        (row) => ({ staffId, action: 'affiliate.statement_approve', subject: `affiliate_statement:${id}`, after: { commission: row.commission, reason } }),
      );
      if (!approved) throw new Problem(409, 'Only a pending statement can be approved.');
      return toStatement(approved);
    },

    /** A correction of a statement: a new pending row of `amount`, never an edit of the statement. */
    async correct(staffId: number, id: number, amount: number, reason: string): Promise<StatementView> {
      const statement = await statementById(id);
      if (statement.kind !== 'statement') throw new Problem(409, 'Correct the statement itself, not a correction.');
      const made = await audit.audited(
        async (tx) =>
          (
            await tx
              .insert(affiliateStatements)
              .values({
                affiliateId: statement.affiliateId,
                period: statement.period,
                kind: 'correction',
                corrects: statement.id,
                currency: statement.currency,
                planId: statement.planId,
                commission: amount,
                note: reason,
                createdBy: staffId,
              })
              .returning()
          )[0] ?? null,
        (row) => ({ staffId, action: 'affiliate.statement_correct', subject: `affiliate_statement:${row.id}`, after: { corrects: id, amount, reason } }),
      );
      return toStatement(made!);
    },
  };
}
