import { describe, expect, it } from 'vitest';
import { validateBets, validNumberSets } from '../../../../games/roulette/bets.ts';
import {
  betName,
  betsFromChips,
  chipProblem,
  insideTargets,
  pocketColour,
  spotFromKey,
  spotKey,
  spotLabel,
  stackedChips,
  WHEEL_ORDER,
  type Chip,
} from './roulette-spots.ts';

const limits = { min_stake: 10, max_stake: 1_000_00, bet_limits: { straight: 25_00, red: 450_00, dozen: 300_00 } };

describe('roulette chips to bets', () => {
  it('stacks chips on one spot into one bet, in the order spots were first used', () => {
    const chips: Chip[] = [
      { spot: spotKey({ type: 'straight', numbers: [17] }), amount: 100 },
      { spot: spotKey({ type: 'red' }), amount: 50 },
      { spot: spotKey({ type: 'straight', numbers: [17] }), amount: 10 },
      { spot: spotKey({ type: 'dozen', index: 2 }), amount: 500 },
    ];
    expect(betsFromChips(chips)).toEqual([
      { type: 'straight', numbers: [17], amount: 110 },
      { type: 'red', amount: 50 },
      { type: 'dozen', index: 2, amount: 500 },
    ]);
  });

  it('maps every spot of the table to a bet the engine accepts', () => {
    const spots = [
      ...Array.from({ length: 37 }, (_, n) => spotKey({ type: 'straight', numbers: [n] })),
      ...[1, 2, 3].flatMap((index) => [spotKey({ type: 'dozen', index: index as 1 | 2 | 3 }), spotKey({ type: 'column', index: index as 1 | 2 | 3 })]),
      ...(['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((type) => spotKey({ type })),
      spotKey({ type: 'split', numbers: [18, 17] }),
      spotKey({ type: 'corner', numbers: [0, 1, 2, 3] }),
    ];
    const checked = validateBets(betsFromChips(spots.map((spot) => ({ spot, amount: 10 }))));
    expect(checked.ok).toBe(true);
    expect(checked.ok && checked.bets).toHaveLength(37 + 6 + 6 + 2);
  });

  it("keeps inside bets' numbers sorted in the key, so both orders stack together", () => {
    expect(spotKey({ type: 'split', numbers: [18, 17] })).toBe('split:17-18');
    expect(spotFromKey('split:17-18')).toEqual({ type: 'split', numbers: [17, 18] });
    expect(
      stackedChips([
        { spot: 'split:17-18', amount: 10 },
        { spot: spotKey({ type: 'split', numbers: [18, 17] }), amount: 10 },
      ]).get('split:17-18'),
    ).toBe(20);
  });

  it("refuses a chip over the position limit or over the spin's total, and allows one at the limit", () => {
    const straight = spotKey({ type: 'straight', numbers: [5] });
    expect(chipProblem([{ spot: straight, amount: 2_000 }], { spot: straight, amount: 500 }, limits)).toBeNull();
    expect(chipProblem([{ spot: straight, amount: 2_000 }], { spot: straight, amount: 510 }, limits)).toBe('position');
    const many: Chip[] = Array.from({ length: 4 }, (_, i) => ({ spot: spotKey({ type: 'dozen', index: ((i % 3) + 1) as 1 | 2 | 3 }), amount: 250_00 }));
    expect(chipProblem(many, { spot: spotKey({ type: 'red' }), amount: 10 }, limits)).toBe('total');
  });

  it('offers every inside bet the engine accepts, each once, on the line or corner between its numbers', () => {
    const targets = insideTargets();
    const keys = targets.map((target) => spotKey(target.spot));
    expect(new Set(keys).size).toBe(keys.length);
    for (const type of ['split', 'street', 'corner', 'line'] as const) {
      const offered = new Set(keys.filter((key) => key.startsWith(`${type}:`)));
      expect(offered).toEqual(new Set(validNumberSets(type).map((numbers) => spotKey({ type, numbers }))));
    }
    // Each target touches every number it covers (n sits at u in [row − 1, row], v in [column − 1, column]); streets
    // six-lines and the first four sit on the rows' outer edge (v = 0), against their rows.
    for (const { spot, u, v } of targets) {
      if (!('numbers' in spot)) continue;
      const edge = ((spot.type === 'street' || spot.type === 'line') && spot.numbers[0] !== 0) || (spot.numbers.length === 4 && spot.numbers[0] === 0);
      if (edge) expect(v).toBe(0);
      for (const n of spot.numbers) {
        const [row, column] = n === 0 ? [0, v] : [Math.ceil(n / 3), ((n - 1) % 3) + 1];
        expect(u >= row - 1 && u <= row && (edge || n === 0 || (v >= column - 1 && v <= column))).toBe(true);
      }
    }
    expect(validateBets(betsFromChips(keys.map((spot) => ({ spot, amount: 10 })))).ok).toBe(true);
  });

  it('names bets in results the way players say them', () => {
    expect(betName({ type: 'red' })).toBe('red');
    expect(betName({ type: 'straight', numbers: [17] })).toBe('17');
    expect(betName({ type: 'split', numbers: [17, 20] })).toBe('split 17/20');
    expect(betName({ type: 'corner', numbers: [0, 1, 2, 3] })).toBe('first four 0/1/2/3');
    expect(betName({ type: 'street', numbers: [0, 2, 3] })).toBe('trio 0/2/3');
    expect(betName({ type: 'dozen', index: 2 })).toBe('the 2nd dozen');
    expect(spotLabel({ type: 'split', numbers: [0, 1] })).toBe('Split 0/1');
  });

  it('names spots and colours pockets like the table', () => {
    expect(spotLabel({ type: 'straight', numbers: [0] })).toBe('Straight 0');
    expect(spotLabel({ type: 'dozen', index: 3 })).toBe('Dozen 25 to 36');
    expect(spotLabel({ type: 'low' })).toBe('1 to 18');
    expect([0, 1, 2, 36].map(pocketColour)).toEqual(['green', 'red', 'black', 'red']);
    expect(new Set(WHEEL_ORDER).size).toBe(37);
  });
});
