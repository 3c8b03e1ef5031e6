import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EVEN_MONEY_BET_TYPES,
  INDEXED_BET_TYPES,
  INSIDE_BET_TYPES,
  MAX_BETS_PER_SPIN,
  ROULETTE_PAYOUTS,
  validateBets,
  validNumberSets,
  type RouletteBet,
} from './bets.ts';
import { rouletteInfo } from './info.ts';
import { playRouletteRound, ROULETTE_RTP, settleRoulette } from './settle.ts';
import { pocketColour, pocketFromFloat, POCKET_COUNT, RED_NUMBERS } from './wheel.ts';

/** One bet of every valid shape, amount 1. */
function everyValidBet(): RouletteBet[] {
  return [
    ...INSIDE_BET_TYPES.flatMap((type) => validNumberSets(type).map((numbers) => ({ type, numbers, amount: 1 }))),
    ...INDEXED_BET_TYPES.flatMap((type) => ([1, 2, 3] as const).map((index) => ({ type, index, amount: 1 }))),
    ...EVEN_MONEY_BET_TYPES.map((type) => ({ type, amount: 1 })),
  ];
}

const pockets = Array.from({ length: POCKET_COUNT }, (_, pocket) => pocket);

describe('the wheel', () => {
  it('has 18 red, 18 black and a green zero', () => {
    const colours = pockets.map(pocketColour);
    expect(colours.filter((c) => c === 'red')).toHaveLength(18);
    expect(colours.filter((c) => c === 'black')).toHaveLength(18);
    expect(colours[0]).toBe('green');
    expect([1, 9, 12, 19, 36].map(pocketColour)).toEqual(['red', 'red', 'red', 'red', 'red']);
    expect([2, 10, 11, 20, 29, 35].map(pocketColour)).toEqual(['black', 'black', 'black', 'black', 'black', 'black']);
    expect(() => pocketColour(37)).toThrow();
  });

  it('maps floats to pockets as floor(f × 37), exactly, with every pocket getting ⌊2³²/37⌋ or ⌈2³²/37⌉ of the 32-bit values', () => {
    expect(pocketFromFloat(0)).toBe(0);
    expect(pocketFromFloat(0.999999)).toBe(36);
    for (const pocket of pockets.slice(1)) {
      // u * 37 is an exact integer in a double, so the first 32-bit value landing on `pocket` is ceil(pocket·2³²/37).
      const first = Math.ceil((pocket * 2 ** 32) / 37);
      expect(pocketFromFloat(first / 2 ** 32)).toBe(pocket);
      expect(pocketFromFloat((first - 1) / 2 ** 32)).toBe(pocket - 1);
    }
    expect(() => pocketFromFloat(1)).toThrow();
    expect(() => pocketFromFloat(-0.1)).toThrow();
  });
});

