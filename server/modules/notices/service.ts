import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PlayerMessage } from '../../../contract/messages.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import type { MailContent } from '../../notify/templates.ts';
import { playerNotices } from './schema.ts';

/**
 * One thing to tell a player about their money or account: one inbox message and one e-mail, once per `key`.
 * `purpose: 'service'` (a deposit, a withdrawal, a bonus, a review) reaches the player whatever their marketing
 * consent or exclusions; `marketing` only those marketing may reach (decision 0056).
 */
export type Notice = {
  key: string;
  playerId: number;
  kind: string;
  purpose: 'service' | 'marketing';
  subject: string;
  lines: string[];
  /** The e-mail's button: where the player sees it on the site. */
  button?: { label: string; path: string };
};

export type NoticesDependencies = {
  db: Database;
  messages: {
    send(input: { playerId: number; subject: string; body: string; sentBy: number | null }, within?: DbExecutor): Promise<PlayerMessage | null>;
    announce(playerId: number, message: PlayerMessage): Promise<void>;
    marketingAudience(playerIds: number[]): Promise<{ recipients: number[] }>;
  };
  outbox: { enqueue(tx: DbExecutor, message: { channel: 'mail'; to: string; template: string; content: MailContent }): Promise<number>; wake(): void };
  /** The player's address and name for the e-mail (the accounts module's profile). */
  contactOf(playerId: number): Promise<{ email: string; name: string }>;
  mail(input: { name: string; subject: string; lines: string[]; button?: { label: string; path: string } }): MailContent;
  logger?: FastifyBaseLogger;
};

export type NoticesService = ReturnType<typeof createNoticesService>;

/** Keys told by this process, so a stream of repeats (a bonus's every stake) does not ask the database each time. */
const RECENT_KEYS = 10_000;

/**
 * Notices for money (issue 34 §4, docs/decisions/0119). The notice's row, its inbox message and its e-mail in the
 * outbox commit together, and the row's unique key makes a second telling of the same event write nothing.
 */
export function createNoticesService({ db, messages, outbox, contactOf, mail, logger }: NoticesDependencies) {
  const recent = new Set<string>();
  // Notices heard and still being written, so a test (or a drain) can wait for them without sleeping.
  const inFlight = new Set<Promise<unknown>>();

  function remember(key: string): void {
    if (recent.size >= RECENT_KEYS) recent.clear();
    recent.add(key);
  }

  /** Tells the player once: true when this call wrote the message, false when the key was told before (or marketing may not reach them). */
  async function tell(notice: Notice): Promise<boolean> {
    if (recent.has(notice.key)) return false;
    // Read before the transaction: on PGlite's one connection a read beside an open transaction would wait on it.
    const allowed = notice.purpose === 'service' || (await messages.marketingAudience([notice.playerId])).recipients.includes(notice.playerId);
    const contact = allowed ? await contactOf(notice.playerId) : null;
    const told = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(playerNotices)
        .values({ key: notice.key, playerId: notice.playerId, kind: notice.kind, purpose: notice.purpose })
        .onConflictDoNothing({ target: playerNotices.key })
        .returning({ id: playerNotices.id });
      if (!row) return null;
      if (!contact) return { message: null };
      const message = await messages.send({ playerId: notice.playerId, subject: notice.subject, body: notice.lines.join('\n\n'), sentBy: null }, tx);
      if (message)
        await tx
          .update(playerNotices)
          .set({ messageId: Number(message.id) })
          .where(eq(playerNotices.id, row.id));
      await outbox.enqueue(tx, {
        channel: 'mail',
        to: contact.email,
        template: `notice-${notice.kind}`,
        content: mail({ name: contact.name, subject: notice.subject, lines: notice.lines, button: notice.button }),
      });
      return { message };
    });
    remember(notice.key);
    if (!told?.message) return false;
    await messages.announce(notice.playerId, told.message);
    outbox.wake();
    return true;
  }

  return {
    tell,

    /** Tells it after the event, never holding up or breaking what caused it: a failure is logged, and a retry may tell it. */
    hear(notice: Notice | null): void {
      if (!notice) return;
      const telling = tell(notice)
        .catch((error: unknown) => logger?.warn({ err: error, kind: notice.kind }, 'notice failed'))
        .finally(() => inFlight.delete(telling));
      inFlight.add(telling);
    },

    /** Resolves once every notice heard so far is written (tests; a graceful stop). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    /** When the player was last told something of `kind` (a KYC review's batch starts after it); null when never. */
    async lastAt(playerId: number, kind: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: playerNotices.createdAt })
        .from(playerNotices)
        .where(and(eq(playerNotices.playerId, playerId), eq(playerNotices.kind, kind)))
        .orderBy(desc(playerNotices.createdAt))
        .limit(1);
      return row?.at ?? null;
    },
  };
}
