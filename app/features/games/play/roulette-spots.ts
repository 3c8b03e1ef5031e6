// The betting table's spots and how chips on them become the API's bets (decision 0040's request shape).
// A spot is a string key so chips stack on it and the undo history stays plain data.

export const RED_NUMBERS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** The single-zero wheel's pockets clockwise from zero: the wheel art and its spin both follow it. */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];

export type OutsideType = 'red' | 'black' | 'odd' | 'even' | 'low' | 'high';
export type Spot =
  | { type: 'straight' | 'split' | 'street' | 'corner' | 'line'; numbers: number[] }
  | { type: 'dozen' | 'column'; index: 1 | 2 | 3 }
  | { type: OutsideType };

export type ApiBet = { type: string; numbers?: number[]; index?: number; amount: number };

/** One chip put down: the history the table keeps, so undo takes back the last one. */
export type Chip = { spot: string; amount: number };

export function pocketColour(pocket: number): 'green' | 'red' | 'black' {
  if (pocket === 0) return 'green';
  return RED_NUMBERS.has(pocket) ? 'red' : 'black';
}

export function spotKey(spot: Spot): string {
  if ('numbers' in spot) return `${spot.type}:${[...spot.numbers].sort((a, b) => a - b).join('-')}`;
  if ('index' in spot) return `${spot.type}:${spot.index}`;
  return spot.type;
}

export function spotFromKey(key: string): Spot {
  const [type, rest] = key.split(':') as [string, string | undefined];
  if (type === 'dozen' || type === 'column') return { type, index: Number(rest) as 1 | 2 | 3 };
  if (type === 'straight' || type === 'split' || type === 'street' || type === 'corner' || type === 'line') {
    return { type, numbers: (rest ?? '').split('-').map(Number) };
  }
  return { type: type as OutsideType };
}

/** What the table shows on hover and what screen readers announce for a spot. */
export function spotLabel(spot: Spot): string {
  switch (spot.type) {
    case 'straight':
      return `Straight ${spot.numbers[0]}`;
    case 'split':
    case 'street':
    case 'corner':
    case 'line':
      return `${insideName(spot.type, spot.numbers)} ${spot.numbers.join('/')}`;
    case 'dozen':
      return `Dozen ${['1 to 12', '13 to 24', '25 to 36'][spot.index - 1]}`;
    case 'column':
      return `Column ${spot.index}`;
    case 'low':
      return '1 to 18';
    case 'high':
      return '19 to 36';
    default:
      return `${spot.type[0]!.toUpperCase()}${spot.type.slice(1)}`;
  }
}

/** A bet as the result sentence names it: "won €2.00 on red", "on 17", "on split 17/20", "on the 2nd dozen". */
export function betName(bet: { type: string; numbers?: unknown; index?: unknown }): string {
  const numbers = Array.isArray(bet.numbers) ? bet.numbers.map(Number) : [];
  switch (bet.type) {
    case 'straight':
      return String(numbers[0]);
    case 'split':
    case 'street':
    case 'corner':
    case 'line':
      return `${insideName(bet.type, numbers).toLowerCase()} ${numbers.join('/')}`;
    case 'dozen':
      return `the ${['1st', '2nd', '3rd'][Number(bet.index) - 1] ?? ''} dozen`;
    case 'column':
      return `column ${Number(bet.index)}`;
    case 'low':
      return '1–18';
    case 'high':
      return '19–36';
    default:
      return bet.type;
  }
}

/** The name of an inside bet: the zero bets have their own (a street with zero is a trio, the corner 0-3 the first four). */
function insideName(type: 'split' | 'street' | 'corner' | 'line', numbers: readonly number[]): string {
  if (type === 'street' && numbers[0] === 0) return 'Trio';
  if (type === 'corner' && numbers[0] === 0) return 'First four';
  return `${type[0]!.toUpperCase()}${type.slice(1)}`;
}

/** Chips summed per spot, in the order the spots were first bet on. */
export function stackedChips(chips: readonly Chip[]): Map<string, number> {
  const stacks = new Map<string, number>();
  for (const chip of chips) stacks.set(chip.spot, (stacks.get(chip.spot) ?? 0) + chip.amount);
  return stacks;
}

/** The request's `bets`: one bet per spot, so a spot's chips count once against its position limit. */
export function betsFromChips(chips: readonly Chip[]): ApiBet[] {
  return [...stackedChips(chips)].map(([key, amount]) => ({ ...spotFromKey(key), amount }));
}

export type TableLimits = { min_stake: number; max_stake: number; bet_limits: Record<string, number> };

/**
 * Why a chip cannot go on a spot (the house's limits, decision 0041), or null. The server checks again; this
 * only saves the player a refused spin. A spot's position limit is named by the bet type.
 */
export function chipProblem(chips: readonly Chip[], chip: Chip, limits: TableLimits): 'position' | 'total' | null {
  const type = spotFromKey(chip.spot).type;
  const onSpot = (stackedChips(chips).get(chip.spot) ?? 0) + chip.amount;
  const total = chips.reduce((sum, placed) => sum + placed.amount, 0) + chip.amount;
  const positionLimit = limits.bet_limits[type];
  if (positionLimit !== undefined && onSpot > positionLimit) return 'position';
  if (total > limits.max_stake) return 'total';
  return null;
}

/**
 * Where an inside bet other than a straight is placed: on a line or a corner between the numbers it covers. In
 * table units: u runs along the table from the zero edge (0) through the twelve rows of three (row r from u = r − 1
 * to u = r), v across a row from the edge by the dozens (0) past columns 1, 2 and 3 (to v = 3). A point is a corner
 * (corner, line, trio, first four); `along: 'u'` a piece of a line that runs along the table (a split inside a row,
 * a street on the row's outer edge), `along: 'v'` one that runs across it (a split between rows, a zero split).
 */
export type InsideTarget = { spot: Spot; u: number; v: number; along: 'u' | 'v' | 'point' };

export function insideTargets(): InsideTarget[] {
  const targets: InsideTarget[] = [];
  const push = (type: 'split' | 'street' | 'corner' | 'line', numbers: number[], u: number, v: number, along: InsideTarget['along']) =>
    targets.push({ spot: { type, numbers }, u, v, along });
  for (let column = 1; column <= 3; column++) push('split', [0, column], 0, column - 0.5, 'v');
  push('corner', [0, 1, 2, 3], 0, 0, 'point');
  push('street', [0, 1, 2], 0, 1, 'point');
  push('street', [0, 2, 3], 0, 2, 'point');
  for (let row = 1; row <= 12; row++) {
    const first = 3 * row - 2;
    push('street', [first, first + 1, first + 2], row - 0.5, 0, 'u');
    if (row < 12) push('line', [first, first + 1, first + 2, first + 3, first + 4, first + 5], row, 0, 'point');
    for (let column = 1; column <= 3; column++) {
      const n = first + column - 1;
      if (column < 3) push('split', [n, n + 1], row - 0.5, column, 'u');
      if (row < 12) push('split', [n, n + 3], row, column - 0.5, 'v');
      if (column < 3 && row < 12) push('corner', [n, n + 1, n + 3, n + 4], row, column, 'point');
    }
  }
  return targets;
}
