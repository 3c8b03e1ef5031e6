// The games/ engines as the rounds use them: a request checked against the game's rules and the house's table
// limits (4xx before anything moves), and how it plays out from the round's fair float stream, drawing only what
// it uses (a slot spin its five floats, not the 255 its longest round could need).

import { formatMoney } from '../../../contract/money.ts';
import type { RoundRequest } from '../../../contract/games.ts';
import type { FairFloatStream } from '../../../games/fairness.ts';
import { additionalStakeFor, applyAction, BlackjackActionError, startHand, type BlackjackState } from '../../../games/blackjack/engine.ts';
import { SHUFFLE_FLOATS } from '../../../games/blackjack/shoe.ts';
import { blackjackView } from '../../../games/blackjack/view.ts';
import { validateBets, type RouletteBet } from '../../../games/roulette/bets.ts';
import { playRouletteRound, ROULETTE_FLOATS_PER_ROUND } from '../../../games/roulette/settle.ts';
import { slotTitle } from '../../../games/slots/catalogue.ts';
import { drawSlotRound } from '../../../games/slots/round.ts';
import { slotStakeProblem } from '../../../games/slots/spin.ts';
import { isMinesState, type MinesState } from '../../../games/mines/mines.ts';
import { invalid, Problem } from '../../problem.ts';
import type { PlayableGame } from '../catalog/service.ts';
import { minesView, ORIGINAL_ENGINES, prepareMinesMove, prepareOriginal } from './originals.ts';

/** The body of POST /api/games/{slug}/rounds once its JSON schema passed. */
export type RoundInput = {
  stake?: number;
  bets?: unknown;
  free_spin?: boolean;
  target?: number;
  direction?: 'over' | 'under';
  mines?: number;
  rows?: number;
  risk?: 'low' | 'medium' | 'high';
};

/** The engines whose rounds take moves after they start. */
export const MOVE_ENGINES: readonly string[] = ['blackjack', 'mines'];
export const MOVES_ONLY = 'Only blackjack hands and mines boards take moves.';

/** An open round's engine state: a blackjack hand or a mines board, each waiting for the player's moves. */
export type MoveState = BlackjackState | MinesState;

/** How a round played out: decided at once (slots, roulette, dice, plinko) or a state waiting for moves (blackjack, mines). */
export type PlayedOutcome = {
  /** The engine's result for instant games; null for blackjack and mines, whose state is the outcome. */
  outcome: Record<string, unknown> | null;
  state: MoveState | null;
  finished: boolean;
  /** What the round pays once finished, returned stakes included. */
  win: number;
};

export type PreparedRound = {
  request: RoundRequest;
  stake: number;
  /** The error field a refused stake is reported on. */
  stakeField: 'stake' | 'bets';
  /** Plays the round from its fair float stream (prefix-stable), drawing the floats it uses. */
  play: (floats: FairFloatStream) => Promise<PlayedOutcome>;
};

