// A player's real-money rounds as the API shows them: one round, the history page, and the view of a stored row.

import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { GameKind, GameRound, RoundRequest, RoundsPage, RoundStatus } from '../../../contract/games.ts';
import type { Database } from '../../db/client.ts';
import type { CatalogService, PlayableGame } from '../catalog/service.ts';
import { pageMeta, pageOffset } from '../shared/pagination.ts';
import type { MoveState } from './engines.ts';
import type { FairnessService } from './fairness.ts';
import type { RoundRow } from './round-settlement.ts';
import { toGameRound } from './round-view.ts';
import { gameRounds } from './schema.ts';

export function createRoundHistory({
  db,
  catalog,
  fairness,
}: {
  db: Database;
  catalog: Pick<CatalogService, 'playableGame' | 'gamesByIds'>;
  fairness: Pick<FairnessService, 'revealedSeeds'>;
}) {
  async function rowOf(roundId: string): Promise<RoundRow | undefined> {
    const [row] = await db.select().from(gameRounds).where(eq(gameRounds.id, roundId));
    return row;
  }

  /** A stored round as answered, its game's slug from `game` when known, its server seed once revealed. */
  async function view(row: RoundRow, game?: Pick<PlayableGame, 'slug'>, serverSeed: string | null = null): Promise<GameRound> {
    const slug = game?.slug ?? (await catalog.gamesByIds([row.gameId]))[0]?.slug ?? String(row.gameId);
    return toGameRound({
      id: row.id,
      game: { slug, engine: row.engine as GameKind, engineConfig: row.engineConfig },
      mode: 'real',
      status: row.status as RoundStatus,
      currency: row.currency,
      stake: row.stake,
      win: row.win,
      request: row.request as RoundRequest,
      outcome: row.outcome ?? null,
      state: (row.state as MoveState | null) ?? null,
      moves: row.moves,
      serverSeedHash: row.serverSeedHash,
      clientSeed: row.clientSeed,
      nonce: row.nonce,
      serverSeed,
      createdAt: row.createdAt,
      settledAt: row.settledAt,
    });
  }

  return {
    rowOf,
    view,

    /** The player's rounds, newest first, each with its server seed once revealed. */
    async history(playerId: number, query: { page: number; perPage: number; game?: string; status?: RoundStatus }): Promise<RoundsPage> {
      const conditions: SQL[] = [eq(gameRounds.playerId, playerId)];
      if (query.status) conditions.push(eq(gameRounds.status, query.status));
      if (query.game) {
        const game = await catalog.playableGame(query.game);
        if (!game) return { data: [], meta: pageMeta(query, 0) };
        conditions.push(eq(gameRounds.gameId, game.id));
      }
      const where = and(...conditions);
      const [counted] = await db.select({ total: sql<number | string>`count(*)` }).from(gameRounds).where(where);
      const total = Number(counted?.total ?? 0);
      const rows = await db
        .select()
        .from(gameRounds)
        .where(where)
        .orderBy(desc(gameRounds.createdAt), desc(gameRounds.id))
        .limit(query.perPage)
        .offset(pageOffset(query));
      const [games, revealed] = await Promise.all([catalog.gamesByIds(rows.map((row) => row.gameId)), fairness.revealedSeeds(rows.map((row) => row.seedId))]);
      const slugs = new Map(games.map((game) => [game.id, game]));
      return {
        data: await Promise.all(rows.map((row) => view(row, slugs.get(row.gameId), revealed.get(row.seedId) ?? null))),
        meta: pageMeta(query, total),
      };
    },

    /** One of the player's rounds with its server seed once revealed; null when the player has no such round. */
    async round(playerId: number, roundId: string): Promise<GameRound | null> {
      const row = await rowOf(roundId);
      if (!row || row.playerId !== playerId) return null;
      const revealed = await fairness.revealedSeeds([row.seedId]);
      return view(row, undefined, revealed.get(row.seedId) ?? null);
    },
  };
}
