import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { providerTransactions } from './schema.ts';

// The player's last aggregator rounds for game-round recall (issue 33 §7, docs/decisions/0113): one entry per
// provider round, its bets and wins in order. A refused or rolled-back bet shows as such and stakes nothing.

export type ProviderRoundStep = { kind: 'bet' | 'win' | 'rollback'; amount: number; state: string; free: boolean; at: Date };
export type ProviderRecalledRound = {
  provider: string;
  round: string;
  gameCode: string | null;
  gameName: string | null;
  currency: string;
  stake: number;
  win: number;
  startedAt: Date;
  steps: ProviderRoundStep[];
};

export function createProviderRoundRecall(db: Database) {
  const t = providerTransactions;
  return {
    async recentRounds(playerId: number, limit: number): Promise<ProviderRecalledRound[]> {
      const newest = await db
        .select({ provider: t.provider, round: t.round, last: sql<Date | string>`max(${t.createdAt})` })
        .from(t)
        .where(and(eq(t.playerId, playerId), isNotNull(t.round)))
        .groupBy(t.provider, t.round)
        .orderBy(desc(sql`max(${t.createdAt})`))
        .limit(limit);
      if (newest.length === 0) return [];
      const rows = await db
        .select()
        .from(t)
        .where(
          and(
            eq(t.playerId, playerId),
            inArray(
              t.round,
              newest.map((row) => row.round!),
            ),
          ),
        )
        .orderBy(t.createdAt, t.id);
      return newest.map(({ provider, round }) => {
        const own = rows.filter((row) => row.provider === provider && row.round === round);
        const first = own[0]!;
        const staked = (row: (typeof own)[number]) => row.kind === 'bet' && row.state === 'accepted' && !row.free;
        return {
          provider,
          round: round!,
          gameCode: first.gameCode,
          gameName: own.find((row) => row.gameName)?.gameName ?? null,
          currency: first.currency,
          stake: own.filter(staked).reduce((sum, row) => sum + row.amount, 0),
          win: own.filter((row) => row.kind === 'win').reduce((sum, row) => sum + row.amount, 0),
          startedAt: first.createdAt,
          steps: own.map((row) => ({ kind: row.kind as ProviderRoundStep['kind'], amount: row.amount, state: row.state, free: row.free, at: row.createdAt })),
        };
      });
    },
  };
}
