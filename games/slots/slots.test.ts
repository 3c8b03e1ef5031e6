import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulationFloats } from '../simulation-prng.ts';
import { SLOT_TITLES, slotTitle } from './catalogue.ts';
import { slotInfo } from './info.ts';
import { expectedSpinsPlayed, slotMaths } from './maths.ts';
import { playSlotRound, slotRoundFloatCount } from './round.ts';
import { simulateSlotRounds, volatilityBand } from './simulate.ts';
import { evaluateLine, evaluateSpin, lineBetFor, slotStakeProblem, stopsFromFloats, type SlotMode, type SlotSpin } from './spin.ts';
import { testTitle } from './test-title.ts';
import { compileTitle, type SlotTitle } from './title.ts';
import { lanternOrchard } from './titles/lantern-orchard.ts';

/** Every combination of reel stops of one reel set, evaluated by the engine. */
function everySpin(title: SlotTitle, mode: SlotMode, stake: number): SlotSpin[] {
  const lengths = title.reels[mode].map((strip) => strip.length);
  const spins: SlotSpin[] = [];
  const stops = [0, 0, 0, 0, 0];
  const visit = (reel: number) => {
    if (reel === lengths.length) {
      spins.push(evaluateSpin(title, { mode, stops, stake, freeSpinsAwardable: title.freeSpins.award }));
      return;
    }
    for (let stop = 0; stop < lengths[reel]!; stop++) {
      stops[reel] = stop;
      visit(reel + 1);
    }
  };
  visit(0);
  return spins;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('line evaluation', () => {
  const line = (...symbols: string[]) => evaluateLine(lanternOrchard, symbols);

  it('pays 3, 4 or 5 of a kind from the first reel, with the wild standing in', () => {
    expect(line('plum', 'plum', 'plum', 'fig', 'plum')).toEqual({ symbol: 'plum', count: 3, pay: 8 });
    expect(line('plum', 'moon-gate', 'plum', 'moon-gate', 'plum')).toEqual({ symbol: 'plum', count: 5, pay: 60 });
    expect(line('moon-gate', 'plum', 'plum', 'plum', 'plum')).toEqual({ symbol: 'plum', count: 5, pay: 60 });
    expect(line('plum', 'plum', 'fig', 'plum', 'plum')).toBeNull();
    expect(line('fig', 'plum', 'plum', 'plum', 'plum')).toBeNull();
  });

  it('pays the better of the leading wilds and the symbol they complete', () => {
    expect(line('moon-gate', 'moon-gate', 'moon-gate', 'plum', 'pear')).toEqual({ symbol: 'moon-gate', count: 3, pay: 40 });
    expect(line('moon-gate', 'moon-gate', 'moon-gate', 'moon-gate', 'lantern')).toEqual({ symbol: 'lantern', count: 5, pay: 400 });
    expect(line('moon-gate', 'moon-gate', 'moon-gate', 'moon-gate', 'plum')).toEqual({ symbol: 'moon-gate', count: 4, pay: 150 });
    expect(line('moon-gate', 'moon-gate', 'moon-gate', 'moon-gate', 'moon-gate')).toEqual({ symbol: 'moon-gate', count: 5, pay: 750 });
  });

  it('never lets the wild stand in for the scatter, and the scatter pays nothing on a line', () => {
    expect(line('firefly', 'firefly', 'firefly', 'plum', 'plum')).toBeNull();
    expect(line('moon-gate', 'firefly', 'plum', 'plum', 'plum')).toBeNull();
    expect(line('moon-gate', 'moon-gate', 'moon-gate', 'firefly', 'plum')).toEqual({ symbol: 'moon-gate', count: 3, pay: 40 });
    expect(line('plum', 'plum', 'firefly', 'plum', 'plum')).toBeNull();
  });

  it('refuses unknown symbols and short lines', () => {
    expect(() => line('plum', 'plum', 'apple', 'plum', 'plum')).toThrow(/Unknown symbol/);
    expect(() => line('plum', 'plum', 'plum')).toThrow();
  });
});

describe('a spin', () => {
  it('reads the grid from the stops and pays lines on the line bet and scatters on the stake', () => {
    const spin = evaluateSpin(testTitle, { mode: 'base', stops: [0, 0, 0, 0, 0], stake: 10, freeSpinsAwardable: 6 });
    expect(spin.grid).toEqual([
      ['a', 'b', 's'],
      ['b', 'a', 'w'],
      ['c', 's', 'a'],
      ['a', 'w', 'b'],
      ['s', 'b', 'a'],
    ]);
    expect(spin.lineWins).toEqual([{ line: 4, symbol: 'a', count: 4, amount: 10 }]);
    expect(spin.scatter).toEqual({ count: 3, amount: 10 });
    expect(spin).toMatchObject({ multiplier: 1, freeSpinsAwarded: 2, total: 20 });
  });

  it('multiplies every free-spin win, and wraps windows around the strip end', () => {
    const spin = evaluateSpin(testTitle, { mode: 'free', stops: [4, 4, 4, 4, 4], stake: 5, freeSpinsAwardable: 1 });
    expect(spin.grid).toEqual([
      ['c', 'w', 'a'],
      ['c', 'a', 'w'],
      ['b', 's', 'c'],
      ['w', 'b', 's'],
      ['s', 'c', 'a'],
    ]);
    // line 2 (top row): c c b → no; line 1 (middle): w a s → no; line 4 (0,1,2,1,0): c a c → no; line 5 (2,1,0,1,2): a a b → no;
    // line 3 (bottom): a w c → no. Three scatters: 1 × stake × 2, and only one more spin may be awarded.
    expect(spin.lineWins).toEqual([]);
    expect(spin).toMatchObject({ multiplier: 2, scatter: { count: 3, amount: 10 }, freeSpinsAwarded: 1, total: 10 });
  });

  it('totals the line wins and the scatter win, each a whole multiple of the bet', () => {
    for (const title of [testTitle, ...SLOT_TITLES]) {
      const lines = title.paylines.length;
      fc.assert(
        fc.property(
          fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 5, maxLength: 5 }),
          fc.integer({ min: 1, max: 1000 }),
          fc.constantFrom<SlotMode>('base', 'free'),
          (floats, units, mode) => {
            const stake = units * lines;
            const stops = stopsFromFloats(title, mode, floats);
            const spin = evaluateSpin(title, { mode, stops, stake, freeSpinsAwardable: title.freeSpins.maxPerRound });
            const multiplier = mode === 'free' ? title.freeSpins.multiplier : 1;
            expect(spin.total).toBe(spin.lineWins.reduce((sum, win) => sum + win.amount, spin.scatter.amount));
            for (const win of spin.lineWins) {
              const pays = title.symbols.find((symbol) => symbol.id === win.symbol)!.pays;
              expect(win.amount).toBe(pays[win.count - 3]! * units * multiplier);
            }
            spin.grid.forEach((column, reel) => {
              const strip = title.reels[mode][reel]!;
              column.forEach((symbol, row) => expect(symbol).toBe(strip[(stops[reel]! + row) % strip.length]));
            });
            expect(spin.freeSpinsAwarded > 0).toBe(spin.scatter.count >= 3);
          },
        ),
        { numRuns: 200 },
      );
    }
  });

  it('needs a stake that splits evenly over the lines', () => {
    expect(slotStakeProblem(lanternOrchard, 30)).toMatch(/multiple of 20/);
    expect(slotStakeProblem(lanternOrchard, 0)).toMatch(/positive/);
    expect(slotStakeProblem(lanternOrchard, 20.5)).toMatch(/positive whole/);
    expect(slotStakeProblem(lanternOrchard, 40)).toBeNull();
    expect(lineBetFor(lanternOrchard, 40)).toBe(2);
    expect(() => playSlotRound(lanternOrchard, 25, new Array(500).fill(0.5))).toThrow(/multiple of 20/);
  });

  it('maps floats to stops as floor(f × strip length)', () => {
    const lengths = testTitle.reels.base.map((strip) => strip.length);
    expect(stopsFromFloats(testTitle, 'base', [0, 0.999, 0.5, 1 / 7, 0.99])).toEqual([0, lengths[1]! - 1, 3, 1, 5]);
    expect(() => stopsFromFloats(testTitle, 'base', [0, 0, 0, 0, 1])).toThrow();
    expect(() => stopsFromFloats(testTitle, 'base', [0, 0, 0, 0])).toThrow();
  });
});

