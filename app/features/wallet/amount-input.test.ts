import { describe, expect, it } from 'vitest';
import { decimalAmount } from '../../../contract/money.ts';
import { amountProblem, parseAmount } from './amount-input.ts';

describe('parseAmount', () => {
  it.each([
    ['50', 5000],
    ['50.00', 5000],
    ['50.5', 5050],
    ['0.29', 29],
    ['1.15', 115],
    ['4999.99', 499999],
    ['.5', 50],
    [' 20 ', 2000],
    ['1,250.50', 125050],
    ['12,345', 1234500],
    ['50,25', 5025],
    ['10.', 1000],
  ])('reads %j as %i minor units', (text, minor) => {
    expect(parseAmount(text)).toBe(minor);
  });

  it.each(['', '.', 'abc', '50.001', '-5', '5e3', '1,2,3', '€50', '12.3.4', '1234567890123'])('refuses %j', (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it('is exact where floating point is not', () => {
    const wrong: number[] = [];
    for (let cents = 0; cents < 1_000_000; cents += 7) if (parseAmount(decimalAmount(cents)) !== cents) wrong.push(cents);
    expect(wrong).toEqual([]);
  });
});

describe('amountProblem', () => {
  const limits = { min: 10_00, max: 5_000_00 };
  it('speaks as the server does', () => {
    expect(amountProblem(null, limits, 'EUR')).toMatch(/Enter an amount/);
    expect(amountProblem(9_99, limits, 'EUR')).toBe('The amount must be at least €10.00.');
    expect(amountProblem(5_000_01, limits, 'EUR')).toBe('The amount may not be greater than €5,000.00.');
    expect(amountProblem(60_00, limits, 'EUR', 50_00)).toBe('The amount may not be greater than your withdrawable balance of €50.00.');
    expect(amountProblem(50_00, limits, 'EUR', 50_00)).toBeNull();
  });
});
