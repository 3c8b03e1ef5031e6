import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRate, quoteMinorUnits, tokenUnitsFor } from './quote.ts';

// A withdrawal's quote (docs/decisions/0109): cents of the wallet currency → the token's smallest units, exact and
// rounded down, so the coins sent are never worth more than the money taken from the player's balance.

const rate = (text: string) => parseRate(text)!;
const rates = fc
  .tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 999_999_999 }))
  .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(9, '0')}`)
  .filter((text) => parseRate(text) !== null);
const decimals = fc.integer({ min: 0, max: 24 });
const cents = fc.bigInt({ min: 0n, max: 10_000_000_000n });

describe('withdrawal quotes', () => {
  it('converts euros to stablecoins and ether exactly, rounding down', () => {
    // €23.46 at 0.92 EUR per TUSD = 25.5 TUSD.
    expect(tokenUnitsFor(2_346n, 6, rate('0.92'))).toBe(25_500_000n);
    // €20.00 at 0.92 = 21.739130434... TUSD → 21.739130 (rounded down to the token's 6 places).
    expect(tokenUnitsFor(2_000n, 6, rate('0.92'))).toBe(21_739_130n);
    // €100.00 at 2,000 EUR per ETH = 0.05 ETH.
    expect(tokenUnitsFor(10_000n, 18, rate('2000'))).toBe(50_000_000_000_000_000n);
    // €1.00 at 3 per token: 0.333333 with 6 decimals.
    expect(tokenUnitsFor(100n, 6, rate('3'))).toBe(333_333n);
    expect(tokenUnitsFor(0n, 6, rate('1'))).toBe(0n);
  });

  it('refuses negative amounts, negative decimals and rates that are not positive', () => {
    expect(() => tokenUnitsFor(-1n, 6, rate('1'))).toThrow(RangeError);
    expect(() => tokenUnitsFor(1n, -1, rate('1'))).toThrow(RangeError);
    expect(() => tokenUnitsFor(1n, 6, 0n)).toThrow(RangeError);
  });

  it('never sends coins worth more than the amount, and falls short by less than one smallest unit', () => {
    fc.assert(
      fc.property(cents, decimals, rates, (minor, places, text) => {
        const units = rate(text);
        const raw = tokenUnitsFor(minor, places, units);
        const scale = 10n ** BigInt(places) * 10n ** 18n;
        // raw × rate ≤ minor/100 × 10^decimals × 10^18, and one more unit would pass it: exact floor.
        expect(raw * units * 100n <= minor * scale).toBe(true);
        expect((raw + 1n) * units * 100n > minor * scale).toBe(true);
        // Priced back at the same rate, the coins are worth at most the amount.
        expect(quoteMinorUnits(raw, places, units) <= minor).toBe(true);
      }),
      { seed: 30_2, numRuns: 500 },
    );
  });

  it('is monotone in the amount and never pays more for two withdrawals than for their sum', () => {
    fc.assert(
      fc.property(cents, cents, decimals, rates, (a, b, places, text) => {
        const units = rate(text);
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(tokenUnitsFor(low, places, units) <= tokenUnitsFor(high, places, units)).toBe(true);
        expect(tokenUnitsFor(a, places, units) + tokenUnitsFor(b, places, units) <= tokenUnitsFor(a + b, places, units)).toBe(true);
      }),
      { seed: 30_3, numRuns: 500 },
    );
  });
});
