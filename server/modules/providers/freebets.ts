import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { PlayerFreeRounds } from '../../../contract/bonuses.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import { hub88UnitsOf } from './hub88/protocol.ts';
import { type Hub88OperatorClient, operatorProblem } from './hub88/operator-client.ts';
import type { ProviderCatalogue } from './ports.ts';
import { providerFreebets, providerTransactions } from './schema.ts';
import type { ProviderSessions } from './sessions.ts';

// Free rounds on an aggregator's game (decision 0100): a bonus names the game, how many rounds and the stake of each;
// when a player's bonus starts, Hub88's Freebets API makes a reward for them from the game's prepaid (the reward
// template), once per bonus. The rounds are then the aggregator's: its bets come marked `is_free` and move no money;
// their wins are paid like any win.

export type FreeRoundsGrant = {
  playerId: number;
  /** What granted them (the player's bonus id): a second grant for it answers the first. */
  reference: string;
  gameCode: string;
  count: number;
  /** The stake of each round, in minor units. */
  betValue: number;
  endsAt?: Date;
};

export type FreeRounds = {
  reference: string;
  game_code: string;
  count: number;
  bet_value: number;
  status: 'pending' | 'active' | 'failed';
  ends_at: string | null;
};

/** Hub88's datetimes: YYYY-MM-DDThh:mm:ss in UTC, no zone. */
const hubTime = (at: Date) => at.toISOString().slice(0, 19);

