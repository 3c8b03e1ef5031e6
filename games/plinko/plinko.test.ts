import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plinkoInfo } from './info.ts';
import { PLINKO_RISKS, PLINKO_TABLES, playPlinkoRound, plinkoBetProblem, plinkoRtpFraction } from './plinko.ts';

const rowsRange = [8, 9, 10, 11, 12, 13, 14, 15, 16];

describe('plinko', () => {
  it('has a symmetric table of rows + 1 buckets for every risk and row count, edges paying the most', () => {
    for (const risk of PLINKO_RISKS)
      for (const rows of rowsRange) {
        const table = PLINKO_TABLES[risk][rows]!;
        expect(table).toHaveLength(rows + 1);
        expect([...table].reverse()).toEqual([...table]);
        expect(Math.max(...table)).toBe(table[0]);
        expect(table.every((m) => Number.isInteger(m) && m > 0)).toBe(true);
      }
    expect(PLINKO_TABLES.high[16]![0]).toBeGreaterThan(PLINKO_TABLES.medium[16]![0]!);
    expect(PLINKO_TABLES.medium[16]![0]).toBeGreaterThan(PLINKO_TABLES.low[16]![0]!);
  });

  it('returns 99 % ± 0.01 for every rows × risk, computed exactly from the binomial distribution', () => {
    for (const risk of PLINKO_RISKS)
      for (const rows of rowsRange) {
        const [numerator, denominator] = plinkoRtpFraction({ rows, risk });
        // |RTP − 0.99| ≤ 0.0001 (0.01 percentage points) in integers.
        const diff = numerator * 10_000n - denominator * 9_900n;
        expect(diff < 0n ? -diff : diff).toBeLessThanOrEqual(denominator);
      }
    expect(plinkoInfo.rtpPercent).toBe(99);
  });

  it('agrees with brute force over all 2^rows paths for 8 and 12 rows', () => {
    for (const rows of [8, 12])
      for (const risk of PLINKO_RISKS) {
        let won = 0;
        for (let p = 0; p < 2 ** rows; p++) {
          const fs = Array.from({ length: rows }, (_, i) => ((p >> i) & 1 ? 0.75 : 0.25));
          won += playPlinkoRound(10_000, { rows, risk }, fs).win;
        }
        const [numerator, denominator] = plinkoRtpFraction({ rows, risk });
        expect(won / 2 ** rows / 10_000).toBeCloseTo(Number(numerator) / Number(denominator), 10);
      }
  });

  it('lands in the bucket counting the rights, each row from one float (≥ 0.5 is right)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: 16 }),
        fc.constantFrom(...PLINKO_RISKS),
        fc.array(fc.double({ min: 0, max: 0.9999999, noNaN: true }), { minLength: 16, maxLength: 16 }),
        (rows, risk, fs) => {
          const round = playPlinkoRound(100, { rows, risk }, fs);
          expect(round.path).toHaveLength(rows);
          expect(round.bucket).toBe(fs.slice(0, rows).filter((f) => f >= 0.5).length);
          expect(round.win).toBe(Math.floor((100 * PLINKO_TABLES[risk][rows]![round.bucket]!) / 100));
        },
      ),
    );
    expect(playPlinkoRound(100, { rows: 8, risk: 'low' }, [0.5, 0.49, 0, 0, 0, 0, 0, 0]).path.slice(0, 2)).toEqual(['R', 'L']);
  });

  it('refuses rows outside 8 … 16 and unknown risks', () => {
    expect(plinkoBetProblem({ rows: 7, risk: 'low' })?.field).toBe('rows');
    expect(plinkoBetProblem({ rows: 17, risk: 'low' })?.field).toBe('rows');
    expect(plinkoBetProblem({ rows: 8.5, risk: 'low' })?.field).toBe('rows');
    expect(plinkoBetProblem({ rows: 8, risk: 'extreme' })?.field).toBe('risk');
    expect(plinkoBetProblem({ rows: 16, risk: 'high' })).toBeNull();
  });
});