describe('bets', () => {
  it('knows every inside bet on a single-zero layout', () => {
    expect(validNumberSets('straight')).toHaveLength(37);
    expect(validNumberSets('split')).toHaveLength(57 + 3);
    expect(validNumberSets('street')).toHaveLength(12 + 2);
    expect(validNumberSets('corner')).toHaveLength(22 + 1);
    expect(validNumberSets('line')).toHaveLength(11);
    for (const type of INSIDE_BET_TYPES) expect(validateBets(validNumberSets(type).map((numbers) => ({ type, numbers, amount: 5 }))).ok).toBe(true);
  });

  it('returns exactly 36/37 on every valid bet of every type (all 37 pockets enumerated)', () => {
    const bets = everyValidBet();
    expect(bets).toHaveLength(37 + 60 + 14 + 23 + 11 + 6 + 6);
    for (const bet of bets) {
      const returned = pockets.reduce((sum, pocket) => sum + settleRoulette([bet], pocket).win, 0);
      expect(returned, JSON.stringify(bet)).toBe(36);
    }
    expect(ROULETTE_RTP).toBe(36 / 37);
    expect(rouletteInfo.rtpPercent).toBe(97.3);
  });

  it('accepts the zero bets and numbers in any order, and sorts them', () => {
    const result = validateBets([
      { type: 'split', numbers: [2, 0], amount: 1 },
      { type: 'street', numbers: [3, 0, 2], amount: 1 },
      { type: 'corner', numbers: [3, 2, 1, 0], amount: 1 },
      { type: 'dozen', index: 3, amount: 7 },
      { type: 'red', amount: 10 },
    ]);
    expect(result).toEqual({
      ok: true,
      totalStake: 20,
      bets: [
        { type: 'split', numbers: [0, 2], amount: 1 },
        { type: 'street', numbers: [0, 2, 3], amount: 1 },
        { type: 'corner', numbers: [0, 1, 2, 3], amount: 1 },
        { type: 'dozen', index: 3, amount: 7 },
        { type: 'red', amount: 10 },
      ],
    });
  });

  it.each([
    ['not a list', { type: 'red', amount: 1 }, 'bets', /must be a list/],
    ['no bets', [], 'bets', /at least one/],
    ['unknown type', [{ type: 'basket', amount: 1 }], 'bets.0.type', /must be one of/],
    ['zero amount', [{ type: 'red', amount: 0 }], 'bets.0.amount', /positive whole number/],
    ['fractional amount', [{ type: 'red', amount: 1.5 }], 'bets.0.amount', /positive whole number/],
    ['string amount', [{ type: 'red', amount: '10' }], 'bets.0.amount', /positive whole number/],
    ['split far apart', [{ type: 'split', numbers: [1, 5], amount: 1 }], 'bets.0.numbers', /1, 5 is not a split/],
    ['split across rows', [{ type: 'split', numbers: [3, 4], amount: 1 }], 'bets.0.numbers', /not a split/],
    ['zero split to 4', [{ type: 'split', numbers: [0, 4], amount: 1 }], 'bets.0.numbers', /not a split/],
    ['street across rows', [{ type: 'street', numbers: [2, 3, 4], amount: 1 }], 'bets.0.numbers', /not a street/],
    ['trio 0-1-3', [{ type: 'street', numbers: [0, 1, 3], amount: 1 }], 'bets.0.numbers', /not a street/],
    ['corner across rows', [{ type: 'corner', numbers: [3, 4, 6, 7], amount: 1 }], 'bets.0.numbers', /not a corner/],
    ['line not on a row', [{ type: 'line', numbers: [2, 3, 4, 5, 6, 7], amount: 1 }], 'bets.0.numbers', /not a line/],
    ['wrong count', [{ type: 'corner', numbers: [1, 2], amount: 1 }], 'bets.0.numbers', /4 numbers/],
    ['out of range', [{ type: 'straight', numbers: [37], amount: 1 }], 'bets.0.numbers', /0 to 36/],
    ['duplicates', [{ type: 'split', numbers: [5, 5], amount: 1 }], 'bets.0.numbers', /not a split/],
    ['numbers on red', [{ type: 'red', numbers: [1], amount: 1 }], 'bets.0.numbers', /takes no numbers/],
    ['index on red', [{ type: 'red', index: 1, amount: 1 }], 'bets.0.index', /takes no index/],
    ['dozen index 4', [{ type: 'dozen', index: 4, amount: 1 }], 'bets.0.index', /1, 2 or 3/],
    ['column without index', [{ type: 'column', amount: 1 }], 'bets.0.index', /1, 2 or 3/],
    ['index on a straight', [{ type: 'straight', numbers: [3], index: 1, amount: 1 }], 'bets.0.index', /numbers, not an index/],
    ['not an object', [42], 'bets.0', /object/],
    ['too many bets', Array.from({ length: MAX_BETS_PER_SPIN + 1 }, () => ({ type: 'red', amount: 1 })), 'bets', /At most/],
    [
      'total too large',
      [
        { type: 'red', amount: Number.MAX_SAFE_INTEGER },
        { type: 'black', amount: 2 },
      ],
      'bets',
      /too large/,
    ],
  ])('refuses %s with a message on the field', (_, input, field, message) => {
    const result = validateBets(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[field]?.[0]).toMatch(message);
    expect(result.message).toBe(Object.values(result.errors)[0]![0]);
  });

  it('reports every faulty bet, not just the first', () => {
    const result = validateBets([
      { type: 'red', amount: 1 },
      { type: 'split', numbers: [1, 9], amount: 1 },
      { type: 'dozen', amount: -3 },
    ]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['bets.1.numbers', 'bets.2.amount', 'bets.2.index']);
  });
});

