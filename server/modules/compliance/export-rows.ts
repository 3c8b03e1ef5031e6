import { and, asc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ExportRange, type ExportRow, iso, json } from '../shared/export-rows.ts';
import { complianceAlerts, complianceCases, rgInterventions } from './schema.ts';

// The compliance module's rows for the regulator's export and the retention job (docs/decisions/0117): alerts
// raised, cases worked and interventions recorded in the period; and which players an open matter still needs.

export function complianceExportRows(db: Database) {
  return {
    async alerts({ from, to }: ExportRange): Promise<ExportRow[]> {
      const rows = await db
        .select()
        .from(complianceAlerts)
        .where(
          or(
            and(gte(complianceAlerts.createdAt, from), lt(complianceAlerts.createdAt, to)),
            and(gte(complianceAlerts.closedAt, from), lt(complianceAlerts.closedAt, to)),
          ),
        )
        .orderBy(asc(complianceAlerts.createdAt), asc(complianceAlerts.id));
      return rows.map((row) => ({
        alert_id: row.id,
        raised_at: iso(row.createdAt),
        player_id: row.playerId,
        kind: row.kind,
        rule: row.rule,
        facts: json(row.facts),
        holds_withdrawals: row.holdWithdrawals,
        status: row.status,
        case_id: row.caseId,
        closed_at: iso(row.closedAt),
        closed_by: row.closedBy,
        resolution: row.resolution,
      }));
    },

    async cases({ from, to }: ExportRange): Promise<ExportRow[]> {
      const rows = await db
        .select()
        .from(complianceCases)
        .where(
          or(
            and(gte(complianceCases.createdAt, from), lt(complianceCases.createdAt, to)),
            and(gte(complianceCases.updatedAt, from), lt(complianceCases.updatedAt, to)),
          ),
        )
        .orderBy(asc(complianceCases.id));
      return rows.map((row) => ({
        case_id: row.id,
        opened_at: iso(row.createdAt),
        title: row.title,
        state: row.state,
        outcome: row.outcome,
        assigned_to: row.assignedTo,
        created_by: row.createdBy,
        closed_at: iso(row.closedAt),
        closed_by: row.closedBy,
      }));
    },

    async interventions({ from, to }: ExportRange): Promise<ExportRow[]> {
      const rows = await db
        .select()
        .from(rgInterventions)
        .where(and(gte(rgInterventions.createdAt, from), lt(rgInterventions.createdAt, to)))
        .orderBy(asc(rgInterventions.createdAt), asc(rgInterventions.id));
      return rows.map((row) => ({
        intervention_id: row.id,
        at: iso(row.createdAt),
        player_id: row.playerId,
        kind: row.kind,
        alert_id: row.alertId,
        staff_id: row.staffId,
        note: row.note,
      }));
    },

    /** Of these players, those with an open alert (a hold or not) or an alert in a case not yet closed. */
    async neededByOpenMatters(playerIds: number[]): Promise<Set<number>> {
      if (playerIds.length === 0) return new Set();
      const open = await db
        .selectDistinct({ playerId: complianceAlerts.playerId })
        .from(complianceAlerts)
        .where(and(inArray(complianceAlerts.playerId, playerIds), eq(complianceAlerts.status, 'open')));
      const inCases = await db
        .selectDistinct({ playerId: complianceAlerts.playerId })
        .from(complianceAlerts)
        .innerJoin(complianceCases, eq(complianceCases.id, complianceAlerts.caseId))
        .where(and(inArray(complianceAlerts.playerId, playerIds), inArray(complianceCases.state, ['open', 'investigating', 'escalated'])));
      return new Set([...open, ...inCases].map((row) => row.playerId));
    },
  };
}
