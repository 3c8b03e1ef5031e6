import { describe, expect, it } from 'vitest';
import { capLadder, isLimitRefusal } from './limit-notices.ts';

describe('slot stake ladder under a cap', () => {
  it('offers no stake above the cap, and keeps the lowest rung when every rung is above it', () => {
    expect(capLadder([20, 100, 200, 500, 1000], 200)).toEqual([20, 100, 200]);
    expect(capLadder([20, 100, 200, 500, 1000], 500)).toEqual([20, 100, 200, 500]);
    expect(capLadder([300, 500], 200)).toEqual([300]);
    expect(capLadder([20, 100], null)).toEqual([20, 100]);
  });

  it('hears only the refusals the limits watch shows', () => {
    expect(isLimitRefusal(403, 'reality_check')).toBe(true);
    expect(isLimitRefusal(403, 'limit')).toBe(true);
    expect(isLimitRefusal(403, 'inactive')).toBe(false);
    expect(isLimitRefusal(422, 'limit')).toBe(false);
  });
});
