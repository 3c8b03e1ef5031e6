import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offeredMoves } from './blackjack-game.tsx';

const hand = (stake: number) => ({ cards: ['AS', '9H'], total: 20, soft: true, stake, doubled: false, outcome: null, payout: null });

describe('blackjack moves offered (issue 34 §6)', () => {
  it('offers Double and Split only when the balance pays for the active hand’s stake once more', () => {
    const table = { actions: ['hit', 'stand', 'double', 'split'] as const, hands: [hand(5_00)], active: 0 };
    const mutable = { ...table, actions: [...table.actions] };
    expect(offeredMoves(mutable, 5_00)).toEqual(['hit', 'stand', 'double', 'split']);
    expect(offeredMoves(mutable, 4_99)).toEqual(['hit', 'stand']);
    expect(offeredMoves(mutable, null)).toEqual(['hit', 'stand', 'double', 'split']);
  });

  it('reads the active hand after a split, and never offers a move the server did not allow', () => {
    const table = { actions: ['hit', 'stand', 'double'] as ('hit' | 'stand' | 'double' | 'split')[], hands: [hand(2_00), hand(8_00)], active: 1 };
    expect(offeredMoves(table, 5_00)).toEqual(['hit', 'stand']);
    fc.assert(
      fc.property(
        fc.subarray(['hit', 'stand', 'double', 'split'] as const),
        fc.integer({ min: 10, max: 100_000 }),
        fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
        (actions, stake, balance) => {
          const offered = offeredMoves({ actions: [...actions], hands: [hand(stake)], active: 0 }, balance);
          expect(offered.every((move) => actions.includes(move))).toBe(true);
          expect(offered.filter((move) => move === 'hit' || move === 'stand')).toEqual(actions.filter((move) => move === 'hit' || move === 'stand'));
          if (balance !== null && balance < stake) expect(offered).not.toContain('double');
        },
      ),
      { seed: 34 },
    );
  });
});
