import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { GameDetail, GameKind, GameLimits, GameQuery, GamesPage, GameSummary, Volatility } from '../../../contract/games.ts';
import type { GameCategory, ListingTarget } from '../../../contract/site.ts';
import { gameInfo } from '../../../games/catalogue.ts';
import { slotTitle } from '../../../games/slots/catalogue.ts';
import type { Database } from '../../db/client.ts';
import { toGameInfo } from './game-info.ts';
import { gameCategories, gameProviders, games } from './schema.ts';
import { pageMeta, pageOffset } from '../shared/pagination.ts';

/** What the rounds need to know about a game: which engine plays it, with which maths, within which limits. */
export type PlayableGame = {
  id: number;
  slug: string;
  name: string;
  engine: GameKind;
  engineConfig: string;
  limits: GameLimits;
};

export type CatalogService = ReturnType<typeof createCatalogService>;

const summaryColumns = {
  id: games.id,
  slug: games.slug,
  name: games.name,
  provider: gameProviders.slug,
  category: gameCategories.slug,
  rtp: games.rtp,
  volatility: games.volatility,
  thumbnail: games.thumbnail,
  tags: games.tags,
  kind: games.engine,
};

type SummaryRow = Omit<GameSummary, 'volatility' | 'kind'> & { volatility: string; kind: string };

const toSummary = (row: SummaryRow): GameSummary => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  provider: row.provider,
  category: row.category,
  rtp: row.rtp,
  volatility: row.volatility as Volatility,
  thumbnail: row.thumbnail,
  tags: [...row.tags],
  kind: row.kind as GameKind,
});

/** A slot's stake is shared equally by its lines, so it moves in steps of the line count; other games in single units. */
function stakeStep(engine: string, engineConfig: string): number {
  return engine === 'slot' ? (slotTitle(engineConfig)?.paylines.length ?? 1) : 1;
}

/** LIKE treats % and _ as wildcards; a search for them means the characters themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const PLAYABLE_TTL_MS = 5_000;

export function createCatalogService({ db, now = () => Date.now() }: { db: Database; now?: () => number }) {
  const playable = new Map<string, { game: PlayableGame; at: number }>();
  const joined = () =>
    db
      .select(summaryColumns)
      .from(games)
      .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
      .innerJoin(gameCategories, eq(gameCategories.id, games.categoryId));

  return {
    async gameCategories(): Promise<GameCategory[]> {
      return db
        .select({ slug: gameCategories.slug, name: gameCategories.name, description: gameCategories.description })
        .from(gameCategories)
        .orderBy(asc(gameCategories.sortOrder), asc(gameCategories.id));
    },

    /**
     * The all-games guard: `/{slug, any depth}` names a category or a provider by its last segment
     * (`/slots`, `/providers/croupier-studio`). Anything else is not a listing.
     */
    async resolveListing(slugPath: string): Promise<ListingTarget | null> {
      const segments = slugPath.split('/').filter(Boolean);
      const slug = segments.at(-1);
      if (!slug || segments.length > 2 || !/^[a-z0-9-]{1,64}$/.test(slug)) return null;
      const wantsProvider = segments.length === 2;
      if (wantsProvider && segments[0] !== 'providers') return null;
      if (!wantsProvider) {
        const [category] = await db
          .select({ slug: gameCategories.slug, name: gameCategories.name, description: gameCategories.description })
          .from(gameCategories)
          .where(eq(gameCategories.slug, slug));
        if (category) return { kind: 'category', ...category };
      }
      const [provider] = await db
        .select({ slug: gameProviders.slug, name: gameProviders.name, description: gameProviders.description })
        .from(gameProviders)
        .where(eq(gameProviders.slug, slug));
      return provider ? { kind: 'provider', ...provider } : null;
    },

    /**
     * A page of the catalogue, newest release first. A category lists the games whose own category it is and
     * the games tagged with its slug, so `new` and `popular` are curated by tags. An unknown category or provider
     * lists nothing.
     */
    async games(query: GameQuery): Promise<GamesPage> {
      const conditions: SQL[] = [];
      if (query.q) conditions.push(sql`${games.name} ilike ${likePattern(query.q)}`);
      if (query.category) conditions.push(sql`(${gameCategories.slug} = ${query.category} or ${query.category} = any(${games.tags}))`);
      if (query.provider) conditions.push(eq(gameProviders.slug, query.provider));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [counted] = await db
        .select({ total: sql<number | string>`count(*)` })
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
        .innerJoin(gameCategories, eq(gameCategories.id, games.categoryId))
        .where(where);
      const total = Number(counted?.total ?? 0);
      const rows = await joined().where(where).orderBy(desc(games.releaseDate), asc(games.id)).limit(query.perPage).offset(pageOffset(query));
      return {
        data: rows.map((row) => toSummary(row)),
        meta: pageMeta(query, total),
      };
    },

    /** One game with its info panel (rules, paytable, RTP, volatility) and the house's limits; null when unknown. */
    async game(slug: string): Promise<GameDetail | null> {
      const [row] = await db
        .select({
          ...summaryColumns,
          description: games.description,
          providerName: gameProviders.name,
          categoryName: gameCategories.name,
          releaseDate: games.releaseDate,
          engineConfig: games.engineConfig,
          minStake: games.minStake,
          maxStake: games.maxStake,
          betLimits: games.betLimits,
        })
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
        .innerJoin(gameCategories, eq(gameCategories.id, games.categoryId))
        .where(eq(games.slug, slug));
      if (!row) return null;
      const info = gameInfo(row.engineConfig);
      if (!info) throw new Error(`Game ${slug} names engine config ${row.engineConfig}, which games/ does not have`);
      return {
        ...toSummary(row),
        description: row.description,
        provider_name: row.providerName,
        category_name: row.categoryName,
        release_date: row.releaseDate,
        limits: { min_stake: row.minStake, max_stake: row.maxStake, stake_step: stakeStep(row.kind, row.engineConfig), bet_limits: row.betLimits },
        info: toGameInfo(info),
      };
    },

    /** Lobby tiles for these ids, in the order given; unknown ids are left out. */
    async gamesByIds(ids: readonly number[]): Promise<GameSummary[]> {
      if (ids.length === 0) return [];
      const rows = await joined().where(inArray(games.id, [...new Set(ids)]));
      const byId = new Map(rows.map((row) => [row.id, toSummary(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * The game a round is played on, by slug or id; null when there is none. Every round asks, so answers are
     * kept for a few seconds: a change an operator makes to a game's limits applies to rounds within that time.
     */
    async playableGame(slugOrId: string | number): Promise<PlayableGame | null> {
      const key = String(slugOrId);
      const kept = playable.get(key);
      if (kept && now() - kept.at < PLAYABLE_TTL_MS) return kept.game;
      const [row] = await db
        .select()
        .from(games)
        .where(typeof slugOrId === 'number' ? eq(games.id, slugOrId) : eq(games.slug, slugOrId));
      const game: PlayableGame | null = row
        ? {
            id: row.id,
            slug: row.slug,
            name: row.name,
            engine: row.engine as GameKind,
            engineConfig: row.engineConfig,
            limits: { min_stake: row.minStake, max_stake: row.maxStake, stake_step: stakeStep(row.engine, row.engineConfig), bet_limits: row.betLimits },
          }
        : null;
      // Unknown names are not kept: anyone can ask for any number of them.
      if (game) playable.set(key, { game, at: now() });
      return game;
    },
  };
}
