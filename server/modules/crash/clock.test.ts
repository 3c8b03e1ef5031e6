// The round's clock at the tests' speeds (docs/decisions/0101-deterministic-crash-tests.md): the published curve,
// run faster, so only how long a round lasts changes.
import { describe, expect, it } from 'vitest';
import { CRASH_GROWTH, msToReach, multiplierAt } from '../../../games/crash/crash.ts';
import { CHAIN_LENGTH, hashAt, newChain } from './chain.ts';
import { crashClock } from './clock.ts';

const POINTS = [99, 100, 101, 102, 150, 199, 200, 201, 333, 1_000, 1_234, 10_000, 100_000, 1_000_000];

describe('the crash clock', () => {
  it('is the published curve at speed 1', () => {
    const clock = crashClock();
    expect(clock.growth).toBe(CRASH_GROWTH);
    for (const ms of [0, 1, 165, 166, 11_552, 11_553, 38_376, 115_130]) expect(clock.multiplierAt(ms)).toBe(multiplierAt(ms));
    for (const point of POINTS) expect(clock.msToReach(point)).toBe(msToReach(point));
  });

  it.each([1.5, 2, 3, 4, 7.5, 10, 100])('at speed %s reaches every point in 1/speed of the time, to the millisecond', (speed) => {
    const clock = crashClock(speed);
    expect(clock.growth).toBeCloseTo(CRASH_GROWTH * speed, 15);
    for (const point of POINTS) {
      const ms = clock.msToReach(point);
      // The first whole millisecond at or past the point: the server settles the crash then, and a cash-out a
      // millisecond earlier pays below the crash point.
      if (point <= 100) expect(ms).toBe(0);
      else {
        expect(clock.multiplierAt(ms)).toBeGreaterThanOrEqual(point);
        expect(clock.multiplierAt(ms - 1)).toBeLessThan(point);
      }
      expect(Math.abs(ms - msToReach(point) / speed)).toBeLessThanOrEqual(1);
    }
    for (let ms = 0; ms < 60_000 / speed; ms += 7) expect(clock.multiplierAt(ms)).toBe(multiplierAt(ms * speed));
  });

  it('draws in the browser what the server pays: e^(growth × ms) from the growth GET /api/crash sends', () => {
    for (const speed of [1, 2.5, 4]) {
      const clock = crashClock(speed);
      let differ = 0;
      for (let ms = 0; ms < 40_000 / speed; ms += 3) if (Math.floor(100 * Math.exp(clock.growth * ms) + 1e-9) !== clock.multiplierAt(ms)) differ++;
      expect(differ).toBe(0);
    }
  });

  it('never runs slower than the published curve', () => {
    expect(() => crashClock(0.5)).toThrow(RangeError);
    expect(() => crashClock(Number.NaN)).toThrow(RangeError);
  });
});

describe('the hash chain', () => {
  it('makes a chain from a given seed: h_L is the seed, h_0 what hashAt gives', () => {
    const seed = 'c0ffee'.repeat(10).concat('c0ff');
    const chain = newChain(CHAIN_LENGTH, seed);
    expect(chain).toEqual({ seed, terminatingHash: hashAt(seed, CHAIN_LENGTH, 0), length: CHAIN_LENGTH });
    expect(newChain(5, seed).terminatingHash).toBe(hashAt(seed, 5, 0));
    // Without one, each chain has its own random seed.
    expect(newChain(5).seed).not.toBe(newChain(5).seed);
    expect(newChain(5).seed).toMatch(/^[0-9a-f]{64}$/);
  });
});
