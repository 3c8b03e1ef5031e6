// The VIP and loyalty clubs, wired: points (points.ts), tiers (tiers.ts), weekly cashback (cashback.ts) and their
// scheduled jobs; what the player's pages and the operators read. The rules are contract/clubs.ts, which the
// public /loyalty-club and /vip-club pages show.

import { type LoyaltyUpdated, pointsWithCarry, tierRank, VIP_TIERS, type Vip, type VipTier, type VipTierChanged } from '../../../contract/clubs.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { Database } from '../../db/client.ts';
import type { PlayerEvents } from '../../notify/player-events.ts';
import type { ScheduledJob } from '../../scheduler/scheduler.ts';
import type { LedgerService, LedgerTransaction } from '../ledger/service.ts';
import { isoWeekOf, isoWeekStart, monthStart, parseMonth } from './calendar.ts';
import { CASHBACK_PATTERN, createCashback, type NetResults } from './cashback.ts';
import { createPoints, isSlots } from './points.ts';
import { createTiers } from './tiers.ts';

export type ClubsService = ReturnType<typeof createClubsService>;

const bySlug = (slug: string) => VIP_TIERS.find((tier) => tier.slug === slug)!;

export function createClubsService({
  db,
  ledger,
  currency,
  events,
  netResults,
  sendMessage,
  now = () => new Date(),
}: {
  db: Database;
  ledger: LedgerService;
  currency: string;
  events: PlayerEvents;
  /**
   * Real money played per player over a period (stakes and wins on the cash account); by default the ledger's
   * own record of it (ledger.cashPlayed), so every game that stakes through the ledger counts. Tests inject results.
   */
  netResults?: NetResults;
  /** The messages module's inbox (messages.send): the clubs write no message table of their own. */
  sendMessage: (message: { playerId: number; subject: string; body: string }) => Promise<unknown>;
  /** The clock, injected so tests can cross months and weeks. */
  now?: () => Date;
}) {
  const points = createPoints({ db, ledger, currency, now });
  const tiers = createTiers({
    db,
    points,
    now,
    notify: async ({ playerId, from, to }) => {
      const tier = bySlug(to);
      const up = tierRank(to) > tierRank(from);
      await sendMessage({
        playerId,
        subject: up ? `Welcome to ${tier.name}` : `Your VIP tier is now ${tier.name}`,
        body: up
          ? `Your loyalty points took you from ${bySlug(from).name} to ${tier.name}. You keep ${tier.name} for the rest of this month and next month too: ${tier.cashbackPercent}% weekly cashback, withdrawals up to ${formatMoney(tier.dailyWithdrawalLimit, currency)} a day, reviewed within ${tier.withdrawalReviewHours} hours.`
          : `Your tier follows the points you earned last month, so this month you are ${tier.name}. Earn ${tier === VIP_TIERS.at(-1) ? '' : 'more '}points this month to move up again as soon as you reach the next tier.`,
      });
      events.publish(playerId, 'VipTierChanged', { from, to } satisfies VipTierChanged);
    },
  });
  const cashback = createCashback({
    ledger,
    currency,
    netResults: netResults ?? ((query) => ledger.cashPlayed({ ...query, currency })),
    tierAt: async (playerId, at) => (await tiers.tierOf(playerId, at)).tier,
    tell: async (message) => void (await sendMessage(message)),
  });

  /** Jobs, each run keyed by its period (decision 0068): the operator names a period in the job's own form. */
  const jobs: (ScheduledJob & { periodFormat: string; parsePeriod: (text: string) => Date | null; periodName: (period: Date) => string })[] = [
    {
      name: 'clubs:weekly-cashback',
      pattern: CASHBACK_PATTERN,
      periodFormat: 'the ISO week to pay, e.g. 2026-W47',
      // The run that pays week W is the one on the Monday after it.
      parsePeriod: (text) => {
        const start = isoWeekStart(text);
        return start ? new Date(start.getTime() + 7 * 86_400_000 + 5 * 60_000) : null;
      },
      periodName: (period) => isoWeekOf(new Date(period.getTime() - 7 * 86_400_000)),
      run: (period) => cashback.pay(period),
    },
    {
      name: 'clubs:tier-review',
      pattern: '0 0 1 * *',
      periodFormat: 'the month whose tiers to set, e.g. 2026-12',
      parsePeriod: (text) => (parseMonth(text) ? monthStart(text) : null),
      periodName: (period) => period.toISOString().slice(0, 7),
      run: (period) => tiers.recalculate(period),
    },
    {
      name: 'clubs:points-expiry',
      pattern: '15 0 1 * *',
      periodFormat: 'the month on whose first day points expire, e.g. 2026-12',
      parsePeriod: (text) => (parseMonth(text) ? new Date(monthStart(text).getTime() + 15 * 60_000) : null),
      periodName: (period) => period.toISOString().slice(0, 7),
      run: (period) => points.expire(period),
    },
  ];

  // Players whose round earned points since its balance was announced: only their tier can have moved.
  const earnedSinceRound = new Set<number>();

  async function vip(playerId: number): Promise<Vip> {
    const at = now();
    const { tier, thisMonth, lastMonth } = await tiers.tierOf(playerId, at);
    const next = VIP_TIERS[tierRank(tier.slug) + 1];
    return {
      tier: { slug: tier.slug, name: tier.name, perks: tier.perks },
      next_tier: next ? { slug: next.slug, name: next.name, points_needed: Math.max(0, next.monthlyPoints - thisMonth) } : null,
      cashback: await cashback.accrued(playerId, tier, at),
      daily_withdrawal_limit: tier.dailyWithdrawalLimit,
      withdrawal_review_hours: tier.withdrawalReviewHours,
      points_this_month: thisMonth,
      points_last_month: lastMonth,
      currency,
    };
  }

  return {
    points,
    tiers,
    cashback,
    jobs,
    vip,
    loyalty: points.loyalty,
    exchange: points.exchange,

    /**
     * The games module's stake hook (rounds.ts StakeHook): inside the stake's transaction. At merge, pass only the
     * cash-funded part of the stake as `stake`: bonus money earns no points (decision 0065).
     */
    async earnPoints(tx: LedgerTransaction, stake: Parameters<typeof points.earn>[1]): Promise<boolean> {
      const earned = await points.earn(tx, stake);
      if (earned) earnedSinceRound.add(stake.playerId);
      return earned;
    },

    /** Inside the transaction that gives a stake back: the points and carry it earned are taken back (points.ts). */
    async givePointsBack(tx: LedgerTransaction, stake: Parameters<typeof points.giveBack>[1]): Promise<void> {
      if ((await points.giveBack(tx, stake)) > 0) earnedSinceRound.add(stake.playerId);
    },

    /**
     * The points of a round played as one statement (docs/decisions/0091-one-commit-rounds.md): which carry its
     * stake joins, and, given the carry the statement left, its whole points turned into points under the stake's key.
     */
    carry: {
      slots: isSlots,
      async convert(stake: { playerId: number; roundId: string; engine: string; key: string }, carry: number): Promise<void> {
        // Most rounds leave less than a point: no transaction for them.
        if (pointsWithCarry(stake.engine, 0, carry).points <= 0) return;
        if (await db.transaction((tx) => points.convertCarry(tx, stake))) earnedSinceRound.add(stake.playerId);
      },
    },

    /** After a round moved money: if it earned points, a tier reached is kept and told, and the pages hear them. */
    async afterRound(playerId: number): Promise<void> {
      if (!earnedSinceRound.delete(playerId)) return;
      const tier = await tiers.review(playerId);
      const { points: balance } = await points.balanceOf(playerId);
      events.publish(playerId, 'LoyaltyUpdated', { points: balance, tier: tier.slug } satisfies LoyaltyUpdated);
    },

    /** The tier's daily withdrawal limit and review time, for the payments module. */
    async withdrawalPolicy(playerId: number): Promise<{ dailyLimit: number; reviewHours: number; tier: VipTier }> {
      const { tier } = await tiers.tierOf(playerId);
      return { dailyLimit: tier.dailyWithdrawalLimit, reviewHours: tier.withdrawalReviewHours, tier };
    },

    /** An operator's adjustment; the player's pages hear it. */
    async adjust(...args: Parameters<typeof points.adjust>) {
      const entry = await points.adjust(...args);
      const tier = await tiers.review(args[0]);
      events.publish(args[0], 'LoyaltyUpdated', { points: (await points.balanceOf(args[0])).points, tier: tier.slug } satisfies LoyaltyUpdated);
      return entry;
    },

    /** Players above bronze now, with their tier (the back office's VIP filter and column). */
    tiersAboveBronze: () => tiers.tiersAboveBronze(),

    async adminView(playerId: number) {
      const [balance, { tier, thisMonth }, history] = await Promise.all([points.balanceOf(playerId), tiers.tierOf(playerId), points.entries(playerId)]);
      return {
        player_id: String(playerId),
        points: balance.points,
        lifetime_points: balance.lifetimePoints,
        points_this_month: thisMonth,
        tier: tier.slug,
        history,
      };
    },
  };
}
