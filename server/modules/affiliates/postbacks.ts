// Server-to-server postbacks (docs/decisions/0107-affiliates.md): per affiliate, an address per event with macros,
// sent once per affiliate, event and player through the outbox (its retries and its delivery record), signed with
// the affiliate's own secret so their receiver can tell ours from forgeries.
import { createHmac } from 'node:crypto';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { POSTBACK_MACROS, type PostbackEvent } from '../../../contract/affiliates.ts';
import type { DbExecutor } from '../../db/client.ts';
import { invalid } from '../../problem.ts';
import type { OutboxService } from '../outbox/service.ts';
import { isInternalHost } from '../outbox/webhook.ts';
import { type PageQuery, pageMeta, pageOffset } from '../shared/pagination.ts';
import { type AffiliatesCore, playerRefOf } from './core.ts';
import { affiliatePostbacks, affiliatePostbackUrls, affiliates } from './schema.ts';

export type PostbackFacts = { clickId: string | null; sub: string | null; amount: number | null; currency: string; playerRef: string; event: PostbackEvent };

/** Minor units as a plain decimal with two places (`2500` → `25.00`). */
export const decimalOf = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

/** The address with each macro replaced by its URL-encoded value (empty when unknown); other text is left as written. */
export function renderPostbackUrl(template: string, facts: PostbackFacts): string {
  const values: Record<(typeof POSTBACK_MACROS)[number], string> = {
    '{click_id}': facts.clickId ?? '',
    '{sub}': facts.sub ?? '',
    '{amount}': facts.amount === null ? '' : decimalOf(facts.amount),
    '{currency}': facts.currency,
    '{player_id}': facts.playerRef,
    '{event}': facts.event,
  };
  return template.replace(/\{(click_id|sub|amount|currency|player_id|event)\}/g, (macro) => encodeURIComponent(values[macro as keyof typeof values]));
}

