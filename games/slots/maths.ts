// Exact theoretical return of a slot title, from its strips and paytable, with no sampling.
//
// - Lines: reels stop independently and uniformly, so the cell a payline crosses on reel i is uniform over
//   that strip's positions whatever its row; the five cells of a line are independent with the strips'
//   symbol frequencies, and every line has the same expectation. With line bet = stake / lines, the lines'
//   return per unit stake is the expected pay of one line in line bets.
// - Scatter: the count per reel (0 or 1, strips keep scatters 3 apart) is exact over all stops; the five
//   reels' counts are convolved.
// - Free spins: whether free spin k is played depends only on earlier spins, so by Wald's identity their
//   total is E[spins played] × E[one free spin]; E[spins played] comes from a recursion over (awarded,
//   played) that respects the round's cap on awards.

import { compileTitle, REELS, ROWS, type CompiledReelSet, type CompiledTitle, type SlotTitle } from './title.ts';

export type SlotMaths = {
  /** Return to player per unit stake of a paid round. */
  rtp: number;
  contributions: { baseLines: number; baseScatter: number; freeSpins: number };
  /** Probability that a paid spin wins anything or awards free spins. */
  hitFrequency: number;
  /** Probability that a paid spin awards free spins. */
  freeSpinsTrigger: number;
  /** Probability that a free spin awards more free spins. */
  freeSpinsRetrigger: number;
  /** Expected free spins played once triggered (cap included). */
  expectedFreeSpins: number;
  /** Expected win of one free spin per unit stake, multiplier included. */
  freeSpinValue: number;
};

const cache = new WeakMap<SlotTitle, SlotMaths>();

export function slotMaths(title: SlotTitle): SlotMaths {
  const cached = cache.get(title);
  if (cached) return cached;
  const compiled = compileTitle(title);
  const base = reelSetMaths(compiled, compiled.base);
  const free = reelSetMaths(compiled, compiled.free);
  const { award, multiplier, maxPerRound } = title.freeSpins;
  const expectedFreeSpins = expectedSpinsPlayed(award, maxPerRound, free.trigger);
  const freeSpinValue = multiplier * (free.lines + free.scatter);
  const contributions = { baseLines: base.lines, baseScatter: base.scatter, freeSpins: base.trigger * expectedFreeSpins * freeSpinValue };
  const maths: SlotMaths = {
    rtp: contributions.baseLines + contributions.baseScatter + contributions.freeSpins,
    contributions,
    hitFrequency: hitFrequency(compiled),
    freeSpinsTrigger: base.trigger,
    freeSpinsRetrigger: free.trigger,
    expectedFreeSpins,
    freeSpinValue,
  };
  cache.set(title, maths);
  return maths;
}

/** Expected spins played in a free-spins session that starts with `award` spins, where each spin independently retriggers with probability q. */
export function expectedSpinsPlayed(award: number, cap: number, q: number): number {
  // remaining[a] after processing played = p holds E[spins still to play | awarded a, played p], for a ≥ p.
  let next = new Float64Array(cap + 1);
  for (let played = cap - 1; played >= 0; played--) {
    const current = new Float64Array(cap + 1);
    for (let awarded = played + 1; awarded <= cap; awarded++) {
      current[awarded] = 1 + q * next[Math.min(awarded + award, cap)]! + (1 - q) * next[awarded]!;
    }
    next = current;
  }
  return next[award]!;
}

type ReelSetMaths = { lines: number; scatter: number; trigger: number };

function reelSetMaths(compiled: CompiledTitle, set: CompiledReelSet): ReelSetMaths {
  const scatterCounts = scatterCountDistribution(compiled, set.strips);
  const scatterPays = compiled.pays[compiled.scatter]!;
  let scatter = 0;
  let trigger = 0;
  scatterCounts.forEach((probability, count) => {
    if (probability === 0) return; // counts above five cannot occur (one scatter per reel window at most)
    scatter += probability * scatterPays[count]!;
    if (count >= 3) trigger += probability;
  });
  return { lines: expectedLinePay(compiled, set), scatter, trigger };
}

