import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { AuditService } from './audit.ts';
import { operators, staffNotes } from './schema.ts';

/** Staff notes on a player: only staff read them; writing one is audited in its transaction. */
export function createStaffNotes({ db, audit }: { db: Database; audit: AuditService }) {
  return {
    async of(playerId: number) {
      const rows = await db
        .select({ id: staffNotes.id, staffId: staffNotes.staffId, email: operators.email, body: staffNotes.body, createdAt: staffNotes.createdAt })
        .from(staffNotes)
        .leftJoin(operators, eq(operators.id, staffNotes.staffId))
        .where(eq(staffNotes.playerId, playerId))
        .orderBy(desc(staffNotes.id))
        .limit(200);
      return rows.map((row) => ({
        id: String(row.id),
        staff_id: String(row.staffId),
        staff_email: row.email,
        body: row.body,
        created_at: row.createdAt.toISOString(),
      }));
    },

    async add(staffId: number, playerId: number, body: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(staffNotes).values({ playerId, staffId, body }).returning();
        await audit.record({ staffId, action: 'player.note', playerId, subject: `player:${playerId}`, after: { note_id: row!.id, body } }, tx);
        return { id: String(row!.id), staff_id: String(staffId), staff_email: null, body: row!.body, created_at: row!.createdAt.toISOString() };
      });
    },
  };
}
