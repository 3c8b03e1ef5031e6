import { and, asc, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ExportRange, type ExportRow, iso } from '../shared/export-rows.ts';
import { crashBets } from './schema.ts';

/** Crash bets placed in the period, for the regulator's export (docs/decisions/0117). */
export function crashBetExportRows(db: Database) {
  return async function rounds({ from, to }: ExportRange): Promise<ExportRow[]> {
    const rows = await db
      .select()
      .from(crashBets)
      .where(and(gte(crashBets.createdAt, from), lt(crashBets.createdAt, to)))
      .orderBy(asc(crashBets.createdAt), asc(crashBets.id));
    return rows.map((row) => ({
      source: 'crash',
      round_id: `${row.gameId}:${row.id}`,
      player_id: row.playerId,
      game: 'crash',
      status: row.status,
      currency: row.currency,
      stake: row.stake,
      win: row.win,
      started_at: iso(row.createdAt),
      settled_at: iso(row.settledAt),
    }));
  };
}
