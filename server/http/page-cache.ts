// The guest page cache (docs/decisions/0097-guest-page-cache.md): a visitor without a session gets the public pages
// from a short-lived cache, in this process and, with Redis, shared by every node. A page is rendered for the cache
// from a request made of its key alone (path, query, bot or not), never from the visitor's own request, so no
// visitor's cookies or headers can reach a page another visitor is served.
import { randomBytes } from 'node:crypto';
import { parseCookie } from 'cookie';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { type CachedPage, cachedPage, decodePage, encodePage, type RenderedPage, type Served, storability } from './page-cache-entry.ts';

/** A request the cache may answer: the key and what the cache's own render of it is made from. */
export type GuestPage = { key: string; bot: boolean; path: string };

const MAX_ADDRESS = 512;
// Pages of a player, of the cashier, of sign-in and sign-up, game sessions, the back office and the API, under /en
// too and as the `.data` requests of client navigations: never cached, even for a guest (most redirect a guest, and
// several carry a secret in their address).
const PRIVATE_SECTIONS = [
  'account',
  'deposit',
  'withdraw',
  'messages',
  'all-bonuses',
  'bonus-activated',
  'login',
  'register',
  'reset-password',
  'refer-a-friend',
  'player',
  'maintenance',
  'test-route',
  'play',
  'admin',
  // The affiliate portal's screens (its one-time sign-in link carries a secret); /affiliates itself is a public page.
  'affiliates/[^/.]+',
  'api',
  'sandbox-gateway',
];
const PRIVATE_PATH = new RegExp(`^(?:/en)?/(?:${PRIVATE_SECTIONS.join('|')})(?:[/.]|$)`);
// Looser than the cookie parser on purpose: any cookie that could be read as a session makes the request a player's.
const SESSION_COOKIE = /(?:^|[\s;,])token\s*=/i;

// isbot's one large expression was the largest cost of a hit of our own: a browser's user agent is asked once.
const botAgents = new LRUCache<string, boolean>({ max: 1_000 });
function isBotAgent(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.length > 512) return isbot(userAgent);
  let bot = botAgents.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    botAgents.set(userAgent, bot);
  }
  return bot;
}

/** What the page's own route sees of its address: decoded, any case, repeated slashes as one, `.data` as the page. */
function pagePath(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const path = decoded
    .toLowerCase()
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/');
  // React Router asks for `/x/` as `/x/_.data` (and for the home page as `/_.data`).
  if (path.endsWith('/_.data')) return path.slice(0, -'_.data'.length);
  return path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
}

/**
 * The cache key of a guest's request for a public page, or undefined when the request must be rendered for itself:
 * not a GET or HEAD, a session cookie, a sign-in or affiliate token in the query, a private page, a long address.
 * `pathname` and `search` are those of the parsed URL (dot segments resolved, as React Router will see them).
 */
export function guestPage(request: {
  method: string;
  pathname: string;
  search: string;
  cookie: string | undefined;
  userAgent: string | undefined;
}): GuestPage | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const address = request.pathname + request.search;
  if (address.length > MAX_ADDRESS) return undefined;
  if (request.cookie !== undefined && (SESSION_COOKIE.test(request.cookie) || parseCookie(request.cookie).token !== undefined)) return undefined;
  const query = new URLSearchParams(request.search);
  for (const name of query.keys()) if (/^(?:magic-)?token$/i.test(name)) return undefined;
  const path = pagePath(request.pathname);
  if (path === undefined || PRIVATE_PATH.test(path)) return undefined;
  const bot = isBotAgent(request.userAgent);
  return { key: `${bot ? 'bot' : 'person'} ${address}`, bot, path: address };
}

/** Who the cache's own render says it is: only whether it is a bot reaches the page (app/root.tsx, entry.server). */
export const CACHE_USER_AGENT = {
  person: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  bot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
} as const;

export const newPageNonce = () => randomBytes(16).toString('base64');

// The generation is read in the same round trip as the entry, so every node names the same one; a purge INCRs it.
const READ_SCRIPT = `local generation = redis.call('GET', KEYS[1]) or '0'
return {generation, redis.call('GET', ARGV[1] .. generation .. ':' .. ARGV[2])}`;
// Kept only if no purge happened since the render began (the generation is still the one it read).
const WRITE_SCRIPT = `if (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
return 1`;
type SharedCommands = {
  pageCacheReadBuffer(generationKey: string, prefix: string, key: string): Promise<[Buffer, Buffer | null]>;
  pageCacheWrite(generationKey: string, entryKey: string, generation: string, value: Buffer, ttlMs: number): Promise<number>;
};

export type PageCacheOptions = {
  /** Shares entries between nodes when set. */
  redis?: Redis | undefined;
  /** Prefix of the shared tier's keys; its generation counter is `${prefix}generation`. */
  prefix?: string;
  freshMs?: number;
  staleMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** Larger renders are served but not kept. */
  maxPageBytes?: number;
  /** Time allowed to a round trip to Redis before the cache goes on without it. */
  redisTimeoutMs?: number;
  now?: () => number;
  logger?: FastifyBaseLogger | undefined;
};

export type PageCache = ReturnType<typeof createPageCache>;