describe('a round with free spins', () => {
  // Every window of these strips shows exactly one scatter, so every spin awards free spins up to the cap.
  const alwaysTriggers: SlotTitle = {
    ...testTitle,
    slug: 'always-triggers',
    reels: { base: testTitle.reels.free.map(() => ['s', 'a', 'b']), free: testTitle.reels.free.map(() => ['a', 's', 'c', 'b', 's', 'w']) },
  };

  it('plays every free spin from the next five floats and stops at the cap', () => {
    const floats = Array.from({ length: slotRoundFloatCount(alwaysTriggers) }, (_, i) => (((i * 0.137) % 1) + 1) % 1);
    const round = playSlotRound(alwaysTriggers, 10, floats);
    expect(round.freeSpins).toHaveLength(6);
    expect(round.floatsUsed).toBe(35);
    expect([round.base, ...round.freeSpins].map((spin) => spin.freeSpinsAwarded)).toEqual([2, 2, 2, 0, 0, 0, 0]);
    round.freeSpins.forEach((spin, k) => expect(spin.stops).toEqual(stopsFromFloats(alwaysTriggers, 'free', floats.slice(5 * (k + 1), 5 * (k + 2)))));
    expect(round.totalWin).toBe(round.freeSpins.reduce((sum, spin) => sum + spin.total, round.base.total));
    expect(() => playSlotRound(alwaysTriggers, 10, floats.slice(0, 30))).toThrow(/needs up to 35 floats/);
    expect(expectedSpinsPlayed(2, 6, 1)).toBe(6);
  });

  it('uses only five floats when the base spin awards nothing, and ignores extra floats', () => {
    const quiet = [0.5, 0.5, 0.5, 0.5, 0.5];
    const spin = evaluateSpin(testTitle, { mode: 'base', stops: stopsFromFloats(testTitle, 'base', quiet), stake: 5, freeSpinsAwardable: 6 });
    expect(spin.freeSpinsAwarded).toBe(0);
    const round = playSlotRound(testTitle, 5, [...quiet, 0.1, 0.2]);
    expect(round).toMatchObject({ floatsUsed: 5, freeSpins: [], totalWin: spin.total });
  });
});