/** Checks a round request against the game and its limits; a 422 naming the field when it cannot be played. */
export function prepareRound(game: PlayableGame, input: RoundInput, currency: string): PreparedRound {
  const money = (minor: number) => formatMoney(minor, currency);
  const { min_stake: min, max_stake: max } = game.limits;
  if (game.engine === 'roulette') {
    if (input.stake !== undefined) throw invalid({ stake: ['A roulette spin takes bets, each with its own amount, not a stake.'] });
    if (input.bets === undefined) throw invalid({ bets: ['The bets field is required.'] });
    const checked = validateBets(input.bets);
    if (!checked.ok) throw new Problem(422, checked.message, { errors: checked.errors });
    const errors = rouletteLimitErrors(checked.bets, game, money);
    if (checked.totalStake > max) (errors.bets ??= []).push(`The total stake may not be greater than ${money(max)}.`);
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const bets = checked.bets;
    return {
      request: { bets: bets.map((bet) => ({ ...bet })) },
      stake: checked.totalStake,
      stakeField: 'bets',
      play: async (floats) => {
        const round = playRouletteRound(bets, await floats.take(ROULETTE_FLOATS_PER_ROUND));
        return { outcome: round, state: null, finished: true, win: round.win };
      },
    };
  }
  if (input.bets !== undefined) throw invalid({ bets: [`${game.name} takes a stake, not bets.`] });
  const stake = input.stake;
  if (stake === undefined) throw invalid({ stake: ['The stake field is required.'] });
  if (stake < min) throw invalid({ stake: [`The stake must be at least ${money(min)}.`] });
  if (stake > max) throw invalid({ stake: [`The stake may not be greater than ${money(max)}.`] });
  if ((ORIGINAL_ENGINES as readonly string[]).includes(game.engine)) return prepareOriginal(game, input, stake);
  if (game.engine === 'crash') throw new Problem(409, 'Crash is played in shared rounds: place a bet on the crash table.', { type: 'shared_rounds' });
  if (game.engine === 'slot') {
    const title = slotTitle(game.engineConfig);
    if (!title) throw new Error(`Game ${game.slug} names slot title ${game.engineConfig}, which games/ does not have`);
    const problem = slotStakeProblem(title, stake);
    if (problem) throw invalid({ stake: [problem] });
    return {
      request: { stake },
      stake,
      stakeField: 'stake',
      play: async (floats) => {
        const round = await drawSlotRound(title, stake, floats.take);
        return { outcome: round, state: null, finished: true, win: round.totalWin };
      },
    };
  }
  return {
    request: { stake },
    stake,
    stakeField: 'stake',
    play: async (floats) => {
      const state = startHand({ stake, floats: await floats.take(SHUFFLE_FLOATS) });
      const finished = state.phase === 'finished';
      return { outcome: null, state, finished, win: state.settlement?.win ?? 0 };
    },
  };
}

/**
 * Each bet at least the table minimum, and each position (a type and the numbers or index it covers) at most its
 * type's limit, chips on one position counted together so a limit cannot be dodged by splitting a bet.
 */
function rouletteLimitErrors(bets: readonly RouletteBet[], game: PlayableGame, money: (minor: number) => string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const positions = new Map<string, { total: number; first: number }>();
  bets.forEach((bet, i) => {
    if (bet.amount < game.limits.min_stake) (errors[`bets.${i}.amount`] ??= []).push(`Each bet must be at least ${money(game.limits.min_stake)}.`);
    const where = 'numbers' in bet ? bet.numbers.join('-') : 'index' in bet ? String(bet.index) : '';
    const key = `${bet.type}:${where}`;
    const position = positions.get(key) ?? { total: 0, first: i };
    position.total += bet.amount;
    positions.set(key, position);
  });
  for (const [key, { total, first }] of positions) {
    const type = key.slice(0, key.indexOf(':'));
    const limit = game.limits.bet_limits[type];
    if (limit !== undefined && total > limit) {
      (errors[`bets.${first}.amount`] ??= []).push(`A ${type} bet may not be greater than ${money(limit)} (chips on the same position count together).`);
    }
  }
  return errors;
}

/**
 * A move checked against the round's state (a blackjack hand or a mines board): what it costs on top and the state
 * after it; 422 when not allowed now.
 */
export function prepareMove(state: MoveState, action: string): { extra: number; next: MoveState } {
  if (isMinesState(state)) return prepareMinesMove(state, action);
  try {
    return { extra: additionalStakeFor(state, action), next: applyAction(state, action) };
  } catch (error) {
    if (error instanceof BlackjackActionError) throw invalid({ action: [error.message] });
    throw error;
  }
}

/** What the player may see of a round's outcome: a blackjack hand without its shoe or hole card, a mines board without its mines until the end, plus the moves. */
export function visibleOutcome(outcome: Record<string, unknown> | null, state: MoveState | null, moves: readonly string[]): Record<string, unknown> {
  if (state && isMinesState(state)) return { ...minesView(state), moves: [...moves] };
  if (state) return { ...blackjackView(state), moves: [...moves] };
  return outcome ?? {};
}