export function createPageCache({
  redis,
  prefix = 'croupier:page-cache:',
  freshMs = 10_000,
  staleMs = 60_000,
  maxEntries = 1_000,
  maxBytes = 64 * 1024 * 1024,
  maxPageBytes = 2 * 1024 * 1024,
  redisTimeoutMs = 500,
  now = Date.now,
  logger,
}: PageCacheOptions = {}) {
  const lifetime = freshMs + staleMs;
  const kept = new LRUCache<string, CachedPage>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (page) => page.body.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0) + 1024,
    ttl: lifetime,
    ttlResolution: 0,
    perf: { now },
  });
  const inflight = new Map<string, Promise<Served | undefined>>();
  // Bumped by every purge: a render or a shared read that began under an older epoch is not kept.
  let epoch = 0;
  const stats = { hit: 0, stale: 0, miss: 0, bypass: 0, renders: 0, stored: 0, sharedHits: 0, sharedErrors: 0, purges: 0 };
  const generationKey = `${prefix}generation`;
  const shared = redis as (Redis & SharedCommands) | undefined;
  shared?.defineCommand('pageCacheRead', { numberOfKeys: 1, lua: READ_SCRIPT, readOnly: true });
  shared?.defineCommand('pageCacheWrite', { numberOfKeys: 2, lua: WRITE_SCRIPT });

  let warnedAt = Number.NEGATIVE_INFINITY;
  const sharedFailed = (error: unknown) => {
    stats.sharedErrors += 1;
    if (now() - warnedAt < 60_000) return;
    warnedAt = now();
    logger?.warn({ err: error }, 'page cache: redis did not answer; pages are cached on this node only meanwhile');
  };
  const inTime = <T>(work: Promise<T>): Promise<T> =>
    Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('page cache: redis timed out')), redisTimeoutMs).unref())]);

  async function readShared(key: string): Promise<{ generation?: string; page?: CachedPage }> {
    if (!shared) return {};
    try {
      const [generation, value] = await inTime(shared.pageCacheReadBuffer(generationKey, prefix, key));
      const page = value ? decodePage(value) : undefined;
      return { generation: generation.toString(), ...(page && now() - page.storedAt < lifetime ? { page } : {}) };
    } catch (error) {
      sharedFailed(error);
      return {};
    }
  }

  function writeShared(key: string, page: CachedPage, generation: string) {
    const ttl = Math.max(1, Math.ceil(page.storedAt + lifetime - now()));
    shared?.pageCacheWrite(generationKey, `${prefix}${generation}:${key}`, generation, encodePage(page), ttl).catch(sharedFailed);
  }

  const keep = (key: string, page: CachedPage) => kept.set(key, page, { ttl: Math.max(1, page.storedAt + lifetime - now()) });
  const isFresh = (page: CachedPage) => now() - page.storedAt < freshMs;

  /** One render (or shared read) for a key, whoever asks meanwhile; `current` is the stale entry it replaces. */
  async function fill(key: string, render: () => Promise<RenderedPage>, current: CachedPage | undefined): Promise<Served | undefined> {
    const began = epoch;
    const fromShared = await readShared(key);
    if (fromShared.page && (!current || fromShared.page.storedAt > current.storedAt) && (!current || isFresh(fromShared.page))) {
      stats.sharedHits += 1;
      if (began === epoch) keep(key, fromShared.page);
      return { page: fromShared.page, state: isFresh(fromShared.page) ? 'hit' : 'stale' };
    }
    const rendered = await render();
    stats.renders += 1;
    const verdict = storability(rendered, maxPageBytes);
    const page = verdict.shareable ? await cachedPage(rendered, verdict.locale, verdict.storable, now()) : undefined;
    if (verdict.storable && page && began === epoch) {
      keep(key, page);
      stats.stored += 1;
      if (fromShared.generation !== undefined) writeShared(key, page, fromShared.generation);
    } else if (current && kept.peek(key) === current) {
      kept.delete(key);
    }
    return page && { page, state: 'miss' };
  }

  function start(key: string, render: () => Promise<RenderedPage>, current: CachedPage | undefined) {
    const flow: Promise<Served | undefined> = fill(key, render, current).finally(() => {
      if (inflight.get(key) === flow) inflight.delete(key);
    });
    inflight.set(key, flow);
    return flow;
  }

  function revalidate(key: string, render: () => Promise<RenderedPage>, current: CachedPage) {
    if (inflight.has(key)) return;
    start(key, render, current).catch((error: unknown) => {
      if (kept.peek(key) === current) kept.delete(key);
      logger?.error({ err: error, key }, 'page cache: a background render failed');
    });
  }

  const timer = setInterval(() => logger?.info({ pageCache: { ...stats, entries: kept.size, bytes: kept.calculatedSize } }, 'page cache'), 300_000);
  timer.unref();

  return {
    /**
     * The page for `key`: kept and fresh (hit), kept but stale while one background render replaces it (stale), or
     * rendered now, once for every request that asks meanwhile (miss). Undefined when the render may go to no one
     * but a request of its own (it set a cookie other than the locale's): the caller renders the request itself.
     */
    async serve(key: string, render: () => Promise<RenderedPage>): Promise<Served | undefined> {
      const found = kept.get(key);
      if (found) {
        if (isFresh(found)) {
          stats.hit += 1;
          return { page: found, state: 'hit' };
        }
        stats.stale += 1;
        revalidate(key, render, found);
        return { page: found, state: 'stale' };
      }
      const served = await (inflight.get(key) ?? start(key, render, undefined));
      if (served?.state === 'stale') revalidate(key, render, served.page);
      if (served) stats[served.state] += 1;
      return served;
    },
    bypassed() {
      stats.bypass += 1;
    },
    /** Forgets every page here, and with Redis moves every node to a new generation. */
    purge() {
      epoch += 1;
      stats.purges += 1;
      kept.clear();
      inflight.clear();
      if (shared) inTime(shared.incr(generationKey)).catch(sharedFailed);
    },
    stats: () => ({ ...stats, entries: kept.size, bytes: kept.calculatedSize }),
    close() {
      clearInterval(timer);
    },
  };
}
