import { describe, expect, it } from 'vitest';
import { chipFace, formatStake } from './money.ts';
import { nearestStake, stakeLadder } from './stakes.ts';

describe('stake ladders', () => {
  it('offers a 20-line slot only multiples of 20 within its limits', () => {
    const ladder = stakeLadder({ min_stake: 20, max_stake: 100_00, stake_step: 20 });
    expect(ladder[0]).toBe(20);
    expect(ladder.at(-1)).toBe(100_00);
    expect(ladder.every((stake) => stake % 20 === 0 && stake >= 20 && stake <= 100_00)).toBe(true);
    expect(ladder).toEqual([...ladder].sort((a, b) => a - b));
  });

  it('offers a 10-line slot 10, 20, 30, 50 … and blackjack whole euros from its minimum', () => {
    expect(stakeLadder({ min_stake: 10, max_stake: 100_00, stake_step: 10 }).slice(0, 4)).toEqual([10, 20, 30, 50]);
    expect(stakeLadder({ min_stake: 1_00, max_stake: 500_00, stake_step: 1 })).toEqual([
      100, 200, 300, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 25_000, 50_000,
    ]);
  });

  it('starts a ladder at an odd minimum rounded up to the step', () => {
    expect(stakeLadder({ min_stake: 30, max_stake: 1_000, stake_step: 20 })[0]).toBe(40);
    expect(stakeLadder({ min_stake: 50, max_stake: 40, stake_step: 10 })).toEqual([]);
  });

  it('picks the nearest rung', () => {
    expect(nearestStake([100, 200, 500], 450)).toBe(500);
    expect(nearestStake([100, 200, 500], 10)).toBe(100);
  });

  it('writes chips and amounts', () => {
    expect([10, 50, 100, 2_500, 100_000].map(chipFace)).toEqual(['.1', '.5', '1', '25', '1k']);
    expect(formatStake(123_45, 'EUR')).toBe('€123.45');
    expect(formatStake(1_000_00, 'FUN')).toBe('1,000.00 FUN');
  });
});
