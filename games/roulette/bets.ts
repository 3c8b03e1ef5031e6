// European roulette bets: what a request may ask for, and which numbers each bet covers. The request shape
// is plain JSON for the HTTP API (docs/decisions/0040-games-maths.md):
//   inside bets   { type: 'straight' | 'split' | 'street' | 'corner' | 'line', numbers: [..], amount }
//   dozen, column { type: 'dozen' | 'column', index: 1 | 2 | 3, amount }
//   even money    { type: 'red' | 'black' | 'odd' | 'even' | 'low' | 'high', amount }
// Amounts are positive integer minor units. Numbers may come in any order; validation sorts them.

import { RED_NUMBERS } from './wheel.ts';

export const INSIDE_BET_TYPES = ['straight', 'split', 'street', 'corner', 'line'] as const;
export const INDEXED_BET_TYPES = ['dozen', 'column'] as const;
export const EVEN_MONEY_BET_TYPES = ['red', 'black', 'odd', 'even', 'low', 'high'] as const;

export type InsideBetType = (typeof INSIDE_BET_TYPES)[number];
export type IndexedBetType = (typeof INDEXED_BET_TYPES)[number];
export type EvenMoneyBetType = (typeof EVEN_MONEY_BET_TYPES)[number];
export type RouletteBetType = InsideBetType | IndexedBetType | EvenMoneyBetType;

export type RouletteBet =
  | { type: InsideBetType; numbers: number[]; amount: number }
  | { type: IndexedBetType; index: 1 | 2 | 3; amount: number }
  | { type: EvenMoneyBetType; amount: number };

/** Winnings per unit staked ("35 to 1"); a winning bet also gets its stake back. */
export const ROULETTE_PAYOUTS: Readonly<Record<RouletteBetType, number>> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  line: 5,
  dozen: 2,
  column: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
};

/** More bets than any table layout holds chips for is a malformed request, not a bigger game. */
export const MAX_BETS_PER_SPIN = 200;

const ALL_TYPES: readonly RouletteBetType[] = [...INSIDE_BET_TYPES, ...INDEXED_BET_TYPES, ...EVEN_MONEY_BET_TYPES];

/**
 * Every number set an inside bet of this type may cover, each sorted ascending. The table has numbers n at
 * row ceil(n/3) and column ((n−1) mod 3) + 1, with 0 across the top of the three columns. Besides the plain
 * layout we accept the zero bets of a single-zero table: splits 0-1, 0-2, 0-3, the trios 0-1-2 and 0-2-3 as
 * streets, and the first four 0-1-2-3 as a corner. All of them keep the 36/37 return.
 */
export function validNumberSets(type: InsideBetType): number[][] {
  const sets: number[][] = [];
  switch (type) {
    case 'straight':
      for (let n = 0; n <= 36; n++) sets.push([n]);
      break;
    case 'split':
      sets.push([0, 1], [0, 2], [0, 3]);
      for (let n = 1; n <= 36; n++) {
        if (n % 3 !== 0) sets.push([n, n + 1]);
        if (n <= 33) sets.push([n, n + 3]);
      }
      break;
    case 'street':
      sets.push([0, 1, 2], [0, 2, 3]);
      for (let first = 1; first <= 34; first += 3) sets.push([first, first + 1, first + 2]);
      break;
    case 'corner':
      sets.push([0, 1, 2, 3]);
      for (let n = 1; n <= 32; n++) if (n % 3 !== 0) sets.push([n, n + 1, n + 3, n + 4]);
      break;
    case 'line':
      for (let first = 1; first <= 31; first += 3) sets.push([first, first + 1, first + 2, first + 3, first + 4, first + 5]);
      break;
  }
  return sets;
}

const NUMBER_COUNT: Readonly<Record<InsideBetType, number>> = { straight: 1, split: 2, street: 3, corner: 4, line: 6 };

const SHAPE_HINT: Readonly<Record<InsideBetType, string>> = {
  straight: 'one number from 0 to 36',
  split: 'two numbers next to each other on the table (e.g. 17 and 18, 17 and 20, or 0 and 2)',
  street: 'one row of three (e.g. 4, 5, 6) or a trio with zero (0, 1, 2 or 0, 2, 3)',
  corner: 'four numbers meeting at a corner (e.g. 17, 18, 20, 21) or the first four (0, 1, 2, 3)',
  line: 'two neighbouring rows of three (e.g. 4 to 9)',
};

const validSetKeys = new Map(INSIDE_BET_TYPES.map((type) => [type, new Set(validNumberSets(type).map((set) => set.join(',')))]));

