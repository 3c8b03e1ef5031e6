import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { GameDetail, GameKind, GameLimits, GameQuery, GameSource, GamesPage, GameSummary, Volatility } from '../../../contract/games.ts';
import { type AdminGame, GAME_TAGS } from '../../../contract/operators.ts';
import type { GameCategory, ListingTarget } from '../../../contract/site.ts';
import { gameInfo } from '../../../games/catalogue.ts';
import { slotTitle } from '../../../games/slots/catalogue.ts';
import type { Database } from '../../db/client.ts';
import { providerGameInfo, toGameInfo } from './game-info.ts';
import { createProviderCatalog } from './provider-games.ts';
import { gameCategories, gameProviders, games } from './schema.ts';
import { pageMeta, pageOffset } from '../shared/pagination.ts';
import { createReadCache } from '../shared/read-cache.ts';

/** What the rounds need to know about a game: which engine plays it, with which maths, within which limits. */
export type PlayableGame = {
  id: number;
  slug: string;
  name: string;
  engine: GameKind;
  engineConfig: string;
  limits: GameLimits;
  /** False once an operator disabled it: rounds in progress finish, new ones are refused. */
  enabled: boolean;
};

/** An operator's change to a game (PUT /api/admin/games/{slug}); validated by the caller. */
export type GameChange = { enabled?: boolean; categoryId?: number; tags?: string[]; minStake?: number; maxStake?: number };

export type CatalogService = ReturnType<typeof createCatalogService>;
/** What a player hears when they start a round on a game an operator disabled (HTTP 409, type game_unavailable). */
export const GAME_UNAVAILABLE_MESSAGE = 'This game is not available at the moment. Please choose another game.';

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
  source: games.source,
  studio: gameProviders.name,
  demo: games.demoAvailable,
};

type SummaryRow = Omit<GameSummary, 'volatility' | 'kind' | 'source'> & { volatility: string; kind: string; source: string };

/** What players may see: switched on by an operator and, for an aggregator's game, still on its list. */
const visible = () => and(eq(games.enabled, true), isNull(games.withdrawnAt))!;

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
  source: row.source as GameSource,
  studio: row.studio,
  demo: row.demo,
});

/** A slot's stake is shared equally by its lines, so it moves in steps of the line count; other games in single units. */
function stakeStep(engine: string, engineConfig: string): number {
  return engine === 'slot' ? (slotTitle(engineConfig)?.paylines.length ?? 1) : 1;
}

