// The VIP and loyalty clubs' rules. The public pages explain them from this data; the clubs work
// computes tiers and points from it, so what players read is what the casino does.

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
  { category: 'table-games', label: 'Roulette and blackjack', stakePerPoint: 5_000 },
];

/** Points exchanged for cash: this many points buy 1.00 of the default currency, paid with no wagering. */
export const POINTS_PER_CASH_UNIT = 100;
/** The smallest exchange a player can make, in points. */
export const MIN_POINTS_EXCHANGE = 1_000;
/** Points expire this many months after the month they were earned in. */
export const POINTS_EXPIRY_MONTHS = 12;
