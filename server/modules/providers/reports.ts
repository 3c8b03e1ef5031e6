import { type SQL, sql } from 'drizzle-orm';

/**
 * The operator reports' play rows from aggregators' games (docs/decisions/0103-operator-reports.md), counted as the
 * limits and the provider console count them (totals.ts): a stake once its money moved and until it is given back, a
 * free round staking nothing, a win when it came; each paid bet is a round. Per UTC day, player, aggregator and game
 * code, in the columns every game module's play rows share (the catalogue finds the game by source and code).
 */
export function providerPlayRows(from: Date, to: Date, currency: string): SQL {
  const staked = sql`(kind = 'bet' and state = 'accepted' and not free)`;
  return sql`
    select (created_at at time zone 'UTC')::date as day, player_id, null::integer as game_id, provider as game_source,
           coalesce(game_code, '') as game_code,
           coalesce(sum(amount) filter (where ${staked}), 0) as stakes,
           coalesce(sum(amount) filter (where kind = 'win'), 0) as wins,
           count(*) filter (where ${staked}) as rounds
    from provider_transactions
    where kind in ('bet', 'win') and currency = ${currency} and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
    group by 1, 2, 4, 5`;
}
