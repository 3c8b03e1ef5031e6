import { and, asc, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ExportRange, type ExportRow, iso } from '../shared/export-rows.ts';
import { gameRounds } from './schema.ts';

/** The house games' rounds started in the period, for the regulator's export (docs/decisions/0117). */
export function gameRoundExportRows(db: Database) {
  return async function rounds({ from, to }: ExportRange): Promise<ExportRow[]> {
    const rows = await db
      .select()
      .from(gameRounds)
      .where(and(gte(gameRounds.createdAt, from), lt(gameRounds.createdAt, to)))
      .orderBy(asc(gameRounds.createdAt), asc(gameRounds.id));
    return rows.map((row) => ({
      source: 'house',
      round_id: row.id,
      player_id: row.playerId,
      game: row.engine,
      status: row.status,
      currency: row.currency,
      stake: row.stake,
      win: row.win,
      started_at: iso(row.createdAt),
      settled_at: iso(row.settledAt),
    }));
  };
}
