import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import type { AuditService } from '../operators/audit.ts';
import type { AlertInput, RaiseAlert } from '../shared/alerts.ts';
import { ruleNamed } from './rules.ts';
import { complianceAlerts } from './schema.ts';

// The compliance alerts (docs/decisions/0114): raised once per dedupe key by the rules and by the linking and
// screening modules, listed and summed up for the officers, and closed one by one with a resolution.

type AlertRow = typeof complianceAlerts.$inferSelect;

/** A rule's name in words: ours from rules.ts, the linking and screening modules' by their prefixes. */
export function labelOf(rule: string): string {
  const ours = ruleNamed(rule)?.label;
  if (ours) return ours;
  if (rule.startsWith('linked-')) return `Linked account (same ${rule.slice('linked-'.length).replaceAll('-', ' ')})`;
  if (rule.startsWith('sanctions')) return 'Sanctions list match';
  if (rule === 'pep-match') return 'Politically exposed person';
  return rule;
}

export const toAlert = (row: AlertRow) => ({
  id: String(row.id),
  player_id: String(row.playerId),
  kind: row.kind,
  rule: row.rule,
  label: labelOf(row.rule),
  facts: row.facts,
  hold_withdrawals: row.holdWithdrawals,
  status: row.status,
  case_id: row.caseId === null ? null : String(row.caseId),
  resolution: row.resolution,
  created_at: row.createdAt.toISOString(),
  closed_at: row.closedAt?.toISOString() ?? null,
});

export function createAlerts({
  db,
  audit,
  now,
  openCases,
}: {
  db: Database;
  audit: Pick<AuditService, 'audited'>;
  now: () => Date;
  /** The cases still open (cases.ts), for the summary. */
  openCases: () => Promise<number>;
}) {
  const raise: RaiseAlert = async (alert: AlertInput) => {
    await db
      .insert(complianceAlerts)
      .values({
        playerId: alert.playerId,
        kind: alert.kind,
        rule: alert.rule,
        facts: alert.facts,
        dedupeKey: alert.dedupeKey,
        holdWithdrawals: alert.holdWithdrawals === true,
        createdAt: now(),
      })
      .onConflictDoNothing({ target: complianceAlerts.dedupeKey });
  };

  return {
    raise,
    async list(filter: { status?: string; rule?: string; kind?: string; playerId?: number; caseId?: number }, limit = 100) {
      const conditions = [
        filter.status ? eq(complianceAlerts.status, filter.status) : undefined,
        filter.rule ? eq(complianceAlerts.rule, filter.rule) : undefined,
        filter.kind ? eq(complianceAlerts.kind, filter.kind) : undefined,
        filter.playerId ? eq(complianceAlerts.playerId, filter.playerId) : undefined,
        filter.caseId ? eq(complianceAlerts.caseId, filter.caseId) : undefined,
      ].filter((c) => c !== undefined);
      const rows = await db
        .select()
        .from(complianceAlerts)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(complianceAlerts.createdAt), desc(complianceAlerts.id))
        .limit(limit);
      return rows.map(toAlert);
    },
    /** Open alerts by rule, and by age (under a day, 1–7 days, over 7 days). */
    async summary() {
      const at = now();
      const rows = await db
        .select({
          rule: complianceAlerts.rule,
          kind: complianceAlerts.kind,
          open: count(),
          day: sql<number>`count(*) filter (where ${complianceAlerts.createdAt} > ${new Date(at.getTime() - 86_400_000)})`,
          week: sql<number>`count(*) filter (where ${complianceAlerts.createdAt} <= ${new Date(at.getTime() - 86_400_000)} and ${complianceAlerts.createdAt} > ${new Date(at.getTime() - 7 * 86_400_000)})`,
          older: sql<number>`count(*) filter (where ${complianceAlerts.createdAt} <= ${new Date(at.getTime() - 7 * 86_400_000)})`,
        })
        .from(complianceAlerts)
        .where(eq(complianceAlerts.status, 'open'))
        .groupBy(complianceAlerts.rule, complianceAlerts.kind)
        .orderBy(asc(complianceAlerts.rule));
      const byRule = rows.map((row) => ({
        rule: row.rule,
        label: labelOf(row.rule),
        kind: row.kind,
        open: Number(row.open),
        under_a_day: Number(row.day),
        one_to_seven_days: Number(row.week),
        over_seven_days: Number(row.older),
      }));
      const total = (key: 'open' | 'under_a_day' | 'one_to_seven_days' | 'over_seven_days') => byRule.reduce((sum, row) => sum + row[key], 0);
      return {
        by_rule: byRule,
        by_age: { under_a_day: total('under_a_day'), one_to_seven_days: total('one_to_seven_days'), over_seven_days: total('over_seven_days') },
        open: total('open'),
        open_cases: await openCases(),
      };
    },
    async get(id: number) {
      const [row] = await db.select().from(complianceAlerts).where(eq(complianceAlerts.id, id));
      return row ? toAlert(row) : null;
    },
    /** Closes one alert with the officer's resolution (releasing its hold); audited. An alert in a case closes with it. */
    async close(id: number, staffId: number, resolution: string) {
      const closed = await audit.audited(
        async (tx) => {
          const [row] = await tx.select().from(complianceAlerts).where(eq(complianceAlerts.id, id)).for('update');
          if (!row) throw new Problem(404, 'No alert with that id.');
          if (row.status !== 'open') throw new Problem(409, 'This alert is already closed.');
          if (row.caseId !== null) throw new Problem(409, 'This alert belongs to a case; it closes with the case.');
          const [after] = await tx
            .update(complianceAlerts)
            .set({ status: 'closed', resolution, closedBy: staffId, closedAt: now() })
            .where(eq(complianceAlerts.id, id))
            .returning();
          return after!;
        },
        (row) => ({
          staffId,
          action: 'compliance.alert_closed',
          playerId: row.playerId,
          subject: `alert:${row.id}`,
          before: { status: 'open' },
          after: { status: 'closed', resolution },
        }),
      );
      return toAlert(closed!);
    },
  };
}
