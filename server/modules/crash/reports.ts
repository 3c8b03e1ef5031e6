import { type SQL, sql } from 'drizzle-orm';

/**
 * The operator reports' play rows from the crash game (docs/decisions/0103-operator-reports.md): settled bets (cashed
 * or lost; a refunded bet staked nothing) of `currency` placed in [from, to), per UTC day and player, as the catalogue's
 * crash game `gameId` (null when the catalogue has none), in the columns every game module's play rows share.
 */
export function crashPlayRows(from: Date, to: Date, currency: string, gameId: number | null): SQL {
  return sql`
    select (created_at at time zone 'UTC')::date as day, player_id, ${gameId}::integer as game_id, 'house'::text as game_source,
           'crash'::text as game_code, sum(stake) as stakes, sum(win) as wins, count(*) as rounds
    from crash_bets
    where status in ('cashed', 'lost') and currency = ${currency} and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
    group by 1, 2`;
}
