import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repayment, splitReversal } from './reversals.ts';

// The arithmetic of a refund or chargeback and of a debt's repayment (docs/decisions/0104).

const minor = fc.integer({ min: 0, max: 10_000_000_00 });

describe('splitReversal', () => {
  it('takes what the cash holds and leaves the rest owed: nothing lost, nothing invented, cash never below zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_00 }), minor, (amount, cash) => {
        const { fromCash, owed } = splitReversal(amount, cash);
        expect(fromCash + owed).toBe(amount);
        expect(fromCash).toBeGreaterThanOrEqual(0);
        expect(fromCash).toBeLessThanOrEqual(cash);
        expect(owed).toBe(Math.max(0, amount - cash));
      }),
    );
  });
});

describe('repayment', () => {
  it('never repays more than is owed, than the deposit, or than the cash holds; all of it when all allow', () => {
    fc.assert(
      fc.property(minor, fc.integer({ min: 1, max: 10_000_000_00 }), minor, (owed, deposit, cash) => {
        const repaid = repayment(owed, deposit, cash);
        expect(repaid).toBeGreaterThanOrEqual(0);
        expect(repaid).toBeLessThanOrEqual(Math.min(owed, deposit, cash));
        if (cash >= deposit) expect(repaid).toBe(Math.min(owed, deposit));
      }),
    );
  });
});
