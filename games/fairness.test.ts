import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultClientSeed, fairFloats, generateServerSeed, hashServerSeed } from './fairness.ts';

const SEED = '7f1c0a5e9b3d4c2f8e6a1b0d9c8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e';

/** The published scheme written out again with node:crypto and the byte formula, independent of fairness.ts. */
function referenceFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const floats: number[] = [];
  for (let round = 0; floats.length < count; round++) {
    const block = createHmac('sha256', Buffer.from(serverSeed, 'utf8')).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let i = 0; i < 32 && floats.length < count; i += 4) {
      floats.push(block[i]! / 256 + block[i + 1]! / 256 ** 2 + block[i + 2]! / 256 ** 3 + block[i + 3]! / 256 ** 4);
    }
  }
  return floats;
}

describe('provably fair floats', () => {
  it('hashes the server seed string with SHA-256', async () => {
    expect(await hashServerSeed(SEED)).toBe(createHash('sha256').update(SEED, 'utf8').digest('hex'));
    expect(await hashServerSeed(SEED)).toBe('12e47d07f936200497a6f3cc8154e2f7143f28bc1ba4c8630cdf203d6dddcb5f');
  });

  it('matches the published vector (also computed independently with Python hmac)', async () => {
    expect(await fairFloats(SEED, 'lucky-player', 42, 10)).toEqual([
      0.7471554835792631, 0.7002627407200634, 0.7203011247329414, 0.4049516988452524, 0.4691751254722476, 0.5412198174744844, 0.1431944090873003,
      0.9847898480948061, 0.9831023025326431, 0.5934614259749651,
    ]);
  });

  it('matches a node:crypto reimplementation across several HMAC blocks', async () => {
    expect(await fairFloats(SEED, 'lucky-player', 42, 45)).toEqual(referenceFloats(SEED, 'lucky-player', 42, 45));
    expect(await fairFloats(SEED, 'a:b', 0, 3)).toEqual(referenceFloats(SEED, 'a:b', 0, 3));
  });

  it('gives prefixes of one stream for every count, and a different stream for every nonce and client seed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 40 }), fc.nat({ max: 40 }), fc.string(), fc.nat({ max: 1_000_000 }), async (a, b, clientSeed, nonce) => {
        const short = await fairFloats(SEED, clientSeed, nonce, Math.min(a, b));
        const long = await fairFloats(SEED, clientSeed, nonce, Math.max(a, b));
        expect(long.slice(0, short.length)).toEqual(short);
        expect(long.every((f) => f >= 0 && f < 1)).toBe(true);
      }),
      { numRuns: 40 },
    );
    const [first] = await fairFloats(SEED, 'x', 1, 1);
    expect((await fairFloats(SEED, 'x', 2, 1))[0]).not.toBe(first);
    expect((await fairFloats(SEED, 'y', 1, 1))[0]).not.toBe(first);
  });

  it('refuses nonsense arguments', async () => {
    await expect(fairFloats('', 'c', 0, 1)).rejects.toThrow(/server seed/);
    await expect(fairFloats(SEED, 'c', -1, 1)).rejects.toThrow(/nonce/);
    await expect(fairFloats(SEED, 'c', 1.5, 1)).rejects.toThrow(/nonce/);
    await expect(fairFloats(SEED, 'c', 0, -2)).rejects.toThrow(/count/);
    expect(await fairFloats(SEED, 'c', 0, 0)).toEqual([]);
  });

  it('generates random hex seeds', () => {
    const seeds = new Set(Array.from({ length: 20 }, generateServerSeed));
    expect(seeds.size).toBe(20);
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(defaultClientSeed()).toMatch(/^[0-9a-f]{16}$/);
    expect(defaultClientSeed()).not.toBe(defaultClientSeed());
  });

  // Pearson's chi-square against the uniform distribution at 99% confidence. The stream is deterministic for
  // a fixed seed, so this cannot flake: it fails only if the scheme or its byte-to-float mapping is biased.
  function chiSquare(counts: number[], expected: number): number {
    return counts.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
  }

  it('is uniform: 200,000 floats over 100 bins pass chi-square at 99% (critical value 134.64 for 99 df)', async () => {
    const bins = new Array<number>(100).fill(0);
    for (let nonce = 0; nonce < 2_500; nonce++) {
      for (const f of await fairFloats(SEED, 'uniformity', nonce, 80)) bins[Math.floor(f * 100)]! += 1;
    }
    expect(bins.reduce((a, b) => a + b, 0)).toBe(200_000);
    expect(chiSquare(bins, 2_000)).toBeLessThan(134.64);
  });

  it('maps to uniform roulette pockets: 37,000 spins pass chi-square at 99% (critical value 58.62 for 36 df)', async () => {
    const pockets = new Array<number>(37).fill(0);
    for (let nonce = 0; nonce < 37_000; nonce++) {
      const [f] = await fairFloats(SEED, 'wheel', nonce, 1);
      pockets[Math.floor(f! * 37)]! += 1;
    }
    expect(chiSquare(pockets, 1_000)).toBeLessThan(58.62);
  });

  it('the chi-square check rejects a biased stream, so it can fail', () => {
    const biased = new Array<number>(100).fill(2_000);
    biased[0] = 2_400;
    biased[99] = 1_600;
    expect(chiSquare(biased, 2_000)).toBeGreaterThan(134.64);
  });
});