/** `sha256=` and the hex HMAC-SHA256 of `{timestamp}.{url}` under the affiliate's secret. */
export const postbackSignature = (secret: string, timestamp: number, url: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${url}`).digest('hex')}`;

/** Which postback addresses are accepted: https only (production), and whether our own network may be named (development). */
export type PostbackAddressPolicy = { httpsOnly: boolean; internalAllowed: boolean };

/** Why an address is refused, or null. The sender checks every resolved address again when it connects. */
export function postbackAddressProblem(url: string, policy: PostbackAddressPolicy): string | null {
  const target = new URL(url);
  if (policy.httpsOnly && target.protocol !== 'https:') return 'The postback address must start with https://.';
  if (!policy.internalAllowed && isInternalHost(target.hostname)) return 'The postback address must be on the internet, not a local or private address.';
  return null;
}

export function createPostbacks(
  { db, now, secret }: AffiliatesCore,
  { outbox, addressPolicy }: { outbox: Pick<OutboxService, 'enqueue' | 'wake' | 'states'>; addressPolicy: PostbackAddressPolicy },
) {
  return {
    /**
     * Queues the event's postback for this affiliate and player, once: a second call for the same event and player
     * sends nothing. Nothing without an address for the event. Runs in the caller's transaction when given.
     */
    async send(affiliateId: number, playerId: number, facts: Omit<PostbackFacts, 'playerRef'>, within: DbExecutor = db): Promise<boolean> {
      const [target] = await within
        .select({ url: affiliatePostbackUrls.url, secret: affiliates.postbackSecret })
        .from(affiliatePostbackUrls)
        .innerJoin(affiliates, eq(affiliates.id, affiliatePostbackUrls.affiliateId))
        .where(and(eq(affiliatePostbackUrls.affiliateId, affiliateId), eq(affiliatePostbackUrls.event, facts.event)));
      if (!target) return false;
      const url = renderPostbackUrl(target.url, { ...facts, playerRef: playerRefOf(secret, affiliateId, playerId) });
      const sent = await within.transaction(async (tx) => {
        const [row] = await tx
          .insert(affiliatePostbacks)
          .values({ affiliateId, event: facts.event, playerId, url })
          .onConflictDoNothing()
          .returning({ id: affiliatePostbacks.id });
        if (!row) return false;
        const timestamp = Math.floor(now().getTime() / 1000);
        const outboxId = await outbox.enqueue(tx, {
          channel: 'webhook',
          to: url,
          template: `affiliate-postback-${facts.event}`,
          content: {
            headers: {
              'x-croupier-event': facts.event,
              'x-croupier-delivery': String(row.id),
              'x-croupier-timestamp': String(timestamp),
              'x-croupier-signature': postbackSignature(target.secret, timestamp, url),
            },
          },
        });
        await tx.update(affiliatePostbacks).set({ outboxId }).where(eq(affiliatePostbacks.id, row.id));
        return true;
      });
      if (sent && within === db) outbox.wake();
      return sent;
    },

    async settings(affiliateId: number) {
      const [row] = await db.select({ secret: affiliates.postbackSecret }).from(affiliates).where(eq(affiliates.id, affiliateId));
      const urls = await db.select().from(affiliatePostbackUrls).where(eq(affiliatePostbackUrls.affiliateId, affiliateId));
      const urlOf = (event: PostbackEvent) => urls.find((url) => url.event === event)?.url ?? null;
      return {
        signing_secret: row?.secret ?? '',
        urls: { registration: urlOf('registration'), first_deposit: urlOf('first_deposit'), cpa_qualified: urlOf('cpa_qualified') },
        macros: [...POSTBACK_MACROS],
      };
    },

    /** Sets (a URL) or clears (null) each event named; events left out keep their address. */
    async update(affiliateId: number, changes: Partial<Record<PostbackEvent, string | null | undefined>>) {
      const errors: Record<string, string[]> = {};
      for (const [event, url] of Object.entries(changes)) {
        const problem = url ? postbackAddressProblem(url, addressPolicy) : null;
        if (problem) errors[event] = [problem];
      }
      if (Object.keys(errors).length > 0) throw invalid(errors);
      await db.transaction(async (tx) => {
        for (const [event, url] of Object.entries(changes) as [PostbackEvent, string | null | undefined][]) {
          if (url === undefined) continue;
          const where = and(eq(affiliatePostbackUrls.affiliateId, affiliateId), eq(affiliatePostbackUrls.event, event));
          if (url === null) await tx.delete(affiliatePostbackUrls).where(where);
          else
            await tx
              .insert(affiliatePostbackUrls)
              .values({ affiliateId, event, url })
              .onConflictDoUpdate({ target: [affiliatePostbackUrls.affiliateId, affiliatePostbackUrls.event], set: { url } });
        }
      });
    },

    /** The affiliate's postbacks, newest first, with how their delivery went. */
    async log(affiliateId: number, page: PageQuery) {
      const where = eq(affiliatePostbacks.affiliateId, affiliateId);
      const [rows, [total]] = await Promise.all([
        db.select().from(affiliatePostbacks).where(where).orderBy(desc(affiliatePostbacks.id)).limit(page.perPage).offset(pageOffset(page)),
        db.select({ n: count() }).from(affiliatePostbacks).where(where),
      ]);
      const states = await outbox.states(rows.flatMap((row) => (row.outboxId === null ? [] : [row.outboxId])));
      return {
        data: rows.map((row) => {
          const state = row.outboxId === null ? undefined : states.get(row.outboxId);
          return {
            id: String(row.id),
            event: row.event as PostbackEvent,
            url: row.url,
            player_ref: playerRefOf(secret, affiliateId, row.playerId),
            status: (state?.status ?? 'pending') as 'pending' | 'sending' | 'sent' | 'failed',
            attempts: state?.attempts ?? 0,
            last_error: state?.lastError ?? null,
            created_at: row.createdAt.toISOString(),
            sent_at: state?.sentAt?.toISOString() ?? null,
          };
        }),
        meta: pageMeta(page, total?.n ?? 0),
      };
    },

    /** Postbacks already queued among these, for tests and the statements' checks. */
    async sentFor(affiliateId: number, playerIds: number[]) {
      if (playerIds.length === 0) return [];
      return db
        .select()
        .from(affiliatePostbacks)
        .where(and(eq(affiliatePostbacks.affiliateId, affiliateId), inArray(affiliatePostbacks.playerId, playerIds)));
    },
  };
}