describe('exact RTP', () => {
  it('agrees with a brute-force enumeration of every stop combination of a small title', () => {
    const title = testTitle;
    const stake = title.paylines.length;
    const base = everySpin(title, 'base', stake);
    const free = everySpin(title, 'free', stake);
    const maths = slotMaths(title);
    expect(base).toHaveLength(6 * 7 * 6 * 7 * 6);
    expect(maths.contributions.baseLines).toBeCloseTo(mean(base.map((s) => s.total - s.scatter.amount)) / stake, 12);
    expect(maths.contributions.baseScatter).toBeCloseTo(mean(base.map((s) => s.scatter.amount)) / stake, 12);
    expect(maths.freeSpinsTrigger).toBeCloseTo(mean(base.map((s) => (s.freeSpinsAwarded > 0 ? 1 : 0))), 12);
    expect(maths.hitFrequency).toBeCloseTo(mean(base.map((s) => (s.total > 0 || s.freeSpinsAwarded > 0 ? 1 : 0))), 12);
    expect(maths.freeSpinsRetrigger).toBeCloseTo(mean(free.map((s) => (s.freeSpinsAwarded > 0 ? 1 : 0))), 12);
    expect(maths.freeSpinValue).toBeCloseTo(mean(free.map((s) => s.total)) / stake, 12);

    // The free-spins session by direct recursion over its states, from the enumerated free spins:
    // value(awarded, played) = E[win of the next spin + value of the state it leads to].
    const { award, maxPerRound } = title.freeSpins;
    const memo = new Map<string, number>();
    const value = (awarded: number, played: number): number => {
      if (played === awarded) return 0;
      const key = `${awarded}/${played}`;
      if (!memo.has(key)) {
        memo.set(key, mean(free.map((s) => s.total / stake + value(s.freeSpinsAwarded > 0 ? Math.min(awarded + award, maxPerRound) : awarded, played + 1))));
      }
      return memo.get(key)!;
    };
    const session = value(award, 0);
    const roundRtp = mean(base.map((s) => s.total / stake + (s.freeSpinsAwarded > 0 ? session : 0)));
    expect(maths.rtp / roundRtp).toBeCloseTo(1, 12);
    expect(maths.expectedFreeSpins).toBeGreaterThan(award);
    expect(maths.expectedFreeSpins).toBeLessThan(maxPerRound);
  });

  it('counts expected free spins with retriggers and the cap', () => {
    expect(expectedSpinsPlayed(10, 50, 0)).toBe(10);
    expect(expectedSpinsPlayed(10, 10, 0.5)).toBe(10);
    // Without a binding cap the branching process gives award / (1 − q · award).
    expect(expectedSpinsPlayed(10, 2000, 0.01)).toBeCloseTo(10 / (1 - 0.1), 6);
    expect(expectedSpinsPlayed(10, 50, 0.01)).toBeLessThan(10 / 0.9);
  });
});

