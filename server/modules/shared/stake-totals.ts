// A player's stakes and wins over several windows in one query, for the limits module's wager and loss limits and
// its reality check (docs/decisions/0055-limits.md): each game module that takes stakes answers from its own table
// (our rounds, crash bets, aggregators' transactions) through this one shape. A stake counts from when it was
// placed, a win once decided.
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';

export type StakeTotals = { stakes: number; wins: number; oldestAt: Date | null };
/** Stakes and wins since each instant, in the order given. */
export type StakeTotalsReader = (playerId: number, since: Date[]) => Promise<StakeTotals[]>;

export function stakeTotalsReader(
  db: Database,
  columns: { table: PgTable; playerId: PgColumn; stake: PgColumn | SQL; win: PgColumn | SQL; createdAt: PgColumn; only?: SQL },
): StakeTotalsReader {
  const { table, playerId: player, stake, win, createdAt, only } = columns;
  return async (playerId, since) => {
    if (since.length === 0) return [];
    const earliest = new Date(Math.min(...since.map((at) => at.getTime())));
    const selected = Object.fromEntries(
      since.flatMap((at, i) => [
        [`s${i}`, sql<string | number>`coalesce(sum(${stake}) filter (where ${createdAt} >= ${at}), 0)`],
        [`w${i}`, sql<string | number>`coalesce(sum(${win}) filter (where ${createdAt} >= ${at}), 0)`],
        [`o${i}`, sql<Date | string | null>`min(${createdAt}) filter (where ${createdAt} >= ${at})`],
      ]),
    );
    const [row] = (await db
      .select(selected)
      .from(table)
      .where(and(eq(player, playerId), gte(createdAt, earliest), only))) as Record<string, unknown>[];
    return since.map((_, i) => ({
      stakes: Number(row?.[`s${i}`] ?? 0),
      wins: Number(row?.[`w${i}`] ?? 0),
      oldestAt: row?.[`o${i}`] ? new Date(row[`o${i}`] as string) : null,
    }));
  };
}

/** Several game modules' totals over the same windows, added up window by window (the oldest stake of any). */
export function sumStakeTotals(sources: StakeTotals[][]): StakeTotals[] {
  const windows = sources[0]?.length ?? 0;
  return Array.from({ length: windows }, (_, i) => {
    const totals = sources.map((source) => source[i]!);
    const oldest = totals.map((total) => total.oldestAt?.getTime()).filter((at): at is number => at !== undefined);
    return {
      stakes: totals.reduce((sum, total) => sum + total.stakes, 0),
      wins: totals.reduce((sum, total) => sum + total.wins, 0),
      oldestAt: oldest.length === 0 ? null : new Date(Math.min(...oldest)),
    };
  });
}

/** One reader over every game module's own: their totals added up window by window. */
export function allStakeTotals(readers: StakeTotalsReader[]): StakeTotalsReader {
  return async (playerId, since) => sumStakeTotals(await Promise.all(readers.map((read) => read(playerId, since))));
}
