// Monte-Carlo play of a title through the real round code, for the figures the exact maths does not give
// (the spread of a round's win, which decides the volatility label) and as a cross-check of the ones it does.

import type { Volatility } from '../game-info.ts';
import { simulationFloats } from '../simulation-prng.ts';
import { playSlotRound, slotRoundFloatCount } from './round.ts';
import type { SlotTitle } from './title.ts';

export type SlotSimulation = {
  rounds: number;
  /** Mean round win per unit stake. */
  rtp: number;
  /** Standard deviation of a round's win per unit stake. */
  standardDeviation: number;
  /** Share of rounds whose base spin won or awarded free spins. */
  hitFrequency: number;
  /** Share of rounds that awarded free spins. */
  freeSpinsFrequency: number;
  /** Mean base-spin line wins per unit stake. */
  baseLinesRtp: number;
  /** Largest round win seen, per unit stake. */
  maxWin: number;
};

/**
 * Volatility bands by the standard deviation of a round's win per unit stake: below 4 low, 4 to 9 medium,
 * 9 and above high. Each title's label must fall in its band (checked by simulation in the tests).
 */
export function volatilityBand(standardDeviation: number): Volatility {
  if (standardDeviation < 4) return 'low';
  return standardDeviation < 9 ? 'medium' : 'high';
}

export function simulateSlotRounds(title: SlotTitle, rounds: number, seed: number): SlotSimulation {
  const next = simulationFloats(seed);
  const floats = new Array<number>(slotRoundFloatCount(title));
  const stake = title.paylines.length;
  let sum = 0;
  let squares = 0;
  let hits = 0;
  let triggers = 0;
  let baseLines = 0;
  let maxWin = 0;
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < floats.length; i++) floats[i] = next();
    const played = playSlotRound(title, stake, floats);
    const win = played.totalWin / stake;
    sum += win;
    squares += win * win;
    maxWin = Math.max(maxWin, win);
    if (played.base.total > 0 || played.base.freeSpinsAwarded > 0) hits++;
    if (played.base.freeSpinsAwarded > 0) triggers++;
    baseLines += (played.base.total - played.base.scatter.amount) / stake;
  }
  const rtp = sum / rounds;
  return {
    rounds,
    rtp,
    standardDeviation: Math.sqrt(Math.max(0, squares / rounds - rtp * rtp)),
    hitFrequency: hits / rounds,
    freeSpinsFrequency: triggers / rounds,
    baseLinesRtp: baseLines / rounds,
    maxWin,
  };
}
