// Mines (docs/decisions/0070-originals.md): a 5×5 board with 1 to 24 mines the player chooses. The board comes
// from the round's first 24 floats by the published shuffle: Fisher–Yates over the tiles 0 … 24 (row by row,
// top left first) exactly as the blackjack shoe is shuffled (games/blackjack/shoe.ts `fisherYates`), and the
// first m tiles of the shuffled order hold the mines. The player reveals tiles one at a time and may cash out
// after any safe tile; hitting a mine loses the stake.
//
// Payout after k safe tiles: 0.99 × C(25, k) / C(25 − m, k) times the stake, rounded down to the minor unit.
// The chance of surviving k picks is C(25 − m, k) / C(25, k), so whatever strategy the player follows, each
// cash-out returns 99 % of the stake on average (before rounding down): RTP 99 % exactly.

import { fisherYates } from '../blackjack/shoe.ts';

export const MINES_TILES = 25;
export const MINES_FLOATS_PER_ROUND = MINES_TILES - 1;
export const MINES_RTP = 0.99;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

export type MinesState = {
  game: 'mines';
  phase: 'player' | 'finished';
  stake: number;
  mines: number;
  /** Where the mines are: hidden from the player until the round ends. */
  minePositions: number[];
  /** Safe tiles revealed, in order. */
  revealed: number[];
  /** The mine the player hit, if any. */
  hitMine: number | null;
  /** What a cash-out now pays (for k revealed tiles), 0 before the first safe tile. */
  cashOutValue: number;
  /** Multiplier for the next safe tile, 4 decimals. */
  nextMultiplier: number | null;
  settlement: { win: number; multiplier: number; reason: 'cashout' | 'mine' | 'cleared' | 'untouched' } | null;
};

export class MinesActionError extends Error {}

export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** floor(stake × 99 × C(25, k) / (100 × C(25 − m, k))): exact integer arithmetic. */
export function minesPayout(stake: number, mines: number, safe: number): number {
  return Number((BigInt(stake) * 99n * binomial(MINES_TILES, safe)) / (100n * binomial(MINES_TILES - mines, safe)));
}

/** 0.99 × C(25, k) / C(25 − m, k), rounded to 4 decimals for display. */
export function minesMultiplier(mines: number, safe: number): number {
  return Math.round(((0.99 * Number(binomial(MINES_TILES, safe))) / Number(binomial(MINES_TILES - mines, safe))) * 10_000) / 10_000;
}

export function minesCountProblem(mines: unknown): string | null {
  return typeof mines === 'number' && Number.isInteger(mines) && mines >= MINES_MIN && mines <= MINES_MAX ? null : 'Choose from 1 to 24 mines.';
}

/** The mines' tiles from the round's 24 floats: the first m tiles of the shuffled board, sorted. */
export function minePositions(mines: number, floats: readonly number[]): number[] {
  if (floats.length < MINES_FLOATS_PER_ROUND) throw new RangeError(`A mines board needs ${MINES_FLOATS_PER_ROUND} floats`);
  const order = fisherYates(
    Array.from({ length: MINES_TILES }, (_, i) => i),
    floats,
  );
  return order.slice(0, mines).sort((a, b) => a - b);
}

export function startMines({ stake, mines, floats }: { stake: number; mines: number; floats: readonly number[] }): MinesState {
  const problem = minesCountProblem(mines);
  if (problem) throw new MinesActionError(problem);
  return minesOnBoard({ stake, mines, positions: minePositions(mines, floats) });
}

/** A new round on a known board (the verifier replays the player's picks on the board the seed gives). */
export function minesOnBoard({ stake, mines, positions }: { stake: number; mines: number; positions: readonly number[] }): MinesState {
  return withValues({
    game: 'mines',
    phase: 'player',
    stake,
    mines,
    minePositions: [...positions],
    revealed: [],
    hitMine: null,
    cashOutValue: 0,
    nextMultiplier: null,
    settlement: null,
  });
}

function withValues(state: MinesState): MinesState {
  const k = state.revealed.length;
  const open = state.phase === 'player';
  return {
    ...state,
    cashOutValue: k > 0 ? minesPayout(state.stake, state.mines, k) : 0,
    nextMultiplier: open && k < MINES_TILES - state.mines ? minesMultiplier(state.mines, k + 1) : null,
  };
}

/** `reveal:<tile>` (0 … 24) or `cashout`; `untouched` is the 24-hour rule (cashOutUntouched), stored as a move. */
export function applyMinesAction(state: MinesState, action: string): MinesState {
  if (state.phase !== 'player') throw new MinesActionError('This round is over.');
  if (action === 'untouched') return cashOutUntouched(state);
  if (action !== 'cashout' && !action.startsWith('reveal')) throw new MinesActionError('Mines takes reveal (with a tile) or cashout.');
  if (action === 'cashout') {
    const k = state.revealed.length;
    if (k === 0) throw new MinesActionError('Reveal a safe tile before cashing out.');
    return finish(state, 'cashout');
  }
  const match = /^reveal:(\d{1,2})$/.exec(action);
  const tile = match ? Number(match[1]) : -1;
  if (tile < 0 || tile >= MINES_TILES) throw new MinesActionError('Choose a tile from 0 to 24.');
  if (state.revealed.includes(tile)) throw new MinesActionError('That tile is already revealed.');
  if (state.minePositions.includes(tile)) {
    return withValues({ ...state, phase: 'finished', hitMine: tile, settlement: { win: 0, multiplier: 0, reason: 'mine' } });
  }
  const next = { ...state, revealed: [...state.revealed, tile] };
  if (next.revealed.length === MINES_TILES - state.mines) return finish(next, 'cleared');
  return withValues(next);
}

/**
 * The published rule for a round left untouched for 24 hours: it is cashed out for the player at its current
 * value; with no tile revealed it pays the formula's value for k = 0, 99 % of the stake, so waiting never pays.
 */
export function cashOutUntouched(state: MinesState): MinesState {
  if (state.phase !== 'player') return state;
  return finish(state, 'untouched');
}

function finish(state: MinesState, reason: 'cashout' | 'cleared' | 'untouched'): MinesState {
  const k = state.revealed.length;
  const win = minesPayout(state.stake, state.mines, k);
  return withValues({ ...state, phase: 'finished', settlement: { win, multiplier: minesMultiplier(state.mines, k), reason } });
}

/** What the player may see: the mines only once the round is over. */
export function minesView(state: MinesState): Record<string, unknown> {
  const { minePositions: mines, ...rest } = state;
  return { ...rest, minePositions: state.phase === 'finished' ? [...mines] : null };
}

export function isMinesState(state: unknown): state is MinesState {
  return typeof state === 'object' && state !== null && (state as { game?: unknown }).game === 'mines';
}
