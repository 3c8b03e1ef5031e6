// One spin of the 5-reel, 3-row engine: reel stops → grid → line wins and scatter win.
//
// Stakes: the total stake must be a whole multiple of the title's line count, and line bet = stake / lines.
// Every pay is a whole multiple of the line bet or of the total stake and the free-spins multiplier is
// whole, so no win is ever rounded.

import { compileTitle, REELS, ROWS, type CompiledTitle, type SlotTitle } from './title.ts';

export type SlotMode = 'base' | 'free';

export type LineWin = {
  /** 1-based payline number. */
  line: number;
  symbol: string;
  count: number;
  amount: number;
};

export type SlotSpin = {
  mode: SlotMode;
  stops: number[];
  /** grid[reel][row], row 0 on top. */
  grid: string[][];
  lineWins: LineWin[];
  scatter: { count: number; amount: number };
  /** 1 in the base game, the title's multiplier during free spins; already included in every amount. */
  multiplier: number;
  freeSpinsAwarded: number;
  /** Line wins plus the scatter win. */
  total: number;
};

/** A message for the player when the stake cannot be played on this title, else null. */
export function slotStakeProblem(title: SlotTitle, stake: number): string | null {
  const lines = title.paylines.length;
  if (!Number.isSafeInteger(stake) || stake <= 0) return 'The stake must be a positive whole number of minor units.';
  if (stake % lines !== 0) return `The stake must be a multiple of ${lines} (one equal bet on each of the ${lines} lines).`;
  return null;
}

export function lineBetFor(title: SlotTitle, stake: number): number {
  const problem = slotStakeProblem(title, stake);
  if (problem) throw new RangeError(problem);
  return stake / title.paylines.length;
}

/** Reel i stops at floor(f_i × strip length), reels in order 1 to 5, from five floats. */
export function stopsFromFloats(title: SlotTitle, mode: SlotMode, floats: readonly number[]): number[] {
  const strips = compileTitle(title)[mode].strips;
  if (floats.length !== REELS) throw new RangeError(`A spin needs ${REELS} floats`);
  return strips.map((strip, reel) => {
    const float = floats[reel]!;
    if (!(float >= 0 && float < 1)) throw new RangeError('Reel floats must lie in [0, 1)');
    return Math.floor(float * strip.length);
  });
}

export type SpinRequest = {
  mode: SlotMode;
  stops: readonly number[];
  stake: number;
  /** How many more free spins this round may still award (the round's cap minus those awarded). */
  freeSpinsAwardable: number;
};

export function evaluateSpin(title: SlotTitle, request: SpinRequest): SlotSpin {
  const compiled = compileTitle(title);
  const { mode, stops, stake } = request;
  const lineBet = lineBetFor(title, stake);
  const strips = compiled[mode].strips;
  if (stops.length !== REELS || !stops.every((stop, reel) => Number.isInteger(stop) && stop >= 0 && stop < strips[reel]!.length)) {
    throw new RangeError('Each reel stop must be a position on its strip');
  }
  const multiplier = mode === 'free' ? title.freeSpins.multiplier : 1;
  const cells = strips.map((strip, reel) => Array.from({ length: ROWS }, (_, row) => strip[(stops[reel]! + row) % strip.length]!));
  const lineWins: LineWin[] = [];
  const lineCells: number[] = [];
  title.paylines.forEach((line, i) => {
    line.forEach((row, reel) => (lineCells[reel] = cells[reel]![row]!));
    const result = evaluateLineCells(compiled, lineCells);
    if (result) lineWins.push({ line: i + 1, symbol: compiled.symbolIds[result.symbol]!, count: result.count, amount: result.pay * lineBet * multiplier });
  });
  const scatterCount = cells.reduce((sum, reel) => sum + reel.filter((symbol) => symbol === compiled.scatter).length, 0);
  const scatterAmount = compiled.pays[compiled.scatter]![scatterCount]! * stake * multiplier;
  const freeSpinsAwarded = scatterCount >= 3 ? Math.min(title.freeSpins.award, Math.max(0, request.freeSpinsAwardable)) : 0;
  const total = lineWins.reduce((sum, win) => sum + win.amount, scatterAmount);
  return {
    mode,
    stops: [...stops],
    grid: cells.map((reel) => reel.map((symbol) => compiled.symbolIds[symbol]!)),
    lineWins,
    scatter: { count: scatterCount, amount: scatterAmount },
    multiplier,
    freeSpinsAwarded,
    total,
  };
}

/**
 * The best win on one line, left to right from reel 1. The wild stands in for any pay symbol (never the
 * scatter); a line led by wilds pays the higher of the wilds' own combination and the combination of the
 * first other symbol with the wilds around it. Pays are in line bets.
 */
export function evaluateLine(title: SlotTitle, symbols: readonly string[]): { symbol: string; count: number; pay: number } | null {
  const compiled = compileTitle(title);
  if (symbols.length !== REELS) throw new RangeError(`A line has ${REELS} symbols`);
  const cells = symbols.map((id) => {
    const index = compiled.symbolIds.indexOf(id);
    if (index < 0) throw new RangeError(`Unknown symbol ${id}`);
    return index;
  });
  const result = evaluateLineCells(compiled, cells);
  return result && { symbol: compiled.symbolIds[result.symbol]!, count: result.count, pay: result.pay };
}

function evaluateLineCells(compiled: CompiledTitle, cells: readonly number[]): { symbol: number; count: number; pay: number } | null {
  const { wild, scatter, pays } = compiled;
  let wilds = 0;
  while (wilds < REELS && cells[wilds] === wild) wilds++;
  const wildPay = pays[wild]![wilds]!;
  if (wilds === REELS) return { symbol: wild, count: wilds, pay: wildPay };
  const first = cells[wilds]!;
  let count = wilds + 1;
  if (first !== scatter) while (count < REELS && (cells[count] === first || cells[count] === wild)) count++;
  const symbolPay = first === scatter ? 0 : pays[first]![count]!;
  // On a tie the symbol's combination is shown: the same amount, and it is the longer one.
  if (wildPay > symbolPay) return { symbol: wild, count: wilds, pay: wildPay };
  return symbolPay > 0 ? { symbol: first, count, pay: symbolPay } : null;
}
