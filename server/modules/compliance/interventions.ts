import { desc, eq } from 'drizzle-orm';
import type { INTERVENTION_KINDS } from '../../../contract/compliance.rules.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import { invalid } from '../../problem.ts';
import type { AuditService } from '../operators/audit.ts';
import { complianceAlerts, rgInterventions } from './schema.ts';

// Staff's responses to markers of harm (issue 33 §5, docs/decisions/0115): a message sent, a call logged, a limit
// suggested, an enforced break (its time-out is the limits module's, started by the route as the break is recorded),
// kept per player.

export type InterventionKind = (typeof INTERVENTION_KINDS)[number];

const toIntervention = (row: typeof rgInterventions.$inferSelect) => ({
  id: String(row.id),
  player_id: String(row.playerId),
  alert_id: row.alertId === null ? null : String(row.alertId),
  kind: row.kind,
  note: row.note,
  staff_id: String(row.staffId),
  created_at: row.createdAt.toISOString(),
});

/** 422 unless the alert (when one is named) is about this player. */
async function alertAbout(db: DbExecutor, playerId: number, alertId: number | null | undefined) {
  if (!alertId) return;
  const [alert] = await db.select({ playerId: complianceAlerts.playerId }).from(complianceAlerts).where(eq(complianceAlerts.id, alertId));
  if (!alert || alert.playerId !== playerId) throw invalid({ alert_id: ['That alert is not about this player.'] });
}

export function createInterventions({ db, audit, now }: { db: Database; audit: Pick<AuditService, 'audited'>; now: () => Date }) {
  return {
    /** Checks a response's alert before anything is done for it (an enforced break's time-out starts first). */
    checkAlert: (playerId: number, alertId: number | null | undefined) => alertAbout(db, playerId, alertId),
    /** A staff response to a marker of harm, kept in the player's history and the audit log. */
    async record(input: { playerId: number; alertId?: number | null; kind: InterventionKind; note: string; staffId: number }) {
      const row = await audit.audited(
        async (tx) => {
          await alertAbout(tx, input.playerId, input.alertId);
          const [inserted] = await tx
            .insert(rgInterventions)
            .values({
              playerId: input.playerId,
              alertId: input.alertId ?? null,
              kind: input.kind,
              note: input.note,
              staffId: input.staffId,
              createdAt: now(),
            })
            .returning();
          return inserted!;
        },
        (inserted) => ({
          staffId: input.staffId,
          action: 'compliance.intervention',
          playerId: input.playerId,
          subject: `intervention:${inserted.id}`,
          after: { kind: input.kind, alert_id: input.alertId ?? null },
        }),
      );
      return toIntervention(row!);
    },
    async list(playerId: number) {
      const rows = await db
        .select()
        .from(rgInterventions)
        .where(eq(rgInterventions.playerId, playerId))
        .orderBy(desc(rgInterventions.createdAt), desc(rgInterventions.id));
      return rows.map(toIntervention);
    },
  };
}
