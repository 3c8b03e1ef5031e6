import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minesInfo } from './info.ts';
import { applyMinesAction, binomial, cashOutUntouched, MinesActionError, minePositions, minesMultiplier, minesPayout, minesView, startMines } from './mines.ts';

const floats = (seed: number) => Array.from({ length: 24 }, (_, i) => ((seed * 7919 + i * 104_729) % 1000) / 1000);

describe('mines', () => {
  it('places m mines by Fisher–Yates over the 25 tiles, the first m of the shuffle', () => {
    // All floats 0: each step swaps position i with 0, so the order is 1, 2, …, 24, 0 read from the top.
    expect(minePositions(3, Array(24).fill(0))).toEqual([1, 2, 3]);
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 0.999999, noNaN: true }), { minLength: 24, maxLength: 24 }), fc.integer({ min: 1, max: 24 }), (fs, m) => {
        const mines = minePositions(m, fs);
        expect(new Set(mines).size).toBe(m);
        expect(mines.every((t) => t >= 0 && t < 25)).toBe(true);
        expect(minePositions(m, fs)).toEqual(mines);
      }),
    );
  });

  it('pays 0.99 × C(25, k) / C(25 − m, k) rounded down', () => {
    expect(minesMultiplier(1, 1)).toBe(1.0313);
    expect(minesMultiplier(3, 1)).toBe(1.125);
    expect(minesPayout(100, 3, 1)).toBe(112);
    expect(minesPayout(1000, 24, 1)).toBe(24_750);
    expect(minesPayout(100, 1, 24)).toBe(2475);
    expect(minesPayout(100, 5, 0)).toBe(99);
  });

  it('returns exactly 99 % for any fixed number of picks: Σ over survival of C(25−m,k)/C(25,k) × payout factor', () => {
    for (let m = 1; m <= 24; m++) {
      for (let k = 1; k <= 25 - m; k++) {
        // Exact rational: survival × multiplier = C(25−m,k)/C(25,k) × 99/100 × C(25,k)/C(25−m,k) = 99/100.
        const numerator = binomial(25 - m, k) * 99n * binomial(25, k);
        const denominator = binomial(25, k) * 100n * binomial(25 - m, k);
        expect(numerator * 100n).toBe(denominator * 99n);
      }
    }
    expect(minesInfo.rtpPercent).toBe(99);
  });

  it('by enumeration over every board for 22 mines, a player revealing tiles 0, 1, 2 in order gets 99 % back', () => {
    // C(25, 22) = 2300 boards, equally likely; survival needs tiles 0, 1, 2 safe (the three safe tiles).
    let total = 0n;
    let boards = 0n;
    const stake = 1_000_000n;
    for (let a = 0; a < 25; a++)
      for (let b = a + 1; b < 25; b++)
        for (let c = b + 1; c < 25; c++) {
          boards++;
          const safe = new Set([a, b, c]);
          if ([0, 1, 2].every((t) => safe.has(t))) total += (99n * stake * binomial(25, 3)) / (100n * binomial(3, 3));
        }
    expect(total * 100n).toBe(stake * boards * 99n);
  });

  it('plays as a state machine: reveal, cash out, hit a mine, clear the board', () => {
    const start = startMines({ stake: 100, mines: 3, floats: Array(24).fill(0) });
    expect(start.minePositions).toEqual([1, 2, 3]);
    expect(() => applyMinesAction(start, 'cashout')).toThrow(MinesActionError);
    const one = applyMinesAction(start, 'reveal:0');
    expect(one).toMatchObject({ phase: 'player', revealed: [0], cashOutValue: 112 });
    expect(() => applyMinesAction(one, 'reveal:0')).toThrow(MinesActionError);
    expect(() => applyMinesAction(one, 'reveal:25')).toThrow(MinesActionError);
    expect(applyMinesAction(one, 'cashout')).toMatchObject({ phase: 'finished', settlement: { win: 112, reason: 'cashout' } });
    const boom = applyMinesAction(one, 'reveal:2');
    expect(boom).toMatchObject({ phase: 'finished', hitMine: 2, settlement: { win: 0, reason: 'mine' } });
    expect(() => applyMinesAction(boom, 'reveal:4')).toThrow(MinesActionError);
    let cleared = startMines({ stake: 100, mines: 24, floats: Array(24).fill(0) });
    cleared = applyMinesAction(cleared, 'reveal:0');
    expect(cleared).toMatchObject({ phase: 'finished', settlement: { win: 2475, reason: 'cleared' } });
  });

  it('hides the mines from the player until the round ends, and cashes out an untouched round at its value', () => {
    const start = startMines({ stake: 100, mines: 3, floats: floats(7) });
    expect(minesView(start).minePositions).toBeNull();
    const done = cashOutUntouched(start);
    expect(done.settlement).toEqual({ win: 99, multiplier: 0.99, reason: 'untouched' });
    expect(minesView(done).minePositions).toEqual(start.minePositions);
    expect(() => startMines({ stake: 100, mines: 25, floats: floats(1) })).toThrow(MinesActionError);
  });
});
