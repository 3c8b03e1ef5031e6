import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DICE_OUTCOMES, DICE_RTP, diceBetProblem, dicePayout, diceRollFromFloat, diceWinningRolls, playDiceRound, type DiceBet } from './dice.ts';
import { diceInfo } from './info.ts';

const bet = (target: number, direction: 'over' | 'under'): DiceBet => ({ target, direction });

describe('dice', () => {
  it('rolls floor(f × 10001) / 100: 0.00 for f = 0, 100.00 for the largest float', () => {
    expect(diceRollFromFloat(0)).toBe(0);
    expect(diceRollFromFloat((2 ** 32 - 1) / 2 ** 32)).toBe(10_000);
    expect(playDiceRound(100, bet(5000, 'over'), [0.5]).roll).toBe(50);
    expect(() => diceRollFromFloat(1)).toThrow();
  });

  it('wins strictly over or under the target; a roll equal to the target loses', () => {
    const at = (roll: number) => (roll + 0.5) / DICE_OUTCOMES;
    expect(playDiceRound(100, bet(5000, 'over'), [at(5000)]).won).toBe(false);
    expect(playDiceRound(100, bet(5000, 'over'), [at(5001)]).won).toBe(true);
    expect(playDiceRound(100, bet(5000, 'under'), [at(5000)]).won).toBe(false);
    expect(playDiceRound(100, bet(5000, 'under'), [at(4999)]).won).toBe(true);
  });

  it('pays floor(stake × 99 / chance) and shows the multiplier to four decimals', () => {
    const round = playDiceRound(100, bet(5050, 'over'), [0.99]);
    expect(round).toMatchObject({ chance: 49.5, multiplier: 2, win: 200, won: true });
    expect(playDiceRound(333, bet(3300, 'under'), [0]).multiplier).toBe(3);
    expect(dicePayout(100, bet(1, 'under'))).toBe(990_000);
    expect(dicePayout(7, bet(200, 'over'))).toBe(7); // 7 × 1.0102… = 7.07 → 7
  });

  it('has the exact RTP 9900/10001 for every target and direction, by enumerating all 10,001 rolls', () => {
    expect(DICE_RTP).toBeCloseTo(0.989901, 6);
    for (const [target, direction] of [
      [200, 'over'],
      [5000, 'over'],
      [9999, 'over'],
      [1, 'under'],
      [4950, 'under'],
      [9800, 'under'],
    ] as const) {
      const stake = 1_000_000;
      let won = 0;
      for (let roll = 0; roll < DICE_OUTCOMES; roll++) {
        const round = playDiceRound(stake, bet(target, direction), [(roll + 0.5) / DICE_OUTCOMES]);
        expect(round.roll).toBe(roll / 100);
        won += round.win;
      }
      // Summed over the 10,001 equally likely rolls, the winning ones pay W × floor(stake × 9900 / W): the whole
      // 9900 × stake (RTP 9900/10001) less under one minor unit per winning roll from rounding down.
      const winning = diceWinningRolls(bet(target, direction));
      expect(won).toBe(winning * Math.floor((stake * 9900) / winning));
      expect(won).toBeLessThanOrEqual(stake * 9900);
      expect(won).toBeGreaterThan(stake * 9900 - winning);
    }
    expect(diceInfo.rtpPercent).toBe(98.99);
  });

  it('accepts win chances from 0.01 % to 98 % with two-decimal targets only', () => {
    expect(diceBetProblem({ target: 2, direction: 'over' })).toBeNull();
    expect(diceBetProblem({ target: 99.99, direction: 'over' })).toBeNull();
    expect(diceBetProblem({ target: 1.99, direction: 'over' })?.field).toBe('target');
    expect(diceBetProblem({ target: 100, direction: 'over' })?.field).toBe('target');
    expect(diceBetProblem({ target: 0.01, direction: 'under' })).toBeNull();
    expect(diceBetProblem({ target: 98, direction: 'under' })).toBeNull();
    expect(diceBetProblem({ target: 98.01, direction: 'under' })?.field).toBe('target');
    expect(diceBetProblem({ target: 0, direction: 'under' })?.field).toBe('target');
    expect(diceBetProblem({ target: 50.005, direction: 'under' })?.field).toBe('target');
    expect(diceBetProblem({ target: 50, direction: 'sideways' })?.field).toBe('direction');
  });

  it('never pays less than the stake on a win, never pays on a loss (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 9800 }),
        fc.boolean(),
        fc.double({ min: 0, max: 0.9999999, noNaN: true }),
        (stake, chance, over, f) => {
          const b = over ? bet(10_000 - chance, 'over') : bet(chance, 'under');
          const round = playDiceRound(stake, b, [f]);
          if (round.won) expect(round.win).toBeGreaterThanOrEqual(stake);
          else expect(round.win).toBe(0);
        },
      ),
    );
  });
});
