// A slot title is data: symbols with their pays, paylines, two reel sets and the free-spins rule. Every title
// runs on the same 5-reel, 3-row engine; compileTitle checks the data once and turns it into index arrays.

import type { StakeRange, Volatility } from '../game-info.ts';

export const REELS = 5;
export const ROWS = 3;

export type SlotSymbolKind = 'pay' | 'wild' | 'scatter';

export type SlotSymbol = {
  /** A stable kebab-case id, used in grids, reel strips and stored outcomes. */
  id: string;
  name: string;
  /** The symbol's colour in the UI (hex). */
  colour: string;
  kind: SlotSymbolKind;
  /** Pays for 3, 4 and 5 of a kind: multiples of the line bet for pay symbols and the wild, of the total stake for the scatter. */
  pays: readonly [number, number, number];
};

/** Five reel strips of symbol ids; reel i's window shows strip positions stop, stop+1, stop+2 (wrapping). */
export type ReelSet = readonly (readonly string[])[];

export type SlotTitle = {
  slug: string;
  name: string;
  theme: string;
  volatility: Volatility;
  symbols: readonly SlotSymbol[];
  /** Each line lists the row (0 top, 1 middle, 2 bottom) it crosses on reels 1 to 5. */
  paylines: readonly (readonly number[])[];
  reels: { base: ReelSet; free: ReelSet };
  /**
   * 3 or more scatters award `award` free spins on the free reel set with every win multiplied; scatters
   * during free spins award `award` more, but a round never awards more than `maxPerRound` in total.
   */
  freeSpins: { award: number; multiplier: number; maxPerRound: number };
  stake: StakeRange;
};

export type CompiledReelSet = {
  /** Strips as symbol indexes. */
  strips: Int32Array[];
};

export type CompiledTitle = {
  title: SlotTitle;
  symbolIds: string[];
  /** pays[symbol][count] for count 0..5 (0 below three). */
  pays: number[][];
  wild: number;
  scatter: number;
  base: CompiledReelSet;
  free: CompiledReelSet;
};

const compiled = new WeakMap<SlotTitle, CompiledTitle>();

/** The title's data checked and indexed; throws on data that the engine or the RTP maths cannot handle. */
export function compileTitle(title: SlotTitle): CompiledTitle {
  const cached = compiled.get(title);
  if (cached) return cached;
  const problem = (message: string) => new Error(`Slot title ${title.slug}: ${message}`);
  const symbolIds = title.symbols.map((symbol) => symbol.id);
  if (new Set(symbolIds).size !== symbolIds.length) throw problem('duplicate symbol ids');
  const wilds = title.symbols.filter((symbol) => symbol.kind === 'wild');
  const scatters = title.symbols.filter((symbol) => symbol.kind === 'scatter');
  if (wilds.length !== 1 || scatters.length !== 1) throw problem('needs exactly one wild and one scatter');
  for (const symbol of title.symbols) {
    if (!symbol.pays.every((pay) => Number.isSafeInteger(pay) && pay >= 0)) throw problem(`${symbol.id} pays must be whole numbers`);
    // Line wins then depend only on reels 1 to 3 winning, which the hit-frequency maths relies on.
    if (symbol.kind !== 'scatter' && symbol.pays[0] <= 0) throw problem(`${symbol.id} must pay for three of a kind`);
  }
  if (title.paylines.length === 0) throw problem('needs paylines');
  for (const line of title.paylines) {
    if (line.length !== REELS || !line.every((row) => Number.isInteger(row) && row >= 0 && row < ROWS)) throw problem(`bad payline ${line.join(',')}`);
  }
  if (new Set(title.paylines.map((line) => line.join())).size !== title.paylines.length) throw problem('duplicate paylines');
  const { award, multiplier, maxPerRound } = title.freeSpins;
  if (!Number.isSafeInteger(award) || award < 1) throw problem('free spins award must be a positive whole number');
  if (!Number.isSafeInteger(multiplier) || multiplier < 1) throw problem('free spins multiplier must be a positive whole number');
  if (!Number.isSafeInteger(maxPerRound) || maxPerRound < award) throw problem('free spins cap must be at least one award');
  const scatter = symbolIds.indexOf(scatters[0]!.id);
  const compileSet = (name: string, set: ReelSet): CompiledReelSet => {
    if (set.length !== REELS) throw problem(`${name} reels must have ${REELS} strips`);
    const strips = set.map((strip, reel) => {
      if (strip.length < ROWS) throw problem(`${name} reel ${reel + 1} is shorter than the window`);
      const indexes = Int32Array.from(strip, (id) => {
        const index = symbolIds.indexOf(id);
        if (index < 0) throw problem(`${name} reel ${reel + 1} has unknown symbol ${id}`);
        return index;
      });
      // At most one scatter per window keeps the scatter count at 0..5 and the count maths simple.
      indexes.forEach((symbol, position) => {
        if (symbol !== scatter) return;
        for (let gap = 1; gap < ROWS; gap++) {
          if (indexes[(position + gap) % indexes.length] === scatter) throw problem(`${name} reel ${reel + 1} has scatters closer than ${ROWS} apart`);
        }
      });
      return indexes;
    });
    return { strips };
  };
  const result: CompiledTitle = {
    title,
    symbolIds,
    pays: title.symbols.map((symbol) => [0, 0, 0, ...symbol.pays]),
    wild: symbolIds.indexOf(wilds[0]!.id),
    scatter,
    base: compileSet('base', title.reels.base),
    free: compileSet('free', title.reels.free),
  };
  compiled.set(title, result);
  return result;
}
