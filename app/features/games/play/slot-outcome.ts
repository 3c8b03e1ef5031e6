// The cells a slot spin's wins are made of, for the reels to light up; the spin's shape is the contract's.
import type { SlotSpinOutcome } from '../../../../contract/games.ts';

/** The cells (`${reel}:${row}`) a spin's wins are made of: each line's first `count` reels, and every scatter. */
export function winningCells(
  spin: Pick<SlotSpinOutcome, 'grid' | 'lineWins' | 'scatter'>,
  paylines: readonly (readonly number[])[],
  scatter: string | undefined,
): Set<string> {
  const cells = new Set<string>();
  for (const win of spin.lineWins) {
    const rows = paylines[win.line - 1];
    if (!rows) continue;
    for (let reel = 0; reel < win.count; reel++) cells.add(`${reel}:${rows[reel]}`);
  }
  if (scatter && spin.scatter.count >= 3) {
    spin.grid.forEach((column, reel) => column.forEach((symbol, row) => symbol === scatter && cells.add(`${reel}:${row}`)));
  }
  return cells;
}
