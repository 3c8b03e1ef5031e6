// Stakes and wins of a player's real-money rounds over windows, for the limits module's wager and loss limits and
// its reality check (docs/decisions/0055-limits.md). One query over the (player_id, created_at) index; a round's
// stake counts from the moment it was placed, its win once decided (a hand still open has won nothing yet).

import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { gameRounds } from './schema.ts';

export type RoundTotals = { stakes: number; wins: number; oldestAt: Date | null };

export function createRoundTotals(db: Database) {
  return async function roundTotals(playerId: number, since: Date[]): Promise<RoundTotals[]> {
    if (since.length === 0) return [];
    const earliest = new Date(Math.min(...since.map((at) => at.getTime())));
    const columns = Object.fromEntries(
      since.flatMap((at, i) => [
        [`s${i}`, sql<string | number>`coalesce(sum(${gameRounds.stake}) filter (where ${gameRounds.createdAt} >= ${at}), 0)`],
        [`w${i}`, sql<string | number>`coalesce(sum(${gameRounds.win}) filter (where ${gameRounds.createdAt} >= ${at}), 0)`],
        [`o${i}`, sql<Date | string | null>`min(${gameRounds.createdAt}) filter (where ${gameRounds.createdAt} >= ${at})`],
      ]),
    );
    const [row] = (await db
      .select(columns)
      .from(gameRounds)
      .where(and(eq(gameRounds.playerId, playerId), gt(gameRounds.createdAt, new Date(earliest.getTime() - 1))))) as Record<string, unknown>[];
    return since.map((_, i) => ({
      stakes: Number(row?.[`s${i}`] ?? 0),
      wins: Number(row?.[`w${i}`] ?? 0),
      oldestAt: row?.[`o${i}`] ? new Date(row[`o${i}`] as string) : null,
    }));
  };
}
