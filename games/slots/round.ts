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
  const played = playAsFarAs(title, stake, floats);
  if (typeof played === 'number') throw new RangeError(`A ${title.slug} round needs up to ${slotRoundFloatCount(title)} floats`);
  return played;
}

/**
 * Plays a round drawing only the floats it uses from a prefix-stable source (the fair float stream): the base
 * spin's five, then all the free spins it awarded, then any a free spin awarded on top. The same round as
 * playSlotRound over the longest draw, which the verification page replays.
 */
export async function drawSlotRound(title: SlotTitle, stake: number, take: (count: number) => Promise<readonly number[]>): Promise<SlotRound> {
  let floats = await take(REELS);
  for (;;) {
    const played = playAsFarAs(title, stake, floats);
    if (typeof played !== 'number') return played;
    floats = await take(played);
  }
}

/** The round when `floats` are enough; else how many floats the spins known to be owed so far need. */
function playAsFarAs(title: SlotTitle, stake: number, floats: readonly number[]): SlotRound | number {
  const lineBet = lineBetFor(title, stake);
  const cap = title.freeSpins.maxPerRound;
  const stopsOf = (spin: number, mode: 'base' | 'free') => stopsFromFloats(title, mode, floats.slice(spin * REELS, (spin + 1) * REELS));
  if (floats.length < REELS) return REELS;
  const base = evaluateSpin(title, { mode: 'base', stops: stopsOf(0, 'base'), stake, freeSpinsAwardable: cap });
  const freeSpins: SlotSpin[] = [];
  let awarded = base.freeSpinsAwarded;
  while (freeSpins.length < awarded) {
    if (floats.length < REELS * (freeSpins.length + 2)) return REELS * (1 + awarded);
    const spin = evaluateSpin(title, { mode: 'free', stops: stopsOf(freeSpins.length + 1, 'free'), stake, freeSpinsAwardable: cap - awarded });
    awarded += spin.freeSpinsAwarded;
    freeSpins.push(spin);
  }
  const totalWin = freeSpins.reduce((sum, spin) => sum + spin.total, base.total);
  return { slug: title.slug, stake, lineBet, base, freeSpins, totalWin, floatsUsed: REELS * (1 + freeSpins.length) };
}
