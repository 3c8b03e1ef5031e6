// The points rule with its carry: no stake is lost to rounding, whatever the order or size of the stakes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOYALTY_POINT_RULES, pointsGivenBack, pointsRuleOf, pointsWithCarry } from './clubs.ts';

describe('pointsWithCarry', () => {
  it('the points of a run of stakes are the whole points of their sum, and the carry is the rest', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('slot', 'roulette', 'blackjack', 'crash'),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 60 }),
        (engine, stakes) => {
          const { stakePerPoint } = pointsRuleOf(engine);
          let carry = 0;
          let points = 0;
          for (const stake of stakes) {
            const next = pointsWithCarry(engine, carry, stake);
            expect(next.carry).toBeGreaterThanOrEqual(0);
            expect(next.carry).toBeLessThan(stakePerPoint);
            expect(next.points).toBeGreaterThanOrEqual(0);
            points += next.points;
            carry = next.carry;
          }
          const total = stakes.reduce((sum, stake) => sum + stake, 0);
          expect(points).toBe(Math.floor(total / stakePerPoint));
          expect(carry).toBe(total % stakePerPoint);
        },
      ),
    );
  });

  it('slots earn at 10.00 a point and everything else at 50.00', () => {
    expect(LOYALTY_POINT_RULES.map((rule) => [rule.category, rule.stakePerPoint])).toEqual([
      ['slots', 10_00],
      ['table-games', 50_00],
    ]);
    expect(pointsWithCarry('slot', 9_00, 1_00)).toEqual({ points: 1, carry: 0 });
    expect(pointsWithCarry('slot', 0, 5_00)).toEqual({ points: 0, carry: 5_00 });
    expect(pointsWithCarry('roulette', 49_99, 1)).toEqual({ points: 1, carry: 0 });
    expect(pointsWithCarry('crash', 0, 125_00)).toEqual({ points: 2, carry: 25_00 });
  });

  it('a stake that is not a positive whole number of minor units earns nothing and keeps the carry', () => {
    for (const stake of [0, -1_00, 1.5, Number.NaN]) expect(pointsWithCarry('slot', 3_00, stake)).toEqual({ points: 0, carry: 3_00 });
  });
});

describe('pointsGivenBack', () => {
  it('after any run of stakes, some given back, points and carry are what the stakes still standing earn', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('slot', 'roulette', 'crash'),
        fc.array(fc.record({ stake: fc.integer({ min: 1, max: 300_00 }), givenBack: fc.boolean() }), { maxLength: 60 }),
        (engine, stakes) => {
          const { stakePerPoint } = pointsRuleOf(engine);
          let carry = 0;
          let points = 0;
          for (const { stake } of stakes) {
            const next = pointsWithCarry(engine, carry, stake);
            points += next.points;
            carry = next.carry;
          }
          for (const { stake, givenBack } of stakes) {
            if (!givenBack) continue;
            const next = pointsGivenBack(engine, carry, stake);
            expect(next.points).toBeGreaterThanOrEqual(0);
            expect(next.carry).toBeGreaterThanOrEqual(0);
            expect(next.carry).toBeLessThan(stakePerPoint);
            points -= next.points;
            carry = next.carry;
          }
          const standing = stakes.filter((s) => !s.givenBack).reduce((sum, s) => sum + s.stake, 0);
          expect(points).toBe(Math.floor(standing / stakePerPoint));
          expect(carry).toBe(standing % stakePerPoint);
        },
      ),
    );
  });

  it('takes from the carry first, then whole points with the rest of their worth left in the carry', () => {
    expect(pointsGivenBack('slot', 7_00, 5_00)).toEqual({ points: 0, carry: 2_00 });
    expect(pointsGivenBack('slot', 2_00, 5_00)).toEqual({ points: 1, carry: 7_00 });
    expect(pointsGivenBack('roulette', 0, 125_00)).toEqual({ points: 3, carry: 25_00 });
    for (const stake of [0, -1_00, 1.5]) expect(pointsGivenBack('slot', 3_00, stake)).toEqual({ points: 0, carry: 3_00 });
  });
});
