// The affiliate programme's money rules as pure functions (docs/decisions/0107-affiliates.md): NGR, CPA
// qualification, RevShare tiers and carry-over, and a month's statement figures. Integer minor units throughout.

const DAY_MS = 86_400_000;

export type PlanType = 'cpa' | 'revshare' | 'hybrid';
export type RevshareTier = { minActivePlayers: number; percentBp: number };
export type Plan = {
  type: PlanType;
  cpaAmount: number | null;
  cpaMinDeposit: number | null;
  cpaWindowDays: number | null;
  cpaMinWagering: number | null;
  revshareTiers: RevshareTier[];
  negativeCarryover: boolean;
};

/** What the ledger and the payments say about one player's money in a period. */
export type PlayerMoney = { stakes: number; wins: number; bonusCost: number; adjustments: number; chargebacks: number };

/** Net gaming revenue: stakes − wins − bonus cost − adjustments credited − chargebacks. May be negative. */
export const ngrOf = (money: PlayerMoney): number => money.stakes - money.wins - money.bonusCost - money.adjustments - money.chargebacks;

export const hasCpa = (plan: Plan) => plan.type === 'cpa' || plan.type === 'hybrid';
export const hasRevshare = (plan: Plan) => plan.type === 'revshare' || plan.type === 'hybrid';

/** An attributed player as qualification sees them. */
export type CpaCandidate = {
  registeredAt: Date;
  firstDepositAt: Date | null;
  firstDepositAmount: number | null;
  /** Real-money stakes since registration, within the plan's window. */
  wageredInWindow: number;
  /** Self-excluded, blocked, duplicate-flagged or a test player. */
  excluded: boolean;
};

/**
 * Whether the player meets the plan's CPA conditions: a first deposit of at least the minimum within the window's
 * days of registration and, when the plan sets one, that much wagered within the same window. Excluded players never do.
 */
export function qualifiesForCpa(plan: Plan, player: CpaCandidate): boolean {
  if (!hasCpa(plan) || player.excluded || plan.cpaAmount === null || plan.cpaAmount <= 0) return false;
  if (player.firstDepositAt === null || player.firstDepositAmount === null) return false;
  if (player.firstDepositAmount < (plan.cpaMinDeposit ?? 0)) return false;
  const windowEnd = player.registeredAt.getTime() + (plan.cpaWindowDays ?? 30) * DAY_MS;
  if (player.firstDepositAt.getTime() > windowEnd || player.firstDepositAt.getTime() < player.registeredAt.getTime()) return false;
  return player.wageredInWindow >= (plan.cpaMinWagering ?? 0);
}

/** The tier's percent (basis points) for this many active players: the highest tier reached; 0 without tiers. */
export function tierPercentBp(tiers: readonly RevshareTier[], activePlayers: number): number {
  let percent = 0;
  let reached = -1;
  for (const tier of tiers) {
    if (activePlayers >= tier.minActivePlayers && tier.minActivePlayers > reached) {
      reached = tier.minActivePlayers;
      percent = tier.percentBp;
    }
  }
  return percent;
}

/** One attributed player's month as the statement reads it. */
export type StatementPlayer = {
  playerId: number;
  money: PlayerMoney;
  excluded: boolean;
  /** Met the CPA conditions by the period's end. */
  qualifies: boolean;
  /** Already paid by an earlier statement. */
  cpaPaid: boolean;
};

export type StatementFigures = {
  cpaPlayerIds: number[];
  cpaCount: number;
  cpaAmount: number;
  ngr: number;
  activePlayers: number;
  revsharePercentBp: number;
  revshareAmount: number;
  carryOverIn: number;
  carryOverOut: number;
  commission: number;
};

/**
 * A month's statement: CPA for each player qualified and not yet paid (at most once per player, ever); RevShare on
 * the NGR of players who are not excluded, at the tier their number of active players (staked this month) reaches.
 * With negative carry-over on, a negative total (this month's NGR plus the negative carried in) pays no RevShare and
 * is carried into the next month; off, a negative month pays nothing and carries nothing. RevShare is rounded down
 * to the minor unit; commission is never negative.
 */
export function statementFigures(plan: Plan | null, players: readonly StatementPlayer[], carryOverIn: number): StatementFigures {
  const counted = players.filter((player) => !player.excluded);
  const ngr = counted.reduce((sum, player) => sum + ngrOf(player.money), 0);
  const activePlayers = counted.filter((player) => player.money.stakes > 0).length;
  const cpaPlayerIds = plan && hasCpa(plan) ? counted.filter((player) => player.qualifies && !player.cpaPaid).map((player) => player.playerId) : [];
  const cpaAmount = cpaPlayerIds.length * (plan?.cpaAmount ?? 0);
  const carriedIn = plan?.negativeCarryover ? Math.min(0, carryOverIn) : 0;
  let revsharePercentBp = 0;
  let revshareAmount = 0;
  let carryOverOut = 0;
  if (plan && hasRevshare(plan)) {
    revsharePercentBp = tierPercentBp(plan.revshareTiers, activePlayers);
    const base = ngr + carriedIn;
    if (base > 0) revshareAmount = Math.floor((base * revsharePercentBp) / 10_000);
    else if (plan.negativeCarryover) carryOverOut = base;
  }
  return {
    cpaPlayerIds,
    cpaCount: cpaPlayerIds.length,
    cpaAmount,
    ngr,
    activePlayers,
    revsharePercentBp,
    revshareAmount,
    carryOverIn: carriedIn,
    carryOverOut,
    commission: cpaAmount + revshareAmount,
  };
}
