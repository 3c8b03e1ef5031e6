import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencySymbol, decimalAmount, formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('writes en-US currency amounts with cents', () => {
    expect(formatMoney(250050, 'EUR')).toBe('€2,500.50');
    expect(formatMoney(1000, 'EUR')).toBe('€10.00');
    expect(formatMoney(5, 'EUR')).toBe('€0.05');
    expect(formatMoney(0, 'EUR')).toBe('€0.00');
    expect(formatMoney(500_000_00, 'EUR')).toBe('€500,000.00');
    expect(formatMoney(1999, 'USD')).toBe('$19.99');
    expect(formatMoney(1999, 'GBP')).toBe('£19.99');
  });

  it('puts the minus sign before the symbol', () => {
    expect(formatMoney(-500, 'EUR')).toBe('-€5.00');
    expect(formatMoney(-123456, 'USD')).toBe('-$1,234.56');
  });

  it('rounds to whole units when asked for none', () => {
    expect(formatMoney(250000, 'EUR', { cents: false })).toBe('€2,500');
    expect(formatMoney(250050, 'EUR', { cents: false })).toBe('€2,501');
  });

  it('reads back as the same minor units, whatever the amount and sign', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.constantFrom('EUR', 'USD', 'GBP'), (minor, currency) => {
        const text = formatMoney(minor, currency);
        const symbol = currencySymbol(currency);
        expect(text.startsWith(minor < 0 ? `-${symbol}` : symbol)).toBe(true);
        expect(Number(text.replace(/[^\d-]/g, ''))).toBe(minor);
        expect(text.replace(/[^\d.-]/g, '')).toBe(decimalAmount(minor));
      }),
    );
  });
});

describe('currencySymbol', () => {
  it('knows the currency symbol', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('USD')).toBe('$');
  });
});

describe('decimalAmount', () => {
  it('writes two decimals', () => {
    expect(decimalAmount(5000)).toBe('50.00');
    expect(decimalAmount(5)).toBe('0.05');
    expect(decimalAmount(123456)).toBe('1234.56');
    expect(decimalAmount(0)).toBe('0.00');
    expect(decimalAmount(-5)).toBe('-0.05');
    expect(decimalAmount(-150)).toBe('-1.50');
  });

  it('is exact for every safe integer, where dividing by 100 in floating point is not', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (minor) => {
        const text = decimalAmount(minor);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(BigInt(text.replace('.', ''))).toBe(BigInt(minor));
      }),
    );
  });

  it('refuses what is not a whole number of minor units', () => {
    expect(() => decimalAmount(1.5)).toThrow(RangeError);
    expect(() => decimalAmount(Number.NaN)).toThrow(RangeError);
  });
});
