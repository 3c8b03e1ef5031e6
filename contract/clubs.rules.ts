// The VIP and loyalty clubs' rules. The public pages explain them from this data; the clubs work
// computes tiers and points from it, so what players read is what the casino does. No zod here, so the site's
// bundles can import it; the API's schemas are in clubs.ts, which re-exports all of this. Imports nothing.

export type VipTier = {
  slug: 'bronze' | 'silver' | 'gold' | 'platinum';
  name: string;
  /** Loyalty points earned in the previous calendar month needed to hold the tier. */
  monthlyPoints: number;
  /** Weekly cashback on net losses, in percent. */
  cashbackPercent: number;
  /** Largest withdrawal paid per day, in minor units of the default currency. */
  dailyWithdrawalLimit: number;
  withdrawalReviewHours: number;
  personalManager: boolean;
  perks: string[];
};

export const VIP_TIERS: readonly VipTier[] = [
  {
    slug: 'bronze',
    name: 'Bronze',
    monthlyPoints: 0,
    cashbackPercent: 0,
    dailyWithdrawalLimit: 200_000,
    withdrawalReviewHours: 24,
    personalManager: false,
    perks: ['Loyalty points on every real-money round', 'Monthly newsletter offers'],
  },
  {
    slug: 'silver',
    name: 'Silver',
    monthlyPoints: 500,
    cashbackPercent: 5,
    dailyWithdrawalLimit: 500_000,
    withdrawalReviewHours: 12,
    personalManager: false,
    perks: ['5% weekly cashback', 'Birthday free spins'],
  },
  {
    slug: 'gold',
    name: 'Gold',
    monthlyPoints: 2_500,
    cashbackPercent: 10,
    dailyWithdrawalLimit: 1_000_000,
    withdrawalReviewHours: 4,
    personalManager: true,
    perks: ['10% weekly cashback', 'A personal account manager', 'Same-day withdrawals'],
  },
  {
    slug: 'platinum',
    name: 'Platinum',
    monthlyPoints: 10_000,
    cashbackPercent: 15,
    dailyWithdrawalLimit: 2_500_000,
    withdrawalReviewHours: 1,
    personalManager: true,
    perks: ['15% weekly cashback', 'Withdrawals reviewed within the hour', 'Invitations to private tournaments'],
  },
];

export type PointsRule = { category: 'slots' | 'table-games'; label: string /** Stake in minor units that earns one point. */; stakePerPoint: number };

export const LOYALTY_POINT_RULES: readonly PointsRule[] = [
  { category: 'slots', label: 'Slots', stakePerPoint: 1_000 },
  { category: 'table-games', label: 'Table games and originals', stakePerPoint: 5_000 },
];

/** Points exchanged for cash: this many points buy 1.00 of the default currency, paid with no wagering. */
export const POINTS_PER_CASH_UNIT = 100;
/** The smallest exchange a player can make, in points. */
export const MIN_POINTS_EXCHANGE = 1_000;
/** Points expire this many months after the month they were earned in. */
export const POINTS_EXPIRY_MONTHS = 12;

/** The smallest weekly cashback paid, in minor units: less than this is not paid (the home page says so). */
export const MIN_CASHBACK = 100;

/**
 * The points rule a game's engine earns by. Slots earn as slots; every other real-money game (roulette, blackjack
 * and any house game added later) earns at the table-games rate.
 */
export function pointsRuleOf(engine: string): PointsRule {
  const category = engine === 'slot' ? 'slots' : 'table-games';
  return LOYALTY_POINT_RULES.find((rule) => rule.category === category)!;
}

/**
 * Points a real-money stake (minor units) earns, given what the player's earlier stakes of the same category left
 * over (`carry`, below one point's worth): whole points of the sum, and the new remainder. Nothing is lost to
 * rounding, so ten €1.00 spins earn what one €10.00 spin does (docs/decisions/0065-loyalty-points.md).
 */
export function pointsWithCarry(engine: string, carry: number, stake: number): { points: number; carry: number } {
  const { stakePerPoint } = pointsRuleOf(engine);
  if (!Number.isSafeInteger(stake) || stake <= 0) return { points: 0, carry };
  const total = carry + stake;
  return { points: Math.floor(total / stakePerPoint), carry: total % stakePerPoint };
}

/**
 * What giving a stake back takes from the player (the inverse of pointsWithCarry): the stake leaves the carry of its
 * category, and when the carry is too small, whole points are taken and their worth less the rest goes to the carry.
 * Points and carry then hold exactly what the stakes that still stand earned.
 */
export function pointsGivenBack(engine: string, carry: number, stake: number): { points: number; carry: number } {
  const { stakePerPoint } = pointsRuleOf(engine);
  if (!Number.isSafeInteger(stake) || stake <= 0) return { points: 0, carry };
  const left = carry - stake;
  if (left >= 0) return { points: 0, carry: left };
  const points = Math.ceil(-left / stakePerPoint);
  return { points, carry: left + points * stakePerPoint };
}

/** The highest tier `points` earned in one calendar month reach. */
export function tierForPoints(points: number): VipTier {
  let reached = VIP_TIERS[0]!;
  for (const tier of VIP_TIERS) if (points >= tier.monthlyPoints) reached = tier;
  return reached;
}

export const tierRank = (slug: VipTier['slug']): number => VIP_TIERS.findIndex((tier) => tier.slug === slug);

/** Cash (minor units) an exchange of `points` pays. */
export const cashForPoints = (points: number): number => (points * 100) / POINTS_PER_CASH_UNIT;

export const LOYALTY_ENTRY_TYPES = ['earned', 'exchanged', 'expired', 'adjusted'] as const;
export type LoyaltyEntryType = (typeof LOYALTY_ENTRY_TYPES)[number];
