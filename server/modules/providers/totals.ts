import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stakeTotalsReader, type StakeTotalsReader } from '../shared/stake-totals.ts';
import { providerTransactions } from './schema.ts';

// Stakes and wins on aggregators' games: per player since each instant, for the limits' wager and loss limits and the
// reality check, as the games module's round totals are (docs/decisions/0055-limits.md), and per game over a period
// for the back office's GGR and RTP. A stake counts once its money moved and stops counting once it is given back
// (rolled back, or refused after the fact); a free round stakes nothing.

export type { StakeTotals as ProviderTotals } from '../shared/stake-totals.ts';

export function createProviderTotals(db: Database): StakeTotalsReader {
  const t = providerTransactions;
  const staked = sql`(${t.kind} = 'bet' and ${t.state} = 'accepted' and not ${t.free})`;
  const won = sql`(${t.kind} = 'win')`;
  return stakeTotalsReader(db, {
    table: t,
    playerId: t.playerId,
    stake: sql`case when ${staked} then ${t.amount} else 0 end`,
    win: sql`case when ${won} then ${t.amount} else 0 end`,
    createdAt: t.createdAt,
    only: sql`(${staked} or ${won})`,
  });
}

/** One aggregator's game over a period: stakes, wins, gross gaming revenue and return to player (null with no stakes). */
export type ProviderGameReport = {
  provider: string;
  gameCode: string;
  gameName: string | null;
  bets: number;
  stakes: number;
  wins: number;
  ggr: number;
  rtp: number | null;
};

export function createProviderReport(db: Database) {
  const t = providerTransactions;
  const staked = sql`(${t.kind} = 'bet' and ${t.state} = 'accepted' and not ${t.free})`;
  return async function providerReport({ from, to, currency }: { from: Date; to: Date; currency: string }): Promise<ProviderGameReport[]> {
    const rows = await db
      .select({
        provider: t.provider,
        gameCode: sql<string>`coalesce(${t.gameCode}, '')`,
        gameName: sql<string | null>`max(${t.gameName})`,
        bets: sql<string | number>`count(*) filter (where ${staked})`,
        stakes: sql<string | number>`coalesce(sum(${t.amount}) filter (where ${staked}), 0)`,
        wins: sql<string | number>`coalesce(sum(${t.amount}) filter (where ${t.kind} = 'win'), 0)`,
      })
      .from(t)
      .where(and(gte(t.createdAt, from), lt(t.createdAt, to), eq(t.currency, currency), sql`${t.kind} in ('bet', 'win')`))
      .groupBy(t.provider, sql`coalesce(${t.gameCode}, '')`)
      .orderBy(asc(t.provider), asc(sql`coalesce(${t.gameCode}, '')`));
    return rows.map((row) => {
      const stakes = Number(row.stakes);
      const wins = Number(row.wins);
      return { ...row, bets: Number(row.bets), stakes, wins, ggr: stakes - wins, rtp: stakes > 0 ? Math.round((wins / stakes) * 10_000) / 100 : null };
    });
  };
}
