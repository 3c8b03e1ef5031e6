import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import type { Hub88Game, Hub88OperatorClient, OperatorCall } from './hub88/operator-client.ts';
import { operatorProblem } from './hub88/operator-client.ts';
import type { GameListing, ProviderCatalogue } from './ports.ts';
import { providerCalls, providerSyncs } from './schema.ts';

// The aggregator's game list into the catalogue (decision 0100): hourly by the scheduler and on demand from the
// console. Each run is a `provider_syncs` row; the catalogue applies the list (new games off, gone ones hidden). Every
// call we make to the aggregator is a `provider_calls` row, kept a week, from which the console reads an error rate.

/** How long our calls to an aggregator are kept for the console. */
export const CALLS_KEPT_MS = 7 * 24 * 60 * 60_000;
/** The scheduled sync, at seven past every hour. */
export const SYNC_PATTERN = '7 * * * *';

const VOLATILITY: Record<string, GameListing['volatility']> = { low: 'low', medium: 'medium', high: 'high' };

/** Hub88's volatility is 1 (lowest) to 5 (highest), or a word. */
export function volatilityOf(value: Hub88Game['volatility']): GameListing['volatility'] {
  if (typeof value === 'string' && VOLATILITY[value.toLowerCase()]) return VOLATILITY[value.toLowerCase()]!;
  const level = Number(value);
  if (!Number.isFinite(level) || level <= 0) return 'medium';
  return level <= 2 ? 'low' : level >= 4 ? 'high' : 'medium';
}

const HTTP_URL = /^https?:\/\/[^\s"'<>]+$/;

/** One item of Hub88's game list as the catalogue takes it. */
export function listingOf(game: Hub88Game, today: string): GameListing {
  const rtp = Number(game.rtp);
  const released = typeof game.release_date === 'string' && /^\d{4}-\d{2}-\d{2}/.test(game.release_date) ? game.release_date.slice(0, 10) : today;
  const art = [game.url_thumb, game.url_background].find((url): url is string => typeof url === 'string' && HTTP_URL.test(url));
  return {
    code: game.game_code,
    name: game.name.trim(),
    studio: game.product?.trim() || 'Hub88',
    category: game.category ?? '',
    thumbnail: art ?? '',
    demo: game.demo_game_support === true,
    freebets: game.freebet_support === true,
    rtp: Number.isFinite(rtp) && rtp > 0 && rtp < 1000 ? Math.round(rtp * 100) / 100 : null,
    volatility: volatilityOf(game.volatility),
    releaseDate: released,
    blockedCountries: (game.blocked_countries ?? []).filter((code) => /^[A-Za-z]{2}$/.test(code)).map((code) => code.toUpperCase()),
  };
}

/** Keeps each of our calls to the aggregator for the console; a failure to keep one is logged, never the caller's problem. */
export function createCallRecorder({
  db,
  provider,
  now = () => new Date(),
  logger,
}: {
  db: Database;
  provider: string;
  now?: () => Date;
  logger?: FastifyBaseLogger;
}) {
  return (call: OperatorCall): void => {
    void db
      .insert(providerCalls)
      .values({ provider, endpoint: call.endpoint, ok: call.ok, status: call.status, error: call.error, durationMs: call.durationMs, at: now() })
      .catch((error: unknown) => logger?.warn({ err: error }, 'recording a provider call failed'));
    if (!call.ok) logger?.warn({ provider, endpoint: call.endpoint, status: call.status, error: call.error }, 'provider call failed');
  };
}

export type SyncResult = { id: number; ok: boolean; total: number; added: number; updated: number; withdrawn: number; error: string | null };

export function createCatalogueSync({
  db,
  provider,
  client,
  catalogue,
  now = () => new Date(),
  logger,
}: {
  db: Database;
  provider: 'hub88';
  client: Hub88OperatorClient | undefined;
  catalogue: ProviderCatalogue;
  now?: () => Date;
  logger?: FastifyBaseLogger;
}) {
  return {
    /**
     * Reads the game list and applies it. A failure is kept on the sync's row and thrown as the Problem the caller
     * shows (502/504); nothing in the catalogue changes then.
     */
    async sync(trigger: 'schedule' | 'operator', staffId: number | null = null): Promise<SyncResult> {
      if (!client) throw new Problem(409, 'No game aggregator is configured (the HUB88_* variables).', { type: 'provider_unavailable' });
      const [row] = await db.insert(providerSyncs).values({ provider, trigger, staffId, startedAt: now() }).returning({ id: providerSyncs.id });
      const id = row!.id;
      try {
        const list = await client.gameList();
        const today = now().toISOString().slice(0, 10);
        // A game Hub88 lists as not enabled is not offered: it is hidden like one no longer listed.
        const listings = list.filter((game) => game.enabled !== false).map((game) => listingOf(game, today));
        const counts = await catalogue.sync(provider, listings);
        await db
          .update(providerSyncs)
          .set({ finishedAt: now(), ok: true, ...counts })
          .where(eq(providerSyncs.id, id));
        return { id, ok: true, ...counts, error: null };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db
          .update(providerSyncs)
          .set({ finishedAt: now(), ok: false, error: message.slice(0, 500) })
          .where(eq(providerSyncs.id, id));
        logger?.warn({ err: error, provider }, 'provider game list sync failed');
        throw operatorProblem(error);
      }
    },

    /** Forgets calls older than a week. */
    async pruneCalls(at: Date = now()): Promise<void> {
      await db.delete(providerCalls).where(and(eq(providerCalls.provider, provider), lt(providerCalls.at, new Date(at.getTime() - CALLS_KEPT_MS))));
    },
  };
}

export type CatalogueSync = ReturnType<typeof createCatalogueSync>;
