// The single-zero wheel: 37 pockets, 0 green, the usual eighteen red numbers.

export const POCKET_COUNT = 37;

export const RED_NUMBERS: readonly number[] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

export type PocketColour = 'green' | 'red' | 'black';

const redSet = new Set(RED_NUMBERS);

export function pocketColour(pocket: number): PocketColour {
  assertPocket(pocket);
  if (pocket === 0) return 'green';
  return redSet.has(pocket) ? 'red' : 'black';
}

/** The winning pocket of a round from its first fair float: floor(f × 37). */
export function pocketFromFloat(float: number): number {
  if (!(float >= 0 && float < 1)) throw new RangeError('A roulette float must lie in [0, 1)');
  return Math.floor(float * POCKET_COUNT);
}

export function assertPocket(pocket: number): void {
  if (!Number.isInteger(pocket) || pocket < 0 || pocket >= POCKET_COUNT) throw new RangeError(`No pocket ${pocket} on a single-zero wheel`);
}
