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
      return `${spot.type[0]!.toUpperCase()}${spot.type.slice(1)} ${spot.numbers.join('-')}`;
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