describe('the catalogue titles', () => {
  it('are valid data with distinct slugs, themes and maths', () => {
    expect(SLOT_TITLES.map((title) => title.slug)).toEqual(['lantern-orchard', 'clockwork-comet', 'tidebound-hoard']);
    for (const title of SLOT_TITLES) {
      expect(() => compileTitle(title)).not.toThrow();
      expect(slotTitle(title.slug)).toBe(title);
    }
    expect(slotTitle('nope')).toBeUndefined();
    expect(new Set(SLOT_TITLES.map((title) => title.volatility))).toEqual(new Set(['low', 'medium', 'high']));
  });

  it('have the exact RTPs, hit frequencies and trigger rates recorded in decision 0040', () => {
    const figures = SLOT_TITLES.map((title) => {
      const maths = slotMaths(title);
      return {
        slug: title.slug,
        rtp: Number((maths.rtp * 100).toFixed(2)),
        hit: Number((maths.hitFrequency * 100).toFixed(2)),
        triggerOneIn: Math.round(1 / maths.freeSpinsTrigger),
      };
    });
    expect(figures).toEqual([
      { slug: 'lantern-orchard', rtp: 96.42, hit: 55.11, triggerOneIn: 140 },
      { slug: 'clockwork-comet', rtp: 95.36, hit: 31.86, triggerOneIn: 170 },
      { slug: 'tidebound-hoard', rtp: 94.37, hit: 38.53, triggerOneIn: 274 },
    ]);
    for (const { rtp } of figures) {
      expect(rtp).toBeGreaterThanOrEqual(94);
      expect(rtp).toBeLessThanOrEqual(97);
    }
  });

  // Seeded, so the outcome is fixed; the tolerances are 5 standard errors so any seed would pass too.
  it.each(SLOT_TITLES.map((title) => [title.slug, title] as const))(
    '%s: a simulation of the real rounds agrees with the exact maths and the volatility label',
    (_, title) => {
      const rounds = 200_000;
      const simulated = simulateSlotRounds(title, rounds, 40);
      const maths = slotMaths(title);
      const binomial = (p: number) => 5 * Math.sqrt((p * (1 - p)) / rounds);
      expect(Math.abs(simulated.rtp - maths.rtp)).toBeLessThan((5 * simulated.standardDeviation) / Math.sqrt(rounds));
      expect(Math.abs(simulated.hitFrequency - maths.hitFrequency)).toBeLessThan(binomial(maths.hitFrequency));
      expect(Math.abs(simulated.freeSpinsFrequency - maths.freeSpinsTrigger)).toBeLessThan(binomial(maths.freeSpinsTrigger));
      expect(volatilityBand(simulated.standardDeviation)).toBe(title.volatility);
    },
  );

  it('describe themselves for the info panel', () => {
    const info = slotInfo(lanternOrchard);
    expect(info).toMatchObject({ kind: 'slot', slug: 'lantern-orchard', rtpPercent: 96.42, volatility: 'low', lines: 20, hitFrequencyPercent: 55.11 });
    if (info.kind !== 'slot') return;
    expect(info.paytable.find((row) => row.symbol === 'lantern')).toMatchObject({ pays: { 3: 30, 4: 90, 5: 400 }, paysOn: 'line bet' });
    expect(info.paytable.find((row) => row.symbol === 'firefly')).toMatchObject({ kind: 'scatter', paysOn: 'total stake' });
    expect(info.freeSpins).toEqual({ award: 10, multiplier: 2, maxPerRound: 50, triggerOneIn: 140 });
    expect(info.rules.join(' ')).toMatch(/96\.42%/);
  });
});

describe('title data checks', () => {
  it('refuse data the engine or the maths cannot handle', () => {
    const broken = (change: Partial<SlotTitle>) => () => compileTitle({ ...testTitle, ...change });
    const strips = testTitle.reels.base;
    expect(broken({ reels: { base: [['a', 's', 's', 'b', 'c'], ...strips.slice(1)], free: testTitle.reels.free } })).toThrow(/scatters closer/);
    expect(broken({ reels: { base: [['a', 'b', 'q'], ...strips.slice(1)], free: testTitle.reels.free } })).toThrow(/unknown symbol q/);
    expect(broken({ reels: { base: strips.slice(1), free: testTitle.reels.free } })).toThrow(/5 strips/);
    expect(broken({ symbols: testTitle.symbols.map((s) => (s.id === 'a' ? { ...s, pays: [0, 5, 10] as const } : s)) })).toThrow(/three of a kind/);
    expect(broken({ symbols: testTitle.symbols.filter((s) => s.kind !== 'wild') })).toThrow(/one wild/);
    expect(broken({ paylines: [[0, 1, 3, 1, 0]] })).toThrow(/bad payline/);
    expect(broken({ freeSpins: { award: 5, multiplier: 2, maxPerRound: 4 } })).toThrow(/cap/);
  });

  it('can be simulated deterministically', () => {
    expect(simulateSlotRounds(testTitle, 200, 7)).toEqual(simulateSlotRounds(testTitle, 200, 7));
    const next = simulationFloats(1);
    expect(next()).not.toBe(next());
  });
});
