import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { GAME_TAGS } from '../../../contract/operators.ts';
import type { GameSource, Volatility } from '../../../contract/games.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import { gameCategories, gameProviders, games } from './schema.ts';

// Aggregators' games in the catalogue (docs/decisions/0100-provider-games-launch-and-console.md). The providers module
// reads an aggregator's game list and hands it here; only the catalogue writes its tables. A game new upstream arrives
// switched off until an operator turns it on; one the list no longer names is hidden (`withdrawn_at`), never deleted,
// so the history keeps naming it, and it comes back as the operator left it when the list names it again.

export type ProviderSource = Exclude<GameSource, 'house'>;

/** One game of an aggregator's list, in the catalogue's words (the providers module maps the aggregator's fields). */
export type ProviderListing = {
  code: string;
  name: string;
  /** The studio that made it (Hub88's `product`): the game's provider in the lobby. */
  studio: string;
  /** The aggregator's category (`Video Slots`, `Live Roulette`…), mapped to one of ours for a new game. */
  category: string;
  thumbnail: string;
  demo: boolean;
  freebets: boolean;
  /** Percent; null when the list gives none. */
  rtp: number | null;
  volatility: Volatility;
  /** YYYY-MM-DD */
  releaseDate: string;
  blockedCountries: string[];
};

export type SyncCounts = { total: number; added: number; updated: number; withdrawn: number };

/** An aggregator's game as the console manages it. */
export type ProviderGameRow = {
  id: number;
  slug: string;
  name: string;
  code: string;
  studio: string;
  category: string;
  thumbnail: string;
  enabled: boolean;
  withdrawn: boolean;
  demo: boolean;
  freebets: boolean;
  rtp: number;
  wageringContribution: number | null;
  syncedAt: Date | null;
};

/** What a launch needs to know of a game. */
export type LaunchableGame = {
  id: number;
  slug: string;
  name: string;
  source: GameSource;
  code: string | null;
  /** Enabled by an operator and still on the aggregator's list. */
  offered: boolean;
  demo: boolean;
  blockedCountries: string[];
};

export type ProviderGameChange = { enabled?: boolean; categoryId?: number; wageringContribution?: number | null };

const SLUG = /^[a-z0-9-]{1,64}$/;
export const slugOf = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');

/** Our category for an aggregator's: tables and live dealers with the table games, everything else with the slots. */
export function categoryFor(upstream: string, own: ReadonlySet<string>): string {
  const wanted = /roulette|blackjack|baccarat|poker|table|card|live|dealer/i.test(upstream) ? 'table-games' : 'slots';
  if (own.has(wanted)) return wanted;
  return own.has('slots') ? 'slots' : [...own][0]!;
}

const TTL_MS = 5_000;

