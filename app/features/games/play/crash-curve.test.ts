import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURVE_HEIGHT, CURVE_WIDTH, crashCurve, elapsedAt } from './crash-curve.tsx';

const GROWTH = 0.00006; // per ms: 2× after about 11.5 s

describe('the crash curve (issue 34 §6)', () => {
  it('starts at the bottom left, and at 1.00× has not left it', () => {
    expect(crashCurve(100, GROWTH).tip).toEqual({ x: 0, y: CURVE_HEIGHT });
    expect(crashCurve(100, GROWTH).path.startsWith('M0.0 200.0')).toBe(true);
    expect(elapsedAt(200, GROWTH)).toBeCloseTo(Math.log(2) / GROWTH, 6);
  });

  it('always stays in its box, rises monotonically, and its tip is where the multiplier is', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 1_000_000 }), fc.double({ min: 0.00001, max: 0.001, noNaN: true }), (multiplier, growth) => {
        const { path, tip } = crashCurve(multiplier, growth);
        const points = path
          .split(/[ML]/)
          .filter(Boolean)
          .map((pair) => pair.trim().split(' ').map(Number) as [number, number]);
        for (const [x, y] of points) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(CURVE_WIDTH);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(y).toBeLessThanOrEqual(CURVE_HEIGHT);
        }
        for (let i = 1; i < points.length; i++) {
          expect(points[i]![0]).toBeGreaterThanOrEqual(points[i - 1]![0]);
          expect(points[i]![1]).toBeLessThanOrEqual(points[i - 1]![1] + 0.11);
        }
        // Scaled so the tip sits at 1/1.15 of each axis once the round outruns the minimum span and height.
        expect(tip.y).toBeLessThan(CURVE_HEIGHT);
        expect(tip.y).toBeGreaterThanOrEqual(CURVE_HEIGHT - CURVE_HEIGHT / 1.15 - 0.01);
      }),
      { seed: 34 },
    );
  });
});