/** E[pay of one line] in line bets, enumerating how many wilds lead and how far the first other symbol runs. */
export function expectedLinePay(compiled: CompiledTitle, set: CompiledReelSet): number {
  const { wild, scatter, pays } = compiled;
  const symbolCount = compiled.symbolIds.length;
  const p = set.strips.map((strip) => {
    const frequency = new Array<number>(symbolCount).fill(0);
    for (const symbol of strip) frequency[symbol]! += 1 / strip.length;
    return frequency;
  });
  const wildPays = pays[wild]!;
  let expected = 0;
  let leadingWilds = 1; // probability that reels 1..w all show the wild
  for (let w = 0; w <= REELS; w++) {
    if (w === REELS) {
      expected += leadingWilds * wildPays[REELS]!;
      break;
    }
    for (let first = 0; first < symbolCount; first++) {
      if (first === wild) continue;
      const pFirst = leadingWilds * p[w]![first]!;
      if (first === scatter) {
        expected += pFirst * wildPays[w]!;
        continue;
      }
      // Run of `first` or wild covering reels w+1..count, broken at reel count+1 (or running to reel 5).
      let run = 1;
      for (let count = w + 1; count <= REELS; count++) {
        const continues = count < REELS ? p[count]![first]! + p[count]![wild]! : 0;
        expected += pFirst * run * (1 - continues) * Math.max(pays[first]![count]!, wildPays[w]!);
        run *= continues;
      }
    }
    leadingWilds *= p[w]![wild]!;
  }
  return expected;
}

/** P(total scatters on the grid = k), k = 0..5, exact over every stop of every reel. */
function scatterCountDistribution(compiled: CompiledTitle, strips: readonly Int32Array[]): number[] {
  let distribution = [1];
  for (const strip of strips) {
    const perReel = new Array<number>(ROWS + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop++) {
      let count = 0;
      for (let row = 0; row < ROWS; row++) if (strip[(stop + row) % strip.length] === compiled.scatter) count++;
      perReel[count]! += 1 / strip.length;
    }
    const combined = new Array<number>(distribution.length + ROWS).fill(0);
    distribution.forEach((pa, a) => perReel.forEach((pb, b) => (combined[a + b]! += pa * pb)));
    distribution = combined;
  }
  return distribution;
}

/**
 * P(a paid spin wins or awards free spins). Every pay needs three of a kind from reel 1, so whether any line
 * wins depends on reels 1 to 3 only: enumerate their stops, and where no line wins add the chance that
 * reels 4 and 5 bring the scatters up to three.
 */
function hitFrequency(compiled: CompiledTitle): number {
  const { wild, scatter } = compiled;
  const strips = compiled.base.strips;
  const [s1, s2, s3, s4, s5] = strips as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
  const tail = scatterCountDistribution(compiled, [s4, s5]);
  const tailAtLeast = (needed: number) => tail.reduce((sum, probability, count) => sum + (count >= needed ? probability : 0), 0);
  const scatterNeed = [0, 1, 2, 3].map((have) => tailAtLeast(3 - have));
  const lines = compiled.title.paylines;
  const windows = (strip: Int32Array) => Array.from({ length: strip.length }, (_, stop) => [0, 1, 2].map((row) => strip[(stop + row) % strip.length]!));
  const scattersIn = (window: number[]) => window.filter((cell) => cell === scatter).length;
  const [windows1, windows2, windows3] = [s1, s2, s3].map(windows) as [number[][], number[][], number[][]];
  const ANY = -1;
  let hits = 0;
  for (const w1 of windows1) {
    for (const w2 of windows2) {
      // What reel 3 must show on each line for three of a kind: a symbol, ANY (two wilds so far), or nothing.
      const open: { row: number; needs: number }[] = [];
      for (const line of lines) {
        const a = w1[line[0]!]!;
        const b = w2[line[1]!]!;
        if (a === scatter || b === scatter || (a !== wild && b !== wild && a !== b)) continue;
        open.push({ row: line[2]!, needs: a !== wild ? a : b !== wild ? b : ANY });
      }
      const before = scattersIn(w1) + scattersIn(w2);
      for (const w3 of windows3) {
        const lineWins = open.some(({ row, needs }) => {
          const c = w3[row]!;
          return c !== scatter && (c === wild || needs === ANY || c === needs);
        });
        hits += lineWins ? 1 : scatterNeed[Math.min(before + scattersIn(w3), 3)]!;
      }
    }
  }
  return hits / (s1.length * s2.length * s3.length);
}
