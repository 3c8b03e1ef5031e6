// A paid slot round: the base spin and, when it awards them, every free spin, all settled as one round
// against one stake. Float consumption (the verification page replays it): spin k of the round (k = 0 for
// the base spin, then 1, 2, … for free spins in the order played) uses floats 5k..5k+4, one per reel.

import { evaluateSpin, lineBetFor, stopsFromFloats, type SlotSpin } from './spin.ts';
import { REELS, type SlotTitle } from './title.ts';

export type SlotRound = {
  slug: string;
  stake: number;
  lineBet: number;
  base: SlotSpin;
  freeSpins: SlotSpin[];
  /** Everything credited for the round: base spin plus all free spins. */
  totalWin: number;
  floatsUsed: number;
};

/** Floats the longest possible round uses (base spin plus the capped free spins): ask the fair RNG for this many. */
export function slotRoundFloatCount(title: SlotTitle): number {
  return REELS * (1 + title.freeSpins.maxPerRound);
}

/** Plays a round from its fair floats; `floats` may be longer than needed (a prefix is used). */
export function playSlotRound(title: SlotTitle, stake: number, floats: readonly number[]): SlotRound {
  const lineBet = lineBetFor(title, stake);
  let used = 0;
  const nextStops = (mode: 'base' | 'free') => {
    if (floats.length < used + REELS) throw new RangeError(`A ${title.slug} round needs up to ${slotRoundFloatCount(title)} floats`);
    const stops = stopsFromFloats(title, mode, floats.slice(used, used + REELS));
    used += REELS;
    return stops;
  };
  const cap = title.freeSpins.maxPerRound;
  const base = evaluateSpin(title, { mode: 'base', stops: nextStops('base'), stake, freeSpinsAwardable: cap });
  const freeSpins: SlotSpin[] = [];
  let awarded = base.freeSpinsAwarded;
  while (freeSpins.length < awarded) {
    const spin = evaluateSpin(title, { mode: 'free', stops: nextStops('free'), stake, freeSpinsAwardable: cap - awarded });
    awarded += spin.freeSpinsAwarded;
    freeSpins.push(spin);
  }
  const totalWin = freeSpins.reduce((sum, spin) => sum + spin.total, base.total);
  return { slug: title.slug, stake, lineBet, base, freeSpins, totalWin, floatsUsed: used };
}
