// The lazy fair float stream (decision 0045): a round draws only the floats it uses, and whatever it draws is
// the prefix of the one stream, so every past round (drawn eagerly, up to its longest need) verifies unchanged.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fairFloats, fairFloatStream } from './fairness.ts';
import { simulationFloats } from './simulation-prng.ts';
import { SLOT_TITLES } from './slots/catalogue.ts';
import { drawSlotRound, playSlotRound, slotRoundFloatCount } from './slots/round.ts';

const SEED = '7f1c0a5e9b3d4c2f8e6a1b0d9c8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the fair float stream', () => {
  it('is prefix-stable: the first n of a stream are the first n of any longer draw, however the draws are split', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 60 }), fc.nat({ max: 60 }), fc.string(), fc.nat({ max: 1_000_000 }), async (a, b, clientSeed, nonce) => {
        const [n, m] = [Math.min(a, b), Math.max(a, b)];
        const long = await fairFloats(SEED, clientSeed, nonce, m);
        const stream = fairFloatStream(SEED, clientSeed, nonce);
        expect(await stream.take(n)).toEqual(long.slice(0, n));
        expect(await stream.take(m)).toEqual(long);
        // Overlapping draws on a fresh stream agree with it too.
        const fresh = fairFloatStream(SEED, clientSeed, nonce);
        const [short, whole] = await Promise.all([fresh.take(n), fresh.take(m)]);
        expect([short, whole]).toEqual([long.slice(0, n), long]);
      }),
      { numRuns: 40 },
    );
  });

  it('computes each HMAC block once, and only the blocks drawn', async () => {
    const sign = vi.spyOn(globalThis.crypto.subtle, 'sign');
    const stream = fairFloatStream(SEED, 'lazy', 3);
    await stream.take(5);
    expect(sign).toHaveBeenCalledTimes(1);
    await stream.take(8);
    expect(sign).toHaveBeenCalledTimes(1);
    await stream.take(9);
    expect(sign).toHaveBeenCalledTimes(2);
    await stream.take(0);
    expect(sign).toHaveBeenCalledTimes(2);
  });

  it('refuses nonsense arguments', async () => {
    expect(() => fairFloatStream('', 'c', 0)).toThrow(/server seed/);
    expect(() => fairFloatStream(SEED, 'c', -1)).toThrow(/nonce/);
    await expect(fairFloatStream(SEED, 'c', 0).take(1.5)).rejects.toThrow(/count/);
  });
});

describe('a slot round drawn lazily', () => {
  for (const title of SLOT_TITLES) {
    it(`${title.slug}: is the round of the longest draw, and asks for exactly the floats it uses`, async () => {
      const next = simulationFloats(0x5107 + title.slug.length);
      let withFreeSpins = 0;
      for (let round = 0; round < 3_000; round++) {
        const full = Array.from({ length: slotRoundFloatCount(title) }, next);
        const asked: number[] = [];
        const drawn = await drawSlotRound(title, title.paylines.length, async (count) => {
          asked.push(count);
          return full.slice(0, count);
        });
        const eager = playSlotRound(title, title.paylines.length, full);
        expect(drawn).toEqual(eager);
        expect(Math.max(...asked)).toBe(eager.floatsUsed);
        if (eager.freeSpins.length > 0) withFreeSpins++;
      }
      // The comparison covered rounds with free spins, where the extra draws happen.
      expect(withFreeSpins).toBeGreaterThan(0);
    });
  }

  it('is the same round from the fair stream as from the eager draw the verifier makes', async () => {
    const title = SLOT_TITLES[0]!;
    for (let nonce = 0; nonce < 50; nonce++) {
      const drawn = await drawSlotRound(title, title.paylines.length, fairFloatStream(SEED, 'verify', nonce).take);
      expect(drawn).toEqual(playSlotRound(title, title.paylines.length, await fairFloats(SEED, 'verify', nonce, slotRoundFloatCount(title))));
    }
  });
});
