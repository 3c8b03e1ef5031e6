import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { PlayerMessage } from '../../../contract/messages.ts';
import type { Database } from '../../db/client.ts';
import type { PlayerEvents } from '../../notify/player-events.ts';
import { playerMessages } from './schema.ts';

type Row = typeof playerMessages.$inferSelect;
const toMessage = (row: Row): PlayerMessage => ({
  id: String(row.id),
  subject: row.subject,
  body: row.body,
  created_at: row.createdAt.toISOString(),
  read_at: row.readAt?.toISOString() ?? null,
});

export type MessagesService = ReturnType<typeof createMessagesService>;

/** The player's inbox: operators write, the player reads, marks read and deletes; each new one arrives live. */
export function createMessagesService({
  db,
  events,
  playerExists,
}: {
  db: Database;
  events: PlayerEvents;
  /** The accounts module's answer to whether a player exists (messages does not read the players table). */
  playerExists: (playerId: number) => Promise<boolean>;
}) {
  const visible = (playerId: number) => and(eq(playerMessages.playerId, playerId), isNull(playerMessages.deletedAt));

  async function unread(playerId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(playerMessages)
      .where(and(visible(playerId), isNull(playerMessages.readAt)));
    return Number(row?.n ?? 0);
  }

  return {
    unread,

    /** Newest first, at most `limit`. */
    async inbox(playerId: number, limit = 100): Promise<{ data: PlayerMessage[]; unread: number }> {
      const rows = await db.select().from(playerMessages).where(visible(playerId)).orderBy(desc(playerMessages.id)).limit(limit);
      return { data: rows.map(toMessage), unread: await unread(playerId) };
    },

    /** Marks one of the player's messages read (again is harmless); null when it is not theirs or was deleted. */
    async markRead(playerId: number, id: number): Promise<PlayerMessage | null> {
      await db
        .update(playerMessages)
        .set({ readAt: new Date() })
        .where(and(eq(playerMessages.id, id), visible(playerId), isNull(playerMessages.readAt)));
      const [row] = await db
        .select()
        .from(playerMessages)
        .where(and(eq(playerMessages.id, id), visible(playerId)));
      return row ? toMessage(row) : null;
    },

    async remove(playerId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(playerMessages)
        .set({ deletedAt: new Date() })
        .where(and(eq(playerMessages.id, id), visible(playerId)))
        .returning({ id: playerMessages.id });
      return rows.length === 1;
    },

    /**
     * An operator's message; null for an unknown player. The player is told at once (MessageReceived). With
     * `within` (the caller's transaction, which checked the player exists) the caller announces it after commit.
     */
    async send(input: { playerId: number; subject: string; body: string; sentBy: number | null }, within?: Database): Promise<PlayerMessage | null> {
      if (!within && !(await playerExists(input.playerId))) return null;
      const [row] = await (within ?? db)
        .insert(playerMessages)
        .values({ playerId: input.playerId, subject: input.subject, body: input.body, sentBy: input.sentBy })
        .returning();
      const message = toMessage(row!);
      if (!within) events.publish(input.playerId, 'MessageReceived', { message, unread: await unread(input.playerId) });
      return message;
    },

    /** Tells the player of a message sent inside a transaction, once it committed. */
    async announce(playerId: number, message: PlayerMessage): Promise<void> {
      events.publish(playerId, 'MessageReceived', { message, unread: await unread(playerId) });
    },
  };
}
