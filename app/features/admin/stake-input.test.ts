import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnitsOf } from './player-actions.tsx';
import { majorUnits, minorUnits } from './stake-input.ts';

describe('amounts typed in the console', () => {
  it('reads a dot or a decimal comma, and commas between thousands', () => {
    expect(minorUnits('2.50')).toBe(250);
    expect(minorUnits('10,50')).toBe(1050);
    expect(minorUnits('10,5')).toBe(1050);
    expect(minorUnits(' 7 ')).toBe(700);
    expect(minorUnits('1,000')).toBe(100_000);
    expect(minorUnits('1,000.50')).toBe(100_050);
    expect(minorUnits('12,345,678.9')).toBe(1_234_567_890);
  });

  it('refuses what is not one amount: more decimals, mixed or misplaced separators, signs unless signed, words', () => {
    for (const text of ['', '2.505', '1,0000', '1.000,50', '10,50.5', ',50', '1,00,000', 'abc', '2 50', '-3', '+3', '1e3'])
      expect(minorUnits(text), text).toBeNull();
    expect(minorUnits('-3', { signed: true })).toBe(-300);
    expect(minorUnits('-10,50', { signed: true })).toBe(-1050);
  });

  it('a balance adjustment of zero is no adjustment', () => {
    expect(minorUnitsOf('0')).toBeNull();
    expect(minorUnitsOf('0,00')).toBeNull();
    expect(minorUnitsOf('-12.50')).toBe(-1250);
    expect(minorUnitsOf('10,50')).toBe(1050);
  });

  it('reads back every amount it writes, with a dot or with a decimal comma', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (minor) => {
        const written = majorUnits(minor);
        expect(minorUnits(written)).toBe(minor);
        expect(minorUnits(written.replace('.', ','))).toBe(minor);
      }),
    );
  });
});
