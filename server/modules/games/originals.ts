// The house's originals as rounds play them (docs/decisions/0070-originals.md): dice and plinko are decided at
// once like roulette; mines is a state machine like blackjack, resumed after any restart and never voided.

import type { RoundRequest } from '../../../contract/games.ts';
import { diceBetProblem, DICE_FLOATS_PER_ROUND, playDiceRound } from '../../../games/dice/dice.ts';
import {
  applyMinesAction,
  minesCountProblem,
  MinesActionError,
  MINES_FLOATS_PER_ROUND,
  minesView,
  startMines,
  type MinesState,
} from '../../../games/mines/mines.ts';
import { plinkoBetProblem, playPlinkoRound, type PlinkoRisk } from '../../../games/plinko/plinko.ts';
import { invalid } from '../../problem.ts';
import type { PlayableGame } from '../catalog/service.ts';
import type { PlayedOutcome, PreparedRound, RoundInput } from './engines.ts';

export const ORIGINAL_ENGINES = ['dice', 'mines', 'plinko'] as const;

/** A dice, plinko or mines round once its stake passed the limits; a 422 naming the field when it cannot be played. */
export function prepareOriginal(game: PlayableGame, input: RoundInput, stake: number): PreparedRound {
  const round = (request: RoundRequest, play: PreparedRound['play']): PreparedRound => ({ request, stake, stakeField: 'stake', play });
  if (game.engine === 'dice') {
    if (input.target === undefined) throw invalid({ target: ['The target field is required.'] });
    if (input.direction === undefined) throw invalid({ direction: ['The direction field is required.'] });
    const problem = diceBetProblem({ target: input.target, direction: input.direction });
    if (problem) throw invalid({ [problem.field]: [problem.message] });
    const bet = { target: Math.round(input.target * 100), direction: input.direction };
    return round({ stake, target: bet.target / 100, direction: bet.direction }, async (floats): Promise<PlayedOutcome> => {
      const played = playDiceRound(stake, bet, await floats.take(DICE_FLOATS_PER_ROUND));
      return { outcome: played, state: null, finished: true, win: played.win };
    });
  }
  if (game.engine === 'plinko') {
    const problem = plinkoBetProblem({ rows: input.rows, risk: input.risk });
    if (problem) throw invalid({ [problem.field]: [input[problem.field] === undefined ? `The ${problem.field} field is required.` : problem.message] });
    const bet = { rows: input.rows as number, risk: input.risk as PlinkoRisk };
    return round({ stake, ...bet }, async (floats) => {
      const played = playPlinkoRound(stake, bet, await floats.take(bet.rows));
      return { outcome: played, state: null, finished: true, win: played.win };
    });
  }
  const problem = minesCountProblem(input.mines);
  if (problem) throw invalid({ mines: [input.mines === undefined ? 'The mines field is required.' : problem] });
  const mines = input.mines as number;
  return round({ stake, mines }, async (floats) => {
    const state = startMines({ stake, mines, floats: await floats.take(MINES_FLOATS_PER_ROUND) });
    return { outcome: null, state, finished: false, win: 0 };
  });
}

/** A mines move checked against the board: the state after it (no extra stake); 422 when not allowed now. */
export function prepareMinesMove(state: MinesState, action: string): { extra: number; next: MinesState } {
  try {
    return { extra: 0, next: applyMinesAction(state, action) };
  } catch (error) {
    if (error instanceof MinesActionError) throw invalid({ action: [error.message] });
    throw error;
  }
}

export { minesView };
