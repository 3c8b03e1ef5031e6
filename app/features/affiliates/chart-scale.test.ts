import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { niceCeiling } from './chart-scale.ts';

describe('niceCeiling', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0, -3, 1, 2, 3, 7, 10, 11, 4_999, 5_000, 5_001].map(niceCeiling)).toEqual([1, 1, 1, 2, 5, 10, 10, 20, 5_000, 5_000, 10_000]);
  });

  it('is never below the value nor more than two and a half times it (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), (value) => {
        const top = niceCeiling(value);
        expect(top).toBeGreaterThanOrEqual(value);
        expect(top).toBeLessThanOrEqual(value * 2.5);
        expect(String(top)).toMatch(/^[125]0*$/);
      }),
    );
  });
});
