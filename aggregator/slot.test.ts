import { describe, expect, it } from 'vitest';
import { exactRtp, lineMultiplier, REEL_STRIP, SYMBOL_TABLE, SYMBOLS, seededRng, spinReels } from './slot.ts';

describe('the demo slot', () => {
  it('has a reel strip matching the symbol table, and returns 96.64 % with a 21.84 % hit rate', () => {
    for (const symbol of SYMBOLS) expect(REEL_STRIP.filter((stop) => stop === symbol).length, symbol).toBe(SYMBOL_TABLE[symbol].stops);
    const { rtp, hitRate } = exactRtp();
    expect(rtp).toBeCloseTo(0.9664, 4);
    expect(hitRate).toBeCloseTo(0.2184, 4);
  });

  it('pays three of a kind, a mix of high symbols and exactly two cherries', () => {
    expect(lineMultiplier(['seven', 'seven', 'seven'])).toEqual({ multiplier: 500, combination: 'three:seven' });
    expect(lineMultiplier(['star', 'seven', 'gem'])).toEqual({ multiplier: 10, combination: 'mixed-high' });
    expect(lineMultiplier(['cherry', 'bell', 'cherry'])).toEqual({ multiplier: 2, combination: 'two-cherries' });
    expect(lineMultiplier(['cherry', 'cherry', 'cherry'])).toEqual({ multiplier: 6, combination: 'three:cherry' });
    expect(lineMultiplier(['lemon', 'bell', 'gem'])).toEqual({ multiplier: 0, combination: null });
  });

  it('draws the same reels from the same seed, and the pay line is the middle row', () => {
    const a = seededRng('seed');
    const b = seededRng('seed');
    const spins = Array.from({ length: 50 }, () => [spinReels(a), spinReels(b)]);
    for (const [left, right] of spins) expect(left).toEqual(right);
    for (const [spin] of spins) expect(spin!.line).toEqual(spin!.reels.map((reel) => reel[1]));
    expect(spinReels(seededRng('other'))).not.toEqual(spins[0]![0]);
  });

  it('has a seeded RNG whose values cover the range evenly', () => {
    const rng = seededRng('uniform');
    const counts = new Array(32).fill(0);
    for (let i = 0; i < 32_000; i++) counts[rng.int(32)]++;
    for (const count of counts) expect(Math.abs(count - 1000)).toBeLessThan(150);
    expect(() => rng.int(0)).toThrow(RangeError);
  });
});
