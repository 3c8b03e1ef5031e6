import { and, asc, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ExportRange, type ExportRow, iso } from '../shared/export-rows.ts';
import { providerRounds } from './schema.ts';

/** Aggregators' rounds opened in the period, for the regulator's export (docs/decisions/0117). */
export function providerRoundExportRows(db: Database) {
  return async function rounds({ from, to }: ExportRange): Promise<ExportRow[]> {
    const rows = await db
      .select()
      .from(providerRounds)
      .where(and(gte(providerRounds.openedAt, from), lt(providerRounds.openedAt, to)))
      .orderBy(asc(providerRounds.openedAt), asc(providerRounds.id));
    return rows.map((row) => ({
      source: `provider:${row.provider}`,
      round_id: row.round,
      player_id: row.playerId,
      game: row.gameCode,
      status: row.status,
      currency: row.currency,
      stake: row.stake,
      win: row.win,
      started_at: iso(row.openedAt),
      settled_at: iso(row.closedAt),
    }));
  };
}
