import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { PlayerMessage } from '../../../contract/messages.ts';
import type { Database, DbExecutor, Transaction } from '../../db/client.ts';
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
/** Who a marketing message reaches now, and how many of those asked for it are excluded by rule. */
export type MarketingAudience = { recipients: number[]; excluded: number };
/** A marketing send: the messages written, and how many players the rule left out. */
export type MarketingOutcome = { sent: { playerId: number; message: PlayerMessage }[]; excluded: number };
/** Rows per insert of a marketing send: 4 parameters each, far below PostgreSQL's 65,535. */
const INSERT_SLICE = 1_000;

/**
 * The player's inbox: operators write, the player reads, marks read and deletes; each new one arrives live.
 * Marketing (a message to more than one player, or one marked so) never reaches a player excluded by rule
 * (docs/decisions/0056): the exclusions are read from the modules that own them.
 */
export function createMessagesService({
  db,
  events,
  playerExists,
  keptFromPlay,
  closedToMarketing,
}: {
  db: Database;
  events: PlayerEvents;
  /** The accounts module's answer to whether a player exists (messages does not read the players table). */
  playerExists: (playerId: number) => Promise<boolean>;
  /** Of these players, those the limits module keeps from play now: a time-out, a self-exclusion or the wait to return. */
  keptFromPlay: (playerIds: number[]) => Promise<Set<number>>;
  /** Of these players, those the accounts module closes to marketing: blocked, or without marketing consent. */
  closedToMarketing: (playerIds: number[]) => Promise<Set<number>>;
}) {
  const visible = (playerId: number) => and(eq(playerMessages.playerId, playerId), isNull(playerMessages.deletedAt));

  async function unread(playerId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(playerMessages)
      .where(and(visible(playerId), isNull(playerMessages.readAt)));
    return Number(row?.n ?? 0);
  }

  async function announce(playerId: number, message: PlayerMessage): Promise<void> {
    events.publish(playerId, 'MessageReceived', { message, unread: await unread(playerId) });
  }

  /**
   * Who of `playerIds` marketing may reach now. Never a player on a time-out, self-excluded or not yet returned
   * from a self-exclusion, blocked, or without marketing consent (UKGC LCCP SR 3.5, MGA): read at the send, so an
   * exclusion that started a minute ago counts.
   */
  async function marketingAudience(playerIds: number[]): Promise<MarketingAudience> {
    const asked = [...new Set(playerIds)];
    const [kept, closed] = await Promise.all([keptFromPlay(asked), closedToMarketing(asked)]);
    const recipients = asked.filter((id) => !kept.has(id) && !closed.has(id));
    return { recipients, excluded: asked.length - recipients.length };
  }

  return {
    unread,
    marketingAudience,

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
     * A marketing message: any message to more than one player (a segment), or one marked marketing. Written only
     * to the audience above, in one transaction with what `record` adds (the caller's audit row); the players
     * excluded by rule are counted, not written to. Each recipient is told once it committed. The audience is read
     * before the transaction opens: on PGlite's one connection a read beside an open transaction would wait on it.
     */
    async sendMarketing(
      input: { playerIds: number[]; subject: string; body: string; sentBy: number | null },
      record?: (tx: Transaction, outcome: MarketingOutcome) => Promise<void>,
    ): Promise<MarketingOutcome> {
      const { recipients, excluded } = await marketingAudience(input.playerIds);
      const outcome = await db.transaction(async (tx) => {
        const sent: MarketingOutcome['sent'] = [];
        for (let i = 0; i < recipients.length; i += INSERT_SLICE) {
          const slice = recipients.slice(i, i + INSERT_SLICE);
          const rows = await tx
            .insert(playerMessages)
            .values(slice.map((playerId) => ({ playerId, subject: input.subject, body: input.body, sentBy: input.sentBy })))
            .returning();
          sent.push(...rows.map((row) => ({ playerId: row.playerId, message: toMessage(row) })));
        }
        const done = { sent, excluded };
        if (record) await record(tx, done);
        return done;
      });
      for (const { playerId, message } of outcome.sent) await announce(playerId, message);
      return outcome;
    },

    /**
     * An operator's or the system's message to one player (a service message: their KYC, their tier), which
     * reaches them whatever their exclusions; null for an unknown player. The player is told at once
     * (MessageReceived). With `within` (the caller's transaction, which checked the player exists) the caller
     * announces it after commit. Marketing goes through sendMarketing instead.
     */
    async send(input: { playerId: number; subject: string; body: string; sentBy: number | null }, within?: DbExecutor): Promise<PlayerMessage | null> {
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
    announce,
  };
}
