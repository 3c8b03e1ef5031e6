// A player's favourite games (SPEC.md §3, §5, §7): one list, the latest favourite last; posting a game toggles it.

import { and, asc, eq } from 'drizzle-orm';
import type { GameSummary } from '../../../contract/games.ts';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import type { CatalogService } from '../catalog/service.ts';
import { favouriteGames } from './schema.ts';

export type FavouritesService = ReturnType<typeof createFavouritesService>;

export function createFavouritesService({ db, catalog }: { db: Database; catalog: Pick<CatalogService, 'gamesByIds'> }) {
  async function list(playerId: number): Promise<GameSummary[]> {
    const rows = await db
      .select({ gameId: favouriteGames.gameId })
      .from(favouriteGames)
      .where(eq(favouriteGames.playerId, playerId))
      .orderBy(asc(favouriteGames.id));
    return catalog.gamesByIds(
      rows.map((row) => row.gameId),
      { enabledOnly: true },
    );
  }

  return {
    list,

    /** Adds the game when it is not a favourite, removes it when it is; answers the list as it is now. */
    async toggle(playerId: number, gameId: number): Promise<GameSummary[]> {
      const [game] = await catalog.gamesByIds([gameId], { enabledOnly: true });
      if (!game) throw new Problem(404, 'No game with that id.');
      const removed = await db
        .delete(favouriteGames)
        .where(and(eq(favouriteGames.playerId, playerId), eq(favouriteGames.gameId, gameId)))
        .returning({ id: favouriteGames.id });
      if (removed.length === 0) await db.insert(favouriteGames).values({ playerId, gameId }).onConflictDoNothing();
      return list(playerId);
    },
  };
}
