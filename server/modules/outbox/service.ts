import { and, asc, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../notify/mail.ts';
import type { SmsSender } from '../../notify/sms.ts';
import type { MailContent, SmsContent } from '../../notify/templates.ts';
import { outboxMessages, type OutboxContent, type WebhookContent } from './schema.ts';
import { createWebhookSender, type WebhookSender } from './webhook.ts';

export type OutboxMessage =
  | { channel: 'mail'; to: string; template: string; content: MailContent }
  | { channel: 'sms'; to: string; template: string; content: SmsContent }
  | { channel: 'webhook'; to: string; template: string; content: WebhookContent };

/** Retry policy: 30 s, 1 min, 2 min … capped at 1 h; given up (status failed) after this many tries. */
export const MAX_ATTEMPTS = 10;
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
// A node that claimed a message and died leaves it locked this long before another node retries it.
const CLAIM_MS = 2 * 60 * 1000;
const BATCH = 20;

export type OutboxService = ReturnType<typeof createOutboxService>;

// Times are the database's (now()), so every node and every row agree on what is due.
const later = (ms: number) => sql`now() + ${`${Math.round(ms)} milliseconds`}::interval`;

export function createOutboxService({
  db,
  mailer,
  sms,
  webhooks = createWebhookSender({ allowInternal: false }),
  logger,
}: {
  db: Database;
  mailer: Mailer;
  sms: SmsSender;
  webhooks?: WebhookSender;
  logger?: FastifyBaseLogger;
}) {
  let loop: Promise<void> | undefined;
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function claimDue(): Promise<(typeof outboxMessages.$inferSelect)[]> {
    const due = db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        or(
          and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, sql`now()`)),
          and(eq(outboxMessages.status, 'sending'), lt(outboxMessages.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(outboxMessages.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(outboxMessages)
      .set({ status: 'sending', lockedUntil: later(CLAIM_MS) })
      .where(inArray(outboxMessages.id, due))
      .returning();
    // UPDATE … RETURNING keeps no order: send in the order the changes happened.
    return claimed.sort((a, b) => a.id - b.id);
  }

  async function deliver(message: typeof outboxMessages.$inferSelect): Promise<void> {
    try {
      if (message.channel === 'mail') {
        const content = message.content as MailContent;
        await mailer.send({ to: message.recipient, ...content });
      } else if (message.channel === 'webhook') {
        await webhooks(message.recipient, (message.content as WebhookContent).headers);
      } else {
        await sms.send({ to: message.recipient, body: (message.content as SmsContent).body });
      }
      // The body held a one-time link or code: keep only what an operator needs to see.
      const kept: OutboxContent = 'subject' in message.content ? { subject: (message.content as MailContent).subject } : {};
      await db
        .update(outboxMessages)
        .set({ status: 'sent', sentAt: sql`now()`, attempts: message.attempts + 1, lockedUntil: null, lastError: null, content: kept })
        .where(eq(outboxMessages.id, message.id));
    } catch (error) {
      const attempts = message.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS;
      logger?.warn({ err: error, outboxId: message.id, attempts, failed }, 'outbox delivery failed');
      await db
        .update(outboxMessages)
        .set({
          status: failed ? 'failed' : 'pending',
          attempts,
          lockedUntil: null,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
          nextAttemptAt: later(retryDelayMs(attempts)),
        })
        .where(eq(outboxMessages.id, message.id));
    }
  }

  /** Sends every message that is due now, batch after batch. */
  async function deliverDue(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const batch = await claimDue();
      for (const message of batch) await deliver(message);
      delivered += batch.length;
      if (batch.length < BATCH) return delivered;
    }
  }

  /**
   * One delivery loop per process. A call while it runs asks for one more pass, so everything committed
   * before the call is delivered by the time the returned promise resolves.
   */
  function run(): Promise<void> {
    dirty = true;
    loop ??= (async () => {
      while (dirty && !stopped) {
        dirty = false;
        try {
          await deliverDue();
        } catch (error) {
          logger?.error({ err: error }, 'outbox: could not read due messages');
        }
      }
      loop = undefined;
    })();
    return loop;
  }

  return {
    /** Records a message in the caller's transaction; it goes out after that transaction commits. Its id. */
    async enqueue(tx: Database, message: OutboxMessage): Promise<number> {
      const [row] = await tx
        .insert(outboxMessages)
        .values({ channel: message.channel, recipient: message.to, template: message.template, content: message.content })
        .returning({ id: outboxMessages.id });
      return row!.id;
    },

    /** Delivery state of these messages (a postback log reads it). */
    async states(ids: number[]): Promise<Map<number, Pick<typeof outboxMessages.$inferSelect, 'status' | 'attempts' | 'lastError' | 'sentAt'>>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: outboxMessages.id,
          status: outboxMessages.status,
          attempts: outboxMessages.attempts,
          lastError: outboxMessages.lastError,
          sentAt: outboxMessages.sentAt,
        })
        .from(outboxMessages)
        .where(inArray(outboxMessages.id, ids));
      return new Map(rows.map(({ id, ...state }) => [id, state]));
    },

    /** Call after commit: delivers soon, without holding up the response. */
    wake(): void {
      if (!stopped) setImmediate(() => void run());
    },

    /** Delivers everything due now and resolves when done (tests, CLI). */
    drain: (): Promise<void> => run(),

    deliverDue,

    /** Polls for due retries and for messages other nodes left behind. */
    start(intervalMs = 5_000): void {
      stopped = false;
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
      void run();
    },

    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      await loop;
    },

    /** Messages of these statuses, newest first (the console's outbox; the caller masks the recipients). */
    async list(statuses: readonly string[], limit = 200): Promise<(typeof outboxMessages.$inferSelect)[]> {
      return db
        .select()
        .from(outboxMessages)
        .where(inArray(outboxMessages.status, [...statuses]))
        .orderBy(desc(outboxMessages.id))
        .limit(limit);
    },

    async find(id: number, within: Database = db): Promise<typeof outboxMessages.$inferSelect | null> {
      const [row] = await within.select().from(outboxMessages).where(eq(outboxMessages.id, id)).for('update');
      return row ?? null;
    },

    /**
     * Puts a failed or waiting message back in the queue, due now and with a fresh retry budget; null when it is
     * being sent or already sent (nothing to retry). The caller wakes the loop after commit.
     */
    async retry(id: number, within: Database = db): Promise<typeof outboxMessages.$inferSelect | null> {
      const [row] = await within
        .update(outboxMessages)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
        .where(and(eq(outboxMessages.id, id), inArray(outboxMessages.status, ['failed', 'pending'])))
        .returning();
      return row ?? null;
    },

    /** Counts by status, for health and tests. */
    async counts(): Promise<Record<string, number>> {
      const rows = await db.select({ status: outboxMessages.status, n: sql<number>`count(*)::int` }).from(outboxMessages).groupBy(outboxMessages.status);
      return Object.fromEntries(rows.map((row) => [row.status, row.n]));
    },
  };
}
