import { describe, expect, it } from 'vitest';
import { outcomeOf } from './round-outcome.ts';

describe('outcomeOf', () => {
  it("gives a round's outcome to its own game's screen", () => {
    const outcome = { roll: 42.5, target: 50, direction: 'under', chance: 50, multiplier: 1.98, won: true, stake: 100, win: 198 };
    expect(outcomeOf({ kind: 'dice', outcome }, 'dice')).toBe(outcome);
  });

  it("refuses another game's round instead of casting it", () => {
    expect(() => outcomeOf({ kind: 'roulette', outcome: { pocket: 17 } }, 'slot')).toThrow(TypeError);
    expect(() => outcomeOf({ kind: 'slot', outcome: null as unknown as Record<string, unknown> }, 'slot')).toThrow(TypeError);
  });
});