describe('settlement', () => {
  it('pays the odds plus the stake on the winning bets only', () => {
    const bets: RouletteBet[] = [
      { type: 'straight', numbers: [17], amount: 10 },
      { type: 'split', numbers: [17, 20], amount: 10 },
      { type: 'corner', numbers: [13, 14, 16, 17], amount: 10 },
      { type: 'column', index: 2, amount: 10 },
      { type: 'black', amount: 10 },
      { type: 'even', amount: 10 },
      { type: 'high', amount: 10 },
    ];
    const { stake, win, perBet } = settleRoulette(bets, 17);
    expect(stake).toBe(70);
    expect(perBet.map((b) => b.payout)).toEqual([360, 180, 90, 30, 20, 0, 0]);
    expect(win).toBe(680);
  });

  it('loses every even-money, dozen and column bet on zero, and pays the bets that cover it', () => {
    const outside = [
      ...INDEXED_BET_TYPES.flatMap((type) => ([1, 2, 3] as const).map((index) => ({ type, index, amount: 5 }))),
      ...EVEN_MONEY_BET_TYPES.map((type) => ({ type, amount: 5 })),
    ];
    expect(settleRoulette(outside, 0).win).toBe(0);
    const zeroBets: RouletteBet[] = [
      { type: 'straight', numbers: [0], amount: 1 },
      { type: 'split', numbers: [0, 3], amount: 1 },
      { type: 'street', numbers: [0, 1, 2], amount: 1 },
      { type: 'corner', numbers: [0, 1, 2, 3], amount: 1 },
    ];
    expect(settleRoulette(zeroBets, 0).perBet.map((b) => b.payout)).toEqual([36, 18, 12, 9]);
  });

  it('never pays a losing bet, and never more than 36 times the stake', () => {
    const allBets = everyValidBet();
    fc.assert(
      fc.property(
        fc.array(fc.record({ index: fc.nat({ max: allBets.length - 1 }), amount: fc.integer({ min: 1, max: 1_000_000 }) }), { minLength: 1, maxLength: 30 }),
        fc.nat({ max: 36 }),
        (picks, pocket) => {
          const bets = picks.map(({ index, amount }) => ({ ...allBets[index]!, amount }));
          const { stake, win, perBet } = settleRoulette(bets, pocket);
          expect(win).toBe(perBet.reduce((sum, b) => sum + b.payout, 0));
          expect(win).toBeLessThanOrEqual(36 * stake);
          for (const { bet, won, payout } of perBet) {
            expect(payout).toBe(won ? bet.amount * (ROULETTE_PAYOUTS[bet.type] + 1) : 0);
          }
        },
      ),
    );
  });

  it('plays a round from its first float', () => {
    const round = playRouletteRound([{ type: 'red', amount: 100 }], [3.5 / 37, 0.9]);
    expect(round).toMatchObject({ pocket: 3, colour: 'red', stake: 100, win: 200 });
    expect(RED_NUMBERS).toContain(3);
    expect(() => playRouletteRound([{ type: 'red', amount: 1 }], [])).toThrow(/one float/);
  });
});
