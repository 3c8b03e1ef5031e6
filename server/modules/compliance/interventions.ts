import { desc, eq } from 'drizzle-orm';
import type { INTERVENTION_KINDS } from '../../../contract/compliance.rules.ts';
import type { Database } from '../../db/client.ts';
import { invalid } from '../../problem.ts';
import type { AuditService } from '../operators/audit.ts';
import { complianceAlerts, rgInterventions } from './schema.ts';

// Staff's responses to markers of harm (issue 33 §5, docs/decisions/0115): a message sent, a call logged, a limit
// suggested, an enforced break (recorded here; the time-out itself is the limits module's), kept per player.

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

export function createInterventions({ db, audit, now }: { db: Database; audit: Pick<AuditService, 'audited'>; now: () => Date }) {
  return {
    /** A staff response to a marker of harm, kept in the player's history and the audit log. */
    async record(input: { playerId: number; alertId?: number | null; kind: InterventionKind; note: string; staffId: number }) {
      const row = await audit.audited(
        async (tx) => {
          if (input.alertId) {
            const [alert] = await tx.select({ playerId: complianceAlerts.playerId }).from(complianceAlerts).where(eq(complianceAlerts.id, input.alertId));
            if (!alert || alert.playerId !== input.playerId) throw invalid({ alert_id: ['That alert is not about this player.'] });
          }
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