export function createFreeRounds({
  db,
  provider,
  client,
  catalogue,
  sessions,
  currency,
  logger,
}: {
  db: Database;
  provider: 'hub88';
  client: Hub88OperatorClient | undefined;
  catalogue: Pick<ProviderCatalogue, 'launchable' | 'byCodes'>;
  sessions: ProviderSessions;
  currency: string;
  logger?: FastifyBaseLogger;
}) {
  const view = (row: typeof providerFreebets.$inferSelect): FreeRounds => ({
    reference: row.reference,
    game_code: row.gameCode,
    count: row.betCount,
    bet_value: row.betValue,
    status: row.status as FreeRounds['status'],
    ends_at: row.endsAt?.toISOString() ?? null,
  });

  const rounds = {
    /**
     * Grants the rounds at the aggregator: the game's prepaid in the wallet's currency, then a reward for the player.
     * Idempotent by `reference`: a grant already made answers as it was; one that failed is tried again.
     */
    async grant(grant: FreeRoundsGrant): Promise<FreeRounds> {
      if (!client) throw new Problem(503, 'Free rounds from this provider are not available right now.', { type: 'provider_unavailable' });
      if (!Number.isSafeInteger(grant.count) || grant.count < 1 || grant.count > 1000) throw new Error('Free rounds: 1 to 1,000 rounds');
      if (!Number.isSafeInteger(grant.betValue) || grant.betValue < 1) throw new Error('Free rounds: a positive stake in minor units');
      const where = and(eq(providerFreebets.provider, provider), eq(providerFreebets.reference, grant.reference));
      await db
        .insert(providerFreebets)
        .values({
          provider,
          reference: grant.reference,
          playerId: grant.playerId,
          gameCode: grant.gameCode,
          currency,
          betValue: grant.betValue,
          betCount: grant.count,
          endsAt: grant.endsAt ?? null,
        })
        .onConflictDoNothing();
      const [row] = await db.select().from(providerFreebets).where(where);
      if (!row) throw new Error('Free rounds row missing');
      if (row.status === 'active') return view(row);
      try {
        const prepaids = await client.prepaids(row.gameCode);
        const units = hub88UnitsOf(row.betValue);
        const prepaid = prepaids.find(
          (candidate) =>
            candidate.currency === row.currency &&
            (candidate.bet_value === null || candidate.bet_value === units) &&
            (candidate.bet_count === null || candidate.bet_count === row.betCount),
        );
        if (!prepaid) throw new Problem(409, `The provider offers no free rounds on ${row.gameCode} at this stake in ${row.currency}.`, { type: 'bonus' });
        const user = await sessions.referenceOf(provider, row.playerId);
        const reward = await client.createReward({
          user,
          prepaid_uuid: prepaid.prepaid_uuid,
          game_code: row.gameCode,
          bet_value: units,
          bet_count: row.betCount,
          ...(row.endsAt ? { start_time: hubTime(new Date()), end_time: hubTime(row.endsAt) } : {}),
        });
        const [done] = await db
          .update(providerFreebets)
          .set({ status: 'active', rewardUuid: reward.reward_uuid, error: null, updatedAt: new Date() })
          .where(eq(providerFreebets.id, row.id))
          .returning();
        return view(done!);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db
          .update(providerFreebets)
          .set({ status: 'failed', error: message.slice(0, 500), updatedAt: new Date() })
          .where(eq(providerFreebets.id, row.id));
        logger?.warn({ err: error, reference: grant.reference }, 'free rounds grant failed');
        throw error instanceof Problem ? error : operatorProblem(error);
      }
    },

    /** The player's free rounds, newest first. */
    async of(playerId: number): Promise<FreeRounds[]> {
      const rows = await db
        .select()
        .from(providerFreebets)
        .where(and(eq(providerFreebets.provider, provider), eq(providerFreebets.playerId, playerId)))
        .orderBy(desc(providerFreebets.id))
        .limit(50);
      return rows.map(view);
    },

    /**
     * The player's free rounds as their bonus screen shows them, newest first: the game's name, the rounds left
     * (granted less the free bets the aggregator played from the reward), and whether they can still be played.
     */
    async forPlayer(playerId: number, at = new Date()): Promise<PlayerFreeRounds[]> {
      const rows = await db
        .select()
        .from(providerFreebets)
        .where(and(eq(providerFreebets.provider, provider), eq(providerFreebets.playerId, playerId)))
        .orderBy(desc(providerFreebets.id))
        .limit(50);
      if (rows.length === 0) return [];
      const rewards = rows.flatMap((row) => (row.rewardUuid ? [row.rewardUuid] : []));
      const t = providerTransactions;
      const [games, played] = await Promise.all([
        catalogue.byCodes(provider, [...new Set(rows.map((row) => row.gameCode))]),
        rewards.length === 0
          ? []
          : db
              .select({ reward: t.rewardUuid, n: count() })
              .from(t)
              .where(
                and(
                  eq(t.provider, provider),
                  eq(t.playerId, playerId),
                  eq(t.kind, 'bet'),
                  eq(t.free, true),
                  eq(t.state, 'accepted'),
                  inArray(t.rewardUuid, rewards),
                ),
              )
              .groupBy(t.rewardUuid),
      ]);
      const used = new Map(played.map((row) => [row.reward, Number(row.n)]));
      return rows.map((row) => {
        const left = Math.max(0, row.betCount - (row.rewardUuid ? (used.get(row.rewardUuid) ?? 0) : 0));
        const game = games.get(row.gameCode);
        const status: PlayerFreeRounds['status'] =
          row.status !== 'active' ? (row.status as 'pending' | 'failed') : left === 0 ? 'played' : row.endsAt && row.endsAt <= at ? 'expired' : 'active';
        return {
          id: row.reference,
          game: game ? { name: game.name, slug: game.slug, playable: game.offered } : null,
          rounds: row.betCount,
          rounds_left: row.status === 'failed' ? 0 : left,
          bet_value: row.betValue,
          currency: row.currency,
          status,
          expires_at: row.endsAt?.toISOString() ?? null,
          granted_at: row.createdAt.toISOString(),
        };
      });
    },

    /**
     * A bonus's free spins, when its game (a catalogue slug) is this aggregator's: granted here, once per bonus, and
     * true; false for any other game (the bonuses' FreeSpinsHandler).
     */
    async forBonus(grant: { bonusId: string; playerId: number; game: string; count: number; stake: number; endsAt: Date | null }): Promise<boolean> {
      const game = await catalogue.launchable(grant.game);
      if (!game || game.source !== provider || !game.code) return false;
      await rounds.grant({
        playerId: grant.playerId,
        reference: `bonus:${grant.bonusId}`,
        gameCode: game.code,
        count: grant.count,
        betValue: grant.stake,
        endsAt: grant.endsAt ?? undefined,
      });
      return true;
    },
  };
  return rounds;
}
