import { describe, expect, it } from 'vitest';
import { cashOutWins, chainLinks, crashPayout, crashPointFromHash, crashRtpFraction, msToReach, multiplierAt, previousHash, sha256Hex } from './crash.ts';
import { crashInfo } from './info.ts';

describe('crash', () => {
  it('derives the crash point from the first 52 bits of the game hash with a 1 % edge', () => {
    expect(crashPointFromHash('0'.repeat(64))).toBe(99); // r = 0: an instant crash
    expect(crashPointFromHash(`8${'0'.repeat(63)}`)).toBe(198); // r = 2^51: 99 × 2 = 1.98×
    expect(crashPointFromHash(`fffffffffffff${'0'.repeat(51)}`)).toBe(99 * 2 ** 52);
    expect(() => crashPointFromHash('xyz')).toThrow();
  });

  it('returns 99 % (less at most M × 2^-52) for every cash-out target, counted exactly over the 2^52 values of r', () => {
    for (const m of [101, 150, 200, 1000, 10_000, 1_000_000]) {
      const [numerator, denominator] = crashRtpFraction(m);
      const deficit = denominator * 99n - numerator * 100n; // 100 × (0.99 − RTP) × denominator
      expect(deficit).toBeGreaterThanOrEqual(0n);
      expect(deficit).toBeLessThanOrEqual(BigInt(m) * 100n);
    }
    // The count behind it: r wins at M when floor(99·2^52 / (2^52 − r)) ≥ M, checked on a scaled-down space.
    const bits = 12n;
    const space = 2n ** bits;
    for (const m of [101n, 200n, 333n]) {
      let wins = 0n;
      for (let r = 0n; r < space; r++) if ((99n * space) / (space - r) >= m) wins++;
      expect(wins).toBe((99n * space) / m);
    }
    expect(crashInfo.rtpPercent).toBe(99);
  });

  it('rises as e^(0.00006 t) from 1.00× and finds the first millisecond at any point', () => {
    expect(multiplierAt(0)).toBe(100);
    // ln 2 / 0.00006 = 11,552.45 ms: the multiplier shows 2.00× from the 11,553rd millisecond.
    expect(multiplierAt(11_552)).toBe(199);
    expect(multiplierAt(11_553)).toBe(200);
    expect(msToReach(200)).toBe(11_553);
    for (const point of [101, 150, 200, 1234, 100_000]) {
      const ms = msToReach(point);
      expect(multiplierAt(ms)).toBeGreaterThanOrEqual(point);
      expect(multiplierAt(ms - 1)).toBeLessThan(point);
    }
    expect(msToReach(99)).toBe(0);
  });

  it('pays floor(stake × M) and wins only from 1.01× up to the crash point', () => {
    expect(crashPayout(333, 150)).toBe(499);
    expect(cashOutWins(150, 150)).toBe(true);
    expect(cashOutWins(151, 150)).toBe(false);
    expect(cashOutWins(100, 500)).toBe(false);
  });

  it('chains hashes: each game hash hashes to the one before, back to the published terminating hash', async () => {
    const seed = 'a'.repeat(64);
    const chain = [seed];
    for (let i = 0; i < 5; i++) chain.unshift(await sha256Hex(chain[0]!));
    // chain[0] is the terminating hash h_0, chain[5] the seed h_5.
    expect(await previousHash(chain[3]!)).toBe(chain[2]);
    expect(await chainLinks(chain[4]!, 4, chain[0]!)).toBe(true);
    expect(await chainLinks(chain[4]!, 3, chain[0]!)).toBe(false);
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
