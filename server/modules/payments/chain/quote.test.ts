import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRate, formatTokenAmount, parseRate, quoteMinorUnits } from './quote.ts';

const rate = (text: string) => parseRate(text)!;

describe('quotes in minor units', () => {
  it('prices stablecoins and ether exactly, rounding down to the cent', () => {
    expect(quoteMinorUnits(25_500_000n, 6, rate('0.92'))).toBe(2_346n);
    expect(quoteMinorUnits(25_500_000n, 6, rate('1'))).toBe(2_550n);
    // 0.0123 ETH at 2,345.67 per ETH = 28.8517... → 28.85
    expect(quoteMinorUnits(12_300_000_000_000_000n, 18, rate('2345.67'))).toBe(2_885n);
    // Dust: a millionth of a dollar is worth no cent.
    expect(quoteMinorUnits(1n, 6, rate('1'))).toBe(0n);
    expect(quoteMinorUnits(0n, 6, rate('1'))).toBe(0n);
  });

  it('reads rates as positive decimals of at most 18 places and writes them back plainly', () => {
    expect(formatRate(rate('2000'))).toBe('2000');
    expect(formatRate(rate('0.000001'))).toBe('0.000001');
    expect(formatRate(rate('1.500'))).toBe('1.5');
    expect(formatRate(rate('0.000000000000000001'))).toBe('0.000000000000000001');
    for (const bad of ['', '0', '0.0', '-1', '1e3', '1.', '.5', '1,5', ' 1', '1.0000000000000000001', '1234567890123']) expect(parseRate(bad)).toBeNull();
  });

  it('shows token amounts exactly', () => {
    expect(formatTokenAmount(25_500_000n, 6)).toBe('25.5');
    expect(formatTokenAmount(1n, 18)).toBe('0.000000000000000001');
    expect(formatTokenAmount(3_000_000n, 6)).toBe('3');
  });

  // Rates up to the largest parseRate reads: 12 whole digits and 18 places.
  it('is the exact value rounded down, for any amount, decimals and rate', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 36 }),
        fc.bigInt({ min: 1n, max: 10n ** 30n - 1n }),
        (raw, decimals, units) => {
          const quote = quoteMinorUnits(raw, decimals, units);
          // quote ≤ raw/10^d × units/10^18 × 100 < quote + 1, compared without division.
          const exact = raw * units * 100n;
          const denominator = 10n ** BigInt(decimals) * 10n ** 18n;
          expect(quote * denominator <= exact).toBe(true);
          expect(exact < (quote + 1n) * denominator).toBe(true);
          expect(parseRate(formatRate(units))).toBe(units);
        },
      ),
    );
  });

  it('never pays more for less: more coins or a higher rate never quote fewer cents, and parts never add up to more than the whole', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.bigInt({ min: 1n, max: 10n ** 24n }), (a, b, units) => {
        expect(quoteMinorUnits(a + b, 18, units)).toBeGreaterThanOrEqual(quoteMinorUnits(a, 18, units));
        expect(quoteMinorUnits(a, 18, units + 1n)).toBeGreaterThanOrEqual(quoteMinorUnits(a, 18, units));
        expect(quoteMinorUnits(a, 18, units) + quoteMinorUnits(b, 18, units)).toBeLessThanOrEqual(quoteMinorUnits(a + b, 18, units));
      }),
    );
  });
});
