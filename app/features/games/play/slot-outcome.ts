// The parts of a slot round's outcome (games/slots/round.ts, stored as the engine returns it) the reels show.

export type LineWin = { line: number; symbol: string; count: number; amount: number };
export type SpinOutcome = {
  grid: string[][];
  lineWins: LineWin[];
  scatter: { count: number; amount: number };
  multiplier: number;
  freeSpinsAwarded: number;
  total: number;
};
export type SlotOutcome = { base: SpinOutcome; freeSpins: SpinOutcome[]; totalWin: number; lineBet: number };

/** The cells (`${reel}:${row}`) a spin's wins are made of: each line's first `count` reels, and every scatter. */
export function winningCells(spin: SpinOutcome, paylines: readonly (readonly number[])[], scatter: string | undefined): Set<string> {
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
