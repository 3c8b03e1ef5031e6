// VIP tiers (docs/decisions/0066-vip-tiers.md). A month's tier is the higher of what last month's points reach and
// what this month's points reach so far, and never lower than a tier already reached this month. Each change is
// written once per player and month (vip_tiers) and told once: an inbox message and a realtime VipTierChanged.

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { tierForPoints, tierRank, VIP_TIERS, type VipTier } from '../../../contract/clubs.ts';
import type { Database } from '../../db/client.ts';
import { addMonths, monthOf } from './calendar.ts';
import type { PointsService } from './points.ts';
import { loyaltyEntries, vipTiers } from './schema.ts';

type Slug = VipTier['slug'];
const bySlug = (slug: string): VipTier => VIP_TIERS.find((tier) => tier.slug === slug) ?? VIP_TIERS[0]!;
const higher = (a: VipTier, b: VipTier): VipTier => (tierRank(b.slug) > tierRank(a.slug) ? b : a);
const rankSql = (column: unknown) => sql`array_position(array['bronze','silver','gold','platinum'], ${column})`;

export type TierNotice = { playerId: number; from: Slug; to: Slug };

export function createTiers({
  db,
  points,
  now,
  notify,
}: {
  db: Database;
  points: PointsService;
  now: () => Date;
  /** Tells the player of a change (inbox message and realtime event); called once per change. */
  notify: (notice: TierNotice) => Promise<void>;
}) {
  async function recorded(playerId: number, month: string): Promise<VipTier | null> {
    const [row] = await db
      .select({ tier: vipTiers.tier })
      .from(vipTiers)
      .where(and(eq(vipTiers.playerId, playerId), eq(vipTiers.month, month)));
    return row ? bySlug(row.tier) : null;
  }

  /** The tier in `month` by points alone: last month's points, raised by this month's. */
  async function byPoints(playerId: number, month: string): Promise<{ tier: VipTier; thisMonth: number; lastMonth: number }> {
    const last = addMonths(month, -1);
    const sums = await points.monthPoints(playerId, [month, last]);
    const thisMonth = sums.get(month) ?? 0;
    const lastMonth = sums.get(last) ?? 0;
    return { tier: higher(tierForPoints(lastMonth), tierForPoints(thisMonth)), thisMonth, lastMonth };
  }

  /** The player's tier at `at`, with the month's points behind it. */
  async function tierOf(playerId: number, at = now()) {
    const month = monthOf(at);
    const [computed, kept] = await Promise.all([byPoints(playerId, month), recorded(playerId, month)]);
    return { ...computed, tier: kept ? higher(computed.tier, kept) : computed.tier, month };
  }

  /** Tells every change not yet told, each once however many nodes try (the first to mark it tells it). */
  async function tellPending(playerId?: number): Promise<number> {
    const rows = await db
      .select()
      .from(vipTiers)
      .where(and(isNull(vipTiers.notifiedAt), playerId === undefined ? undefined : eq(vipTiers.playerId, playerId)));
    let told = 0;
    for (const row of rows) {
      const claimed = await db
        .update(vipTiers)
        .set({ notifiedAt: now() })
        .where(and(eq(vipTiers.playerId, row.playerId), eq(vipTiers.month, row.month), eq(vipTiers.tier, row.tier), isNull(vipTiers.notifiedAt)))
        .returning({ playerId: vipTiers.playerId });
      if (claimed.length === 0) continue;
      await notify({ playerId: row.playerId, from: row.previousTier as Slug, to: row.tier as Slug });
      told += 1;
    }
    return told;
  }

  /**
   * Every player whose tier at `at` is above bronze, with that tier: the same rule as tierOf (the higher of last
   * month's and this month's points, never below the tier kept this month), for all players in two queries. Bronze
   * is everyone else, so the back office's tier filter and column need no per-player lookups.
   */
  async function tiersAboveBronze(at = now()): Promise<Map<number, Slug>> {
    const month = monthOf(at);
    const last = addMonths(month, -1);
    const [sums, kept] = await Promise.all([
      db
        .select({
          playerId: loyaltyEntries.playerId,
          thisMonth: sql<string | number>`coalesce(sum(${loyaltyEntries.points}) filter (where ${loyaltyEntries.month} = ${month}), 0)`,
          lastMonth: sql<string | number>`coalesce(sum(${loyaltyEntries.points}) filter (where ${loyaltyEntries.month} = ${last}), 0)`,
        })
        .from(loyaltyEntries)
        .where(and(inArray(loyaltyEntries.month, [month, last]), inArray(loyaltyEntries.type, ['earned', 'adjusted'])))
        .groupBy(loyaltyEntries.playerId),
      db.select({ playerId: vipTiers.playerId, tier: vipTiers.tier }).from(vipTiers).where(eq(vipTiers.month, month)),
    ]);
    const tiers = new Map<number, VipTier>();
    for (const row of sums) tiers.set(Number(row.playerId), higher(tierForPoints(Number(row.lastMonth)), tierForPoints(Number(row.thisMonth))));
    for (const row of kept) {
      const id = Number(row.playerId);
      tiers.set(id, higher(tiers.get(id) ?? VIP_TIERS[0]!, bySlug(row.tier)));
    }
    const above = new Map<number, Slug>();
    for (const [id, tier] of tiers) if (tier.slug !== 'bronze') above.set(id, tier.slug);
    return above;
  }

  return {
    tierOf,
    tellPending,
    tiersAboveBronze,

    /**
     * After a player earned points: a higher tier reached this month is kept for the rest of it and told once.
     * Returns the tier now.
     */
    async review(playerId: number): Promise<VipTier> {
      const at = now();
      const month = monthOf(at);
      const [computed, kept] = await Promise.all([byPoints(playerId, month), recorded(playerId, month)]);
      // What the player held before this round: the month's kept tier, else last month's points alone.
      const before = kept ?? tierForPoints(computed.lastMonth);
      if (tierRank(computed.tier.slug) <= tierRank(before.slug)) return before;
      await db
        .insert(vipTiers)
        .values({ playerId, month, tier: computed.tier.slug, previousTier: before.slug, changedAt: at })
        .onConflictDoUpdate({
          target: [vipTiers.playerId, vipTiers.month],
          set: { tier: computed.tier.slug, previousTier: sql`${vipTiers.tier}`, changedAt: at, notifiedAt: null },
          setWhere: sql`${rankSql(vipTiers.tier)} < ${rankSql(computed.tier.slug)}`,
        });
      await tellPending(playerId);
      return computed.tier;
    },

    /**
     * The monthly review for the month starting at `period`: every player who earned points in either of the two
     * months before gets the month's tier written (once: keyed by player and month), and each change is told.
     */
    async recalculate(period: Date): Promise<{ month: string; players: number; changed: number }> {
      const month = monthOf(period);
      const last = addMonths(month, -1);
      const before = addMonths(month, -2);
      const players = await points.playersWithPoints([last, before]);
      let changed = 0;
      for (const playerId of players) {
        const [previous, kept] = await Promise.all([byPoints(playerId, last), recorded(playerId, last)]);
        const from = kept ? higher(previous.tier, kept) : previous.tier;
        const to = (await byPoints(playerId, month)).tier;
        const same = from.slug === to.slug;
        const inserted = await db
          .insert(vipTiers)
          .values({ playerId, month, tier: to.slug, previousTier: from.slug, changedAt: period, notifiedAt: same ? period : null })
          .onConflictDoNothing()
          .returning({ playerId: vipTiers.playerId });
        if (inserted.length > 0 && !same) changed += 1;
      }
      await tellPending();
      return { month, players: players.length, changed };
    },
  };
}