/** LIKE treats % and _ as wildcards; a search for them means the characters themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const PLAYABLE_TTL_MS = 5_000;

const adminColumns = {
  id: games.id,
  slug: games.slug,
  name: games.name,
  kind: games.engine,
  provider: gameProviders.slug,
  category: gameCategories.slug,
  tags: games.tags,
  enabled: games.enabled,
  minStake: games.minStake,
  maxStake: games.maxStake,
  engineConfig: games.engineConfig,
  rtp: games.rtp,
};
type AdminRow = { [K in keyof typeof adminColumns]: (typeof adminColumns)[K]['_']['data'] };
const toAdminGame = (row: AdminRow): AdminGame => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  kind: row.kind,
  provider: row.provider,
  category: row.category,
  tags: [...row.tags],
  enabled: row.enabled,
  min_stake: row.minStake,
  max_stake: row.maxStake,
  stake_step: stakeStep(row.kind, row.engineConfig),
  rtp: row.rtp,
});

export function createCatalogService({ db, now = () => Date.now() }: { db: Database; now?: () => number }) {
  const providerGames = createProviderCatalog({ db, now });
  const playable = new Map<string, { game: PlayableGame; at: number }>();
  // The bonuses ask for each stake's game category (its wagering contribution); forgotten with the rest on a change.
  const categories = new Map<number, string | null>();
  const lobby = createReadCache({ ttlMs: PLAYABLE_TTL_MS, now });
  const joined = () =>
    db
      .select(summaryColumns)
      .from(games)
      .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
      .innerJoin(gameCategories, eq(gameCategories.id, games.categoryId));

  async function resolveListing(slugPath: string): Promise<ListingTarget | null> {
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
  }

  async function gamesPage(query: GameQuery): Promise<GamesPage> {
    const conditions: SQL[] = [visible()];
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
  }

  async function gameDetail(slug: string): Promise<GameDetail | null> {
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
        freebets: games.freebetSupport,
      })
      .from(games)
      .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
      .innerJoin(gameCategories, eq(gameCategories.id, games.categoryId))
      .where(and(eq(games.slug, slug), visible()));
    if (!row) return null;
    const limits = { min_stake: row.minStake, max_stake: row.maxStake, stake_step: stakeStep(row.kind, row.engineConfig), bet_limits: row.betLimits };
    const detail: Omit<GameDetail, 'info'> = {
      ...toSummary(row),
      description: row.description,
      provider_name: row.providerName,
      category_name: row.categoryName,
      release_date: row.releaseDate,
      limits,
    };
    if (row.source !== 'house') return { ...detail, info: providerGameInfo(row) };
    const info = gameInfo(row.engineConfig);
    if (!info) throw new Error(`Game ${slug} names engine config ${row.engineConfig}, which games/ does not have`);
    return { ...detail, info: toGameInfo(info) };
  }

  return {
    gameCategories(): Promise<GameCategory[]> {
      return lobby.read('categories', () =>
        db
          .select({ slug: gameCategories.slug, name: gameCategories.name, description: gameCategories.description })
          .from(gameCategories)
          .orderBy(asc(gameCategories.sortOrder), asc(gameCategories.id)),
      );
    },

    /** Every provider, by name: the lobby's provider filter. */
    gameProviders(): Promise<{ slug: string; name: string }[]> {
      return lobby.read('providers', () =>
        db.select({ slug: gameProviders.slug, name: gameProviders.name }).from(gameProviders).orderBy(asc(gameProviders.name)),
      );
    },

    /**
     * The all-games guard: `/{slug, any depth}` names a category or a provider by its last segment
     * (`/slots`, `/providers/croupier-studio`). Anything else is not a listing.
     */
    resolveListing(slugPath: string): Promise<ListingTarget | null> {
      return lobby.read(
        `listing:${slugPath}`,
        () => resolveListing(slugPath),
        (target) => target !== null,
      );
    },

    /**
     * A page of the catalogue, newest release first. A category lists the games whose own category it is and
     * the games tagged with its slug, so `new` and `popular` are curated by tags. An unknown category or provider
     * lists nothing.
     */
    games(query: GameQuery): Promise<GamesPage> {
      const { q, category, provider, page, perPage } = query;
      return lobby.read(`games:${JSON.stringify([q, category, provider, page, perPage])}`, () => gamesPage(query));
    },

    /** One game with its info panel (rules, paytable, RTP, volatility) and the house's limits; null when unknown. */
    game(slug: string): Promise<GameDetail | null> {
      return lobby.read(
        `game:${slug}`,
        () => gameDetail(slug),
        (detail) => detail !== null,
      );
    },

    /** Lobby tiles for these ids, in the order given; unknown ids (and disabled games, with `enabledOnly`) are left out. */
    async gamesByIds(ids: readonly number[], { enabledOnly = false }: { enabledOnly?: boolean } = {}): Promise<GameSummary[]> {
      if (ids.length === 0) return [];
      const wanted = inArray(games.id, [...new Set(ids)]);
      const rows = await joined().where(enabledOnly ? and(wanted, visible()) : wanted);
      const byId = new Map(rows.map((row) => [row.id, toSummary(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * The game a round is played on, by slug or id; null when there is none. Every round asks, so answers are
     * kept for a few seconds; an operator's change forgets them on every node at once (invalidate(), cache bus).
     * Disabled games are answered too (enabled: false): the caller refuses new rounds, history still names them.
     */
    async playableGame(slugOrId: string | number): Promise<PlayableGame | null> {
      const key = String(slugOrId);
      const kept = playable.get(key);
      if (kept && now() - kept.at < PLAYABLE_TTL_MS) return kept.game;
      const [row] = await db
        .select()
        .from(games)
        .where(and(typeof slugOrId === 'number' ? eq(games.id, slugOrId) : eq(games.slug, slugOrId), eq(games.source, 'house')));
      const game: PlayableGame | null = row
        ? {
            id: row.id,
            slug: row.slug,
            name: row.name,
            engine: row.engine as GameKind,
            engineConfig: row.engineConfig,
            limits: { min_stake: row.minStake, max_stake: row.maxStake, stake_step: stakeStep(row.engine, row.engineConfig), bet_limits: row.betLimits },
            enabled: row.enabled,
          }
        : null;
      // Unknown names are not kept: anyone can ask for any number of them.
      if (game) playable.set(key, { game, at: now() });
      return game;
    },

    /** The slug of a game's category (null for an unknown game), kept until an operator changes a game. */
    async categoryOf(gameId: number): Promise<string | null> {
      if (!categories.has(gameId)) categories.set(gameId, (await joined().where(eq(games.id, gameId)))[0]?.category ?? null);
      return categories.get(gameId) ?? null;
    },

    /** Forgets the playable games kept for rounds and the lobby's reads (an operator changed a game). */
    invalidate(): void {
      categories.clear();
      playable.clear();
      lobby.clear();
      providerGames.invalidate();
    },

    /** Aggregators' games: their sync, their launch lookups and the console's list (provider-games.ts). */
    providerGames,

    /** Every game of the house, enabled or not, as the console lists it (aggregators' are on its Providers screen). */
    async adminGames(within: Database = db): Promise<AdminGame[]> {
      const rows = await within
        .select({ ...adminColumns })
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
        .innerJoin(gameCategories, eq(gameCategories.id, games.categoryId))
        .where(eq(games.source, 'house'))
        .orderBy(asc(games.name), asc(games.id));
      return rows.map(toAdminGame);
    },

    async adminGame(slug: string, within: Database = db): Promise<AdminGame | null> {
      const [row] = await within
        .select({ ...adminColumns })
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
        .innerJoin(gameCategories, eq(gameCategories.id, games.categoryId))
        .where(and(eq(games.slug, slug), eq(games.source, 'house')))
        .for('update', { of: games });
      return row ? toAdminGame(row) : null;
    },

    /** A game's own categories (not the listing tags), by slug: what an operator may file a game under. */
    async ownCategories(within: Database = db): Promise<Map<string, { id: number; name: string }>> {
      const rows = await within
        .select({ id: gameCategories.id, slug: gameCategories.slug, name: gameCategories.name })
        .from(gameCategories)
        .orderBy(asc(gameCategories.sortOrder), asc(gameCategories.id));
      return new Map(rows.filter((row) => !(GAME_TAGS as readonly string[]).includes(row.slug)).map((row) => [row.slug, { id: row.id, name: row.name }]));
    },

    async updateGame(slug: string, change: GameChange, within: Database = db): Promise<void> {
      const set: Partial<typeof games.$inferInsert> = {};
      if (change.enabled !== undefined) set.enabled = change.enabled;
      if (change.categoryId !== undefined) set.categoryId = change.categoryId;
      if (change.tags !== undefined) set.tags = change.tags;
      if (change.minStake !== undefined) set.minStake = change.minStake;
      if (change.maxStake !== undefined) set.maxStake = change.maxStake;
      if (Object.keys(set).length > 0)
        await within
          .update(games)
          .set(set)
          .where(and(eq(games.slug, slug), eq(games.source, 'house')));
    },
  };
}
