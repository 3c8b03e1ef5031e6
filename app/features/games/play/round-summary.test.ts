import { describe, expect, it } from 'vitest';
import type { GameRound } from '../../../../contract/games.ts';
import { roundSummary, verifyHref } from './round-summary.ts';
import { winningCells } from './slot-outcome.ts';

const fairness = { server_seed_hash: 'ab'.repeat(32), client_seed: 'lucky:one', nonce: 7, server_seed: null };

describe('recent rounds', () => {
  it('sums a round up per game', () => {
    expect(roundSummary({ kind: 'roulette', status: 'settled', outcome: { pocket: 17, colour: 'black' } })).toBe('Pocket 17 black');
    expect(roundSummary({ kind: 'slot', status: 'settled', outcome: { base: { lineWins: [{}, {}] }, freeSpins: [{}, {}, {}] } })).toBe(
      '2 line wins, 3 free spins',
    );
    expect(roundSummary({ kind: 'slot', status: 'settled', outcome: { base: { lineWins: [] }, freeSpins: [] } })).toBe('No line win');
    expect(roundSummary({ kind: 'blackjack', status: 'settled', outcome: { hands: [{ total: 20 }, { total: 18 }], dealer: { total: 19 } } })).toBe(
      '20 / 18 against 19',
    );
    expect(roundSummary({ kind: 'blackjack', status: 'open', outcome: {} })).toBe('Hand in play');
    expect(roundSummary({ kind: 'blackjack', status: 'refunded', outcome: {} })).toBe('Refunded');
  });

  it('links a real round by id and a demo round with everything the verifier needs', () => {
    const base = {
      round_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      engine: 'blackjack',
      request: { stake: 100 },
      outcome: { moves: ['hit', 'stand'] },
      fairness,
    } satisfies Partial<GameRound>;
    expect(verifyHref({ ...base, mode: 'real' })).toBe('/fairness?round=0f8fad5b-d9cb-469f-a165-70867728950e');
    const demo = new URL(verifyHref({ ...base, mode: 'demo' }), 'http://x');
    expect(Object.fromEntries(demo.searchParams)).toEqual({
      mode: 'demo',
      game: 'blackjack',
      client_seed: 'lucky:one',
      nonce: '7',
      hash: fairness.server_seed_hash,
      request: '{"stake":100}',
      moves: 'hit,stand',
    });
  });

  it('highlights the cells of each line win and every scatter of a triggering spin', () => {
    const grid = [
      ['a', 's', 'b'],
      ['a', 'b', 's'],
      ['a', 'c', 'c'],
      ['b', 'c', 's'],
      ['c', 'c', 'c'],
    ];
    const spin = {
      grid,
      lineWins: [{ line: 2, symbol: 'a', count: 3, amount: 5 }],
      scatter: { count: 3, amount: 40 },
      multiplier: 1,
      freeSpinsAwarded: 10,
      total: 45,
    };
    const cells = winningCells(
      spin,
      [
        [1, 1, 1, 1, 1],
        [0, 0, 0, 0, 0],
      ],
      's',
    );
    expect([...cells].sort()).toEqual(['0:0', '0:1', '1:0', '1:2', '2:0', '3:2']);
  });
});

describe('summaries of the originals', () => {
  it('says what a dice roll, a plinko drop and a mines board came to', () => {
    expect(roundSummary({ kind: 'dice', status: 'settled', outcome: { roll: 7.5, direction: 'under', target: 50 } })).toBe('Rolled 7.50, under 50.00');
    expect(roundSummary({ kind: 'plinko', status: 'settled', outcome: { multiplier: 5.57, rows: 8, risk: 'low' } })).toBe('Bucket 5.57×, 8 rows low risk');
    expect(roundSummary({ kind: 'mines', status: 'open', outcome: { revealed: [1, 2], hitMine: null } })).toBe('Board in play, 2 safe');
    expect(roundSummary({ kind: 'mines', status: 'settled', outcome: { revealed: [1], hitMine: 4 } })).toBe('Hit a mine after 1 safe');
    expect(roundSummary({ kind: 'mines', status: 'settled', outcome: { revealed: [1, 3], hitMine: null } })).toBe('Cashed out after 2 safe');
  });
});
