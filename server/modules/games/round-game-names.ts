import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CatalogService } from '../catalog/service.ts';
import { gameRounds } from './schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The game's name of each of these real-money rounds (issue 34 §6: the wallet history names the game of a bet or a
 * win): the rounds' games from this module's table, their names from the catalogue. Ids that are no round here are
 * left out.
 */
export function createRoundGameNames(db: Database, catalog: Pick<CatalogService, 'gamesByIds'>) {
  return async function roundGameNames(roundIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(roundIds.filter((id) => UUID.test(id)))];
    if (ids.length === 0) return new Map();
    const rows = await db.select({ id: gameRounds.id, gameId: gameRounds.gameId }).from(gameRounds).where(inArray(gameRounds.id, ids));
    if (rows.length === 0) return new Map();
    const names = new Map((await catalog.gamesByIds(rows.map((row) => row.gameId))).map((game) => [game.id, game.name]));
    const named = new Map<string, string>();
    for (const row of rows) {
      const name = names.get(row.gameId);
      if (name) named.set(String(row.id), name);
    }
    return named;
  };
}
