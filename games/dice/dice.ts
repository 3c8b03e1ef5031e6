// Dice (docs/decisions/0070-originals.md): one float per round. roll = floor(f × 10001) / 100, so the roll is one
// of the 10,001 values 0.00 … 100.00, each with probability 1/10001. The player picks a target with two decimals
// and a direction; the win chance in percent is 100 − target (over: roll > target) or target (under: roll <
// target), from 0.01 to 98; the multiplier is 99 / chance and the payout floor(stake × multiplier).
//
// Exact RTP: with the target t in hundredths, "over" wins on the 10000 − t rolls above it and "under" on the t
// rolls below it; the chance the player is shown is that count over 10,000 and the multiplier 9900 / count, so
// the return (before rounding the payout down) is count/10001 × 9900/count = 9900/10001 = 98.9901 % for every
// target and direction.

export const DICE_FLOATS_PER_ROUND = 1;
export const DICE_OUTCOMES = 10_001;
/** 9900/10001, the return of every dice bet before its payout is rounded down to a whole minor unit. */
export const DICE_RTP = 9900 / 10_001;
/** The win chance may be set from 0.01 % to 98 % (in hundredths of a percent). */
export const DICE_MIN_CHANCE = 1;
export const DICE_MAX_CHANCE = 9800;

export type DiceDirection = 'over' | 'under';
/** `target` in hundredths (5000 = 50.00). */
export type DiceBet = { target: number; direction: DiceDirection };

export type DiceRound = {
  /** 0.00 … 100.00, two decimals. */
  roll: number;
  target: number;
  direction: DiceDirection;
  /** Win chance in percent, two decimals. */
  chance: number;
  /** 99 / chance, to 4 decimals (the payout uses the exact ratio). */
  multiplier: number;
  won: boolean;
  stake: number;
  win: number;
};

/** The win chance in hundredths of a percent (= the number of winning rolls out of 10,001). */
export function diceWinningRolls(bet: DiceBet): number {
  return bet.direction === 'over' ? 10_000 - bet.target : bet.target;
}

/** Why a bet cannot be played, in the player's words; null when it can. */
export function diceBetProblem(bet: { target: unknown; direction: unknown }): { field: 'target' | 'direction'; message: string } | null {
  if (bet.direction !== 'over' && bet.direction !== 'under') return { field: 'direction', message: 'The direction must be over or under.' };
  const target = bet.target;
  if (typeof target !== 'number' || !Number.isFinite(target) || Math.abs(target * 100 - Math.round(target * 100)) > 1e-6) {
    return { field: 'target', message: 'The target must be a number with at most two decimals.' };
  }
  const hundredths = Math.round(target * 100);
  const chance = diceWinningRolls({ target: hundredths, direction: bet.direction });
  if (hundredths < 0 || hundredths > 10_000 || chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) {
    return {
      field: 'target',
      message: bet.direction === 'over' ? 'Rolling over, the target must be from 2.00 to 99.99.' : 'Rolling under, the target must be from 0.01 to 98.00.',
    };
  }
  return null;
}

/** The roll in hundredths from the round's float: floor(f × 10001). */
export function diceRollFromFloat(float: number): number {
  if (!(float >= 0 && float < 1)) throw new RangeError('A dice float must lie in [0, 1)');
  return Math.floor(float * DICE_OUTCOMES);
}

/** floor(stake × 9900 / winning rolls): integer arithmetic, no rounding but the final floor. */
export function dicePayout(stake: number, bet: DiceBet): number {
  return Number((BigInt(stake) * 9900n) / BigInt(diceWinningRolls(bet)));
}

export function playDiceRound(stake: number, bet: DiceBet, floats: readonly number[]): DiceRound {
  const roll = diceRollFromFloat(floats[0]!);
  const won = bet.direction === 'over' ? roll > bet.target : roll < bet.target;
  const rolls = diceWinningRolls(bet);
  return {
    roll: roll / 100,
    target: bet.target / 100,
    direction: bet.direction,
    chance: rolls / 100,
    multiplier: Math.round((9900 / rolls) * 10_000) / 10_000,
    won,
    stake,
    win: won ? dicePayout(stake, bet) : 0,
  };
}
