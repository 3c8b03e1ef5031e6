import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../shared/db-results.ts';

// The back office's play figures (docs/decisions/0084-admin-console.md): per UTC day stakes, wins, rounds and
// active players; per game the observed RTP with a 95 % interval, so an operator sees a game paying out of line.

export type DailyPlay = { day: string; stakes: number; wins: number; rounds: number; active_players: number };
export type GamePlay = { game_id: number; rounds: number; stakes: number; wins: number; observed_rtp: number | null; interval: [number, number] | null };

/**
 * The operator reports' play rows from our rounds (docs/decisions/0103-operator-reports.md): settled real-money rounds
 * of `currency` started in [from, to), summed per UTC day, player and game, in the columns every game module's
 * play rows share (day, player_id, game_id, game_source, game_code, stakes, wins, rounds).
 */
export function housePlayRows(from: Date, to: Date, currency: string): SQL {
  return sql`
    select (created_at at time zone 'UTC')::date as day, player_id, game_id, 'house'::text as game_source, null::text as game_code,
           sum(stake) as stakes, sum(win) as wins, count(*) as rounds
    from game_rounds
    where status = 'settled' and currency = ${currency} and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
    group by 1, 2, 3`;
}

export function createGameReports({ db }: { db: Database }) {
  return {
    async dailyPlay(from: Date, to: Date, currency: string): Promise<DailyPlay[]> {
      const rows = rowsOf<{ day: string; stakes: string; wins: string; rounds: string; players: string }>(
        await db.execute(sql`
          select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
                 sum(stake) as stakes, sum(win) as wins, count(*) as rounds, count(distinct player_id) as players
          from game_rounds
          where status = 'settled' and currency = ${currency} and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
          group by 1 order by 1`),
      );
      return rows.map((row) => ({
        day: row.day,
        stakes: Number(row.stakes),
        wins: Number(row.wins),
        rounds: Number(row.rounds),
        active_players: Number(row.players),
      }));
    },

    async activePlayers(from: Date, to: Date): Promise<number> {
      const [row] = rowsOf<{ players: string }>(
        await db.execute(
          sql`select count(distinct player_id) as players from game_rounds where created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}`,
        ),
      );
      return Number(row?.players ?? 0);
    },

    /**
     * Per game: rounds, stakes, wins and the observed RTP (wins / stakes, a ratio estimator) with its 95 % interval
     * from the per-round spread: SE = sqrt(Σ(wᵢ − R·sᵢ)² / (n(n−1))) / mean(s).
     */
    async gamePlay(from: Date, to: Date, currency: string): Promise<GamePlay[]> {
      const rows = rowsOf<{ game_id: number; n: string; s: string; w: string; ss: string; ww: string; ws: string }>(
        await db.execute(sql`
          select game_id, count(*) as n, sum(stake) as s, sum(win) as w,
                 sum(stake::float8 * stake) as ss, sum(win::float8 * win) as ww, sum(win::float8 * stake) as ws
          from game_rounds
          where status = 'settled' and currency = ${currency} and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
          group by game_id order by sum(stake) desc`),
      );
      return rows.map((row) => {
        const n = Number(row.n);
        const stakes = Number(row.s);
        const wins = Number(row.w);
        if (stakes <= 0) return { game_id: row.game_id, rounds: n, stakes, wins, observed_rtp: null, interval: null };
        const ratio = wins / stakes;
        if (n < 2) return { game_id: row.game_id, rounds: n, stakes, wins, observed_rtp: ratio * 100, interval: null };
        const squares = Math.max(0, Number(row.ww) - 2 * ratio * Number(row.ws) + ratio * ratio * Number(row.ss));
        const standardError = Math.sqrt(squares / (n * (n - 1))) / (stakes / n);
        return {
          game_id: row.game_id,
          rounds: n,
          stakes,
          wins,
          observed_rtp: ratio * 100,
          interval: [Math.max(0, (ratio - 1.96 * standardError) * 100), (ratio + 1.96 * standardError) * 100],
        };
      });
    },
  };
}