export function createProviderCatalog({ db, now = () => Date.now() }: { db: Database; now?: () => number }) {
  const byCode = new Map<string, { game: { id: number; slug: string; name: string; category: string } | null; at: number }>();
  const weights = new Map<number, { weight: number | null; at: number }>();

  /** The game providers (studios) named, made when missing: slug → id. */
  async function studios(tx: DbExecutor, names: string[]): Promise<Map<string, number>> {
    const wanted = new Map(names.map((name) => [slugOf(name) || 'studio', name]));
    if (wanted.size > 0) {
      await tx
        .insert(gameProviders)
        .values([...wanted].map(([slug, name]) => ({ slug, name, description: `Games by ${name}.` })))
        .onConflictDoNothing({ target: gameProviders.slug });
    }
    const rows = await tx
      .select({ id: gameProviders.id, slug: gameProviders.slug })
      .from(gameProviders)
      .where(inArray(gameProviders.slug, [...wanted.keys()]));
    return new Map(rows.map((row) => [row.slug, row.id]));
  }

  async function freeSlug(tx: DbExecutor, listing: ProviderListing, taken: Set<string>): Promise<string> {
    const base = slugOf(listing.name) || slugOf(listing.code) || 'game';
    const candidates = [base, `${base}-${slugOf(listing.code)}`.slice(0, 64).replace(/-+$/, '')];
    for (let n = 2; n < 100; n++) candidates.push(`${base.slice(0, 58)}-${n}`);
    const existing = await tx
      .select({ slug: games.slug })
      .from(games)
      .where(
        inArray(
          games.slug,
          candidates.filter((c) => SLUG.test(c)),
        ),
      );
    for (const row of existing) taken.add(row.slug);
    const slug = candidates.find((candidate) => SLUG.test(candidate) && !taken.has(candidate));
    if (!slug) throw new Error(`No free slug for ${listing.code}`);
    taken.add(slug);
    return slug;
  }

  /** An aggregator's games (or the one with `slug`), by studio then name, as the console lists them. */
  async function list(source: ProviderSource, within: DbExecutor = db, slug?: string): Promise<ProviderGameRow[]> {
    const rows = await within
      .select({
        id: games.id,
        slug: games.slug,
        name: games.name,
        code: games.externalCode,
        studio: gameProviders.name,
        category: gameCategories.slug,
        thumbnail: games.thumbnail,
        enabled: games.enabled,
        withdrawnAt: games.withdrawnAt,
        demo: games.demoAvailable,
        freebets: games.freebetSupport,
        rtp: games.rtp,
        wageringContribution: games.wageringContribution,
        syncedAt: games.syncedAt,
      })
      .from(games)
      .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
      .innerJoin(gameCategories, eq(gameCategories.id, games.categoryId))
      .where(slug === undefined ? eq(games.source, source) : and(eq(games.source, source), eq(games.slug, slug)))
      .orderBy(asc(gameProviders.name), asc(games.name), asc(games.id));
    return rows.map(({ withdrawnAt, code, ...row }) => ({ ...row, code: code!, withdrawn: withdrawnAt !== null }));
  }

  return {
    list: (source: ProviderSource, within: DbExecutor = db) => list(source, within),

    /**
     * The aggregator's whole list, applied: new games added switched off, known ones refreshed (name, art, studio,
     * demo, free rounds, RTP, countries; never the operator's switch, category or contribution), games the list no
     * longer names hidden. Safe to repeat: the same list changes nothing the second time.
     */
    /** `enableNew`: games first seen now are offered at once (HUB88_NEW_GAMES=on, the reference aggregator's), else off. */
    async sync(
      source: ProviderSource,
      listings: readonly ProviderListing[],
      { within = db, enableNew = false }: { within?: DbExecutor; enableNew?: boolean } = {},
    ): Promise<SyncCounts> {
      const at = new Date(now());
      const counts: SyncCounts = { total: listings.length, added: 0, updated: 0, withdrawn: 0 };
      await within.transaction(async (tx) => {
        const studioIds = await studios(tx, [...new Set(listings.map((listing) => listing.studio))]);
        const categories = await tx.select({ id: gameCategories.id, slug: gameCategories.slug }).from(gameCategories);
        const own = new Map(categories.filter((row) => !(GAME_TAGS as readonly string[]).includes(row.slug)).map((row) => [row.slug, row.id]));
        const known = new Map((await tx.select().from(games).where(eq(games.source, source)).for('update')).map((row) => [row.externalCode!, row] as const));
        const taken = new Set<string>();
        for (const listing of listings) {
          const fields = {
            name: listing.name,
            providerId: studioIds.get(slugOf(listing.studio) || 'studio')!,
            thumbnail: listing.thumbnail,
            rtp: listing.rtp ?? 0,
            volatility: listing.volatility,
            releaseDate: listing.releaseDate,
            demoAvailable: listing.demo,
            freebetSupport: listing.freebets,
            blockedCountries: listing.blockedCountries,
          };
          const row = known.get(listing.code);
          if (row) {
            known.delete(listing.code);
            const changed =
              row.withdrawnAt !== null ||
              (Object.keys(fields) as (keyof typeof fields)[]).some((key) => JSON.stringify(row[key]) !== JSON.stringify(fields[key]));
            if (!changed) continue;
            await tx
              .update(games)
              .set({ ...fields, withdrawnAt: null, syncedAt: at })
              .where(eq(games.id, row.id));
            counts.updated++;
            continue;
          }
          // A sync running beside this one may have added it first: then it is that sync's to count.
          const inserted = await tx
            .insert(games)
            .values({
              ...fields,
              slug: await freeSlug(tx, listing, taken),
              description: `${listing.name} by ${listing.studio}.`,
              categoryId: own.get(categoryFor(listing.category, new Set(own.keys())))!,
              engine: 'provider',
              engineConfig: listing.code,
              minStake: 1,
              maxStake: 1_000_000_00,
              enabled: enableNew,
              source,
              externalCode: listing.code,
              syncedAt: at,
            })
            .onConflictDoNothing()
            .returning({ id: games.id });
          counts.added += inserted.length;
        }
        const gone = [...known.values()].filter((row) => row.withdrawnAt === null).map((row) => row.id);
        if (gone.length > 0) await tx.update(games).set({ withdrawnAt: at, syncedAt: at }).where(inArray(games.id, gone));
        counts.withdrawn = gone.length;
      });
      byCode.clear();
      return counts;
    },

    /** The game an aggregator's code names, when players may play it (enabled, still listed); null otherwise. */
    async offered(source: ProviderSource, code: string): Promise<{ id: number; slug: string; name: string; category: string } | null> {
      const key = `${source}:${code}`;
      const kept = byCode.get(key);
      if (kept && now() - kept.at < TTL_MS) return kept.game;
      const [row] = await db
        .select({ id: games.id, slug: games.slug, name: games.name, category: gameCategories.slug })
        .from(games)
        .innerJoin(gameCategories, eq(gameCategories.id, games.categoryId))
        .where(and(eq(games.source, source), eq(games.externalCode, code), eq(games.enabled, true), isNull(games.withdrawnAt)));
      const game = row ?? null;
      if (byCode.size >= 10_000) byCode.clear();
      // Only games we have are kept: a caller can ask for any number of codes.
      if (game) byCode.set(key, { game, at: now() });
      return game;
    },

    /** A game as the launch sees it, by slug; null when there is none. */
    async launchable(slug: string): Promise<LaunchableGame | null> {
      const [row] = await db.select().from(games).where(eq(games.slug, slug));
      if (!row) return null;
      return {
        id: row.id,
        slug: row.slug,
        name: row.name,
        source: row.source as GameSource,
        code: row.externalCode,
        offered: row.enabled && row.withdrawnAt === null,
        demo: row.demoAvailable,
        blockedCountries: [...row.blockedCountries],
      };
    },

    /** An aggregator's games by their codes, offered or not (a player's free rounds name them): by code. */
    async byCodes(source: ProviderSource, codes: string[]): Promise<Map<string, { slug: string; name: string; offered: boolean }>> {
      if (codes.length === 0) return new Map();
      const rows = await db
        .select({ code: games.externalCode, slug: games.slug, name: games.name, enabled: games.enabled, withdrawnAt: games.withdrawnAt })
        .from(games)
        .where(and(eq(games.source, source), inArray(games.externalCode, codes)));
      return new Map(rows.map((row) => [row.code!, { slug: row.slug, name: row.name, offered: row.enabled && row.withdrawnAt === null }]));
    },

    /** One of an aggregator's games by slug; null when the aggregator has none by that slug. */
    async one(source: ProviderSource, slug: string, within: DbExecutor = db): Promise<ProviderGameRow | null> {
      return (await list(source, within, slug))[0] ?? null;
    },

    async update(source: ProviderSource, slug: string, change: ProviderGameChange, within: DbExecutor = db): Promise<void> {
      const set: Partial<typeof games.$inferInsert> = {};
      if (change.enabled !== undefined) set.enabled = change.enabled;
      if (change.categoryId !== undefined) set.categoryId = change.categoryId;
      if (change.wageringContribution !== undefined) set.wageringContribution = change.wageringContribution;
      if (Object.keys(set).length === 0) return;
      await within
        .update(games)
        .set(set)
        .where(and(eq(games.source, source), eq(games.slug, slug)));
    },

    /**
     * The share of a stake on this game that counts toward bonus wagering, in percent, on top of its category's;
     * null when the game sets none (all of it counts).
     */
    async wageringWeight(gameId: number): Promise<number | null> {
      const kept = weights.get(gameId);
      if (kept && now() - kept.at < TTL_MS) return kept.weight;
      const [row] = await db.select({ weight: games.wageringContribution }).from(games).where(eq(games.id, gameId));
      const weight = row?.weight ?? null;
      if (weights.size >= 10_000) weights.clear();
      weights.set(gameId, { weight, at: now() });
      return weight;
    },

    /** How many of an aggregator's games there are, offered or not. */
    async count(source: ProviderSource): Promise<number> {
      const [row] = await db.select({ n: sql<number | string>`count(*)` }).from(games).where(eq(games.source, source));
      return Number(row?.n ?? 0);
    },

    invalidate(): void {
      byCode.clear();
      weights.clear();
    },
  };
}

export type ProviderCatalog = ReturnType<typeof createProviderCatalog>;