/** The numbers a (valid) bet wins on. */
export function coveredNumbers(bet: RouletteBet): number[] {
  const all = Array.from({ length: 36 }, (_, i) => i + 1);
  switch (bet.type) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'line':
      return bet.numbers;
    case 'dozen':
      return all.filter((n) => Math.ceil(n / 12) === bet.index);
    case 'column':
      return all.filter((n) => ((n - 1) % 3) + 1 === bet.index);
    case 'red':
      return [...RED_NUMBERS];
    case 'black':
      return all.filter((n) => !RED_NUMBERS.includes(n));
    case 'odd':
      return all.filter((n) => n % 2 === 1);
    case 'even':
      return all.filter((n) => n % 2 === 0);
    case 'low':
      return all.filter((n) => n <= 18);
    case 'high':
      return all.filter((n) => n >= 19);
  }
}

export type BetValidation = { ok: true; bets: RouletteBet[]; totalStake: number } | { ok: false; message: string; errors: Record<string, string[]> };

/**
 * Checks a request's `bets` (untrusted JSON) and returns them normalised (numbers sorted), or errors keyed
 * by field path (`bets`, `bets.3.numbers`) with the first message as the summary, the shape of a 422.
 */
export function validateBets(input: unknown): BetValidation {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const bets: RouletteBet[] = [];
  if (!Array.isArray(input)) {
    fail('bets', 'The bets must be a list.');
  } else if (input.length === 0) {
    fail('bets', 'Place at least one bet.');
  } else if (input.length > MAX_BETS_PER_SPIN) {
    fail('bets', `At most ${MAX_BETS_PER_SPIN} bets may be placed on one spin.`);
  } else {
    input.forEach((raw: unknown, i) => {
      const bet = validateBet(raw, (field, message) => fail(field ? `bets.${i}.${field}` : `bets.${i}`, message));
      if (bet) bets.push(bet);
    });
  }
  const totalStake = bets.reduce((sum, bet) => sum + bet.amount, 0);
  if (Object.keys(errors).length === 0 && !Number.isSafeInteger(totalStake)) fail('bets', 'The total stake is too large.');
  const first = Object.values(errors)[0]?.[0];
  return first === undefined ? { ok: true, bets, totalStake } : { ok: false, message: first, errors };
}

function validateBet(raw: unknown, fail: (field: string, message: string) => void): RouletteBet | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    fail('', 'Each bet must be an object with a type and an amount.');
    return null;
  }
  const { type, numbers, index, amount } = raw as Record<string, unknown>;
  let valid = true;
  const reject = (field: string, message: string) => {
    fail(field, message);
    valid = false;
  };
  if (!Number.isSafeInteger(amount) || (amount as number) <= 0) reject('amount', 'The amount must be a positive whole number of minor units.');
  if (typeof type !== 'string' || !(ALL_TYPES as readonly string[]).includes(type)) {
    reject('type', `The bet type must be one of: ${ALL_TYPES.join(', ')}.`);
    return null;
  }
  const betType = type as RouletteBetType;
  if ((INSIDE_BET_TYPES as readonly string[]).includes(betType)) {
    const inside = betType as InsideBetType;
    if (index !== undefined) reject('index', `A ${inside} bet takes numbers, not an index.`);
    const sorted = validateNumbers(numbers, inside, reject);
    return valid && sorted ? { type: inside, numbers: sorted, amount: amount as number } : null;
  }
  if (numbers !== undefined) reject('numbers', `A ${betType} bet takes no numbers.`);
  if ((INDEXED_BET_TYPES as readonly string[]).includes(betType)) {
    if (index !== 1 && index !== 2 && index !== 3) reject('index', `A ${betType} bet needs an index of 1, 2 or 3.`);
    return valid ? { type: betType as IndexedBetType, index: index as 1 | 2 | 3, amount: amount as number } : null;
  }
  if (index !== undefined) reject('index', `A ${betType} bet takes no index.`);
  return valid ? { type: betType as EvenMoneyBetType, amount: amount as number } : null;
}

function validateNumbers(numbers: unknown, type: InsideBetType, reject: (field: string, message: string) => void): number[] | null {
  const expected = NUMBER_COUNT[type];
  const hint = `A ${type} bet covers ${SHAPE_HINT[type]}.`;
  if (!Array.isArray(numbers) || numbers.length !== expected) {
    reject('numbers', `${hint} Send ${expected === 1 ? 'one number' : `${expected} numbers`} in "numbers".`);
    return null;
  }
  if (!numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 36)) {
    reject('numbers', 'Numbers must be whole numbers from 0 to 36.');
    return null;
  }
  const sorted = [...(numbers as number[])].sort((a, b) => a - b);
  if (!validSetKeys.get(type)?.has(sorted.join(','))) {
    reject('numbers', `${sorted.join(', ')} is not a ${type} on the table. ${hint}`);
    return null;
  }
  return sorted;
}
