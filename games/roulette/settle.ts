// Settling a European roulette spin. Zero is a plain losing pocket for every bet that does not cover it:
// no la partage, no en prison, so every bet returns exactly 36/37 of its stake on average.

import { coveredNumbers, ROULETTE_PAYOUTS, type RouletteBet } from './bets.ts';
import { assertPocket, pocketColour, pocketFromFloat, type PocketColour } from './wheel.ts';

/** The theoretical return of every bet on the table (proved by enumeration in the tests). */
export const ROULETTE_RTP = 36 / 37;

/** A roulette round consumes one fair float: float 0, i.e. bytes 0..3 of HMAC block 0. */
export const ROULETTE_FLOATS_PER_ROUND = 1;

export type SettledBet = { bet: RouletteBet; won: boolean; payout: number };

export type RouletteSettlement = {
  /** The sum of the bets' amounts. */
  stake: number;
  /** Everything credited back: winnings plus the stakes of winning bets; 0 when nothing won. */
  win: number;
  perBet: SettledBet[];
};

export type RouletteRound = RouletteSettlement & { pocket: number; colour: PocketColour };

/** Settles bets that passed validateBets against the pocket the ball landed in. */
export function settleRoulette(bets: readonly RouletteBet[], pocket: number): RouletteSettlement {
  assertPocket(pocket);
  let stake = 0;
  let win = 0;
  const perBet = bets.map((bet) => {
    const won = coveredNumbers(bet).includes(pocket);
    const payout = won ? bet.amount * (ROULETTE_PAYOUTS[bet.type] + 1) : 0;
    stake += bet.amount;
    win += payout;
    return { bet, won, payout };
  });
  return { stake, win, perBet };
}

/** Plays one spin from the round's fair floats (only the first is used). */
export function playRouletteRound(bets: readonly RouletteBet[], floats: readonly number[]): RouletteRound {
  const float = floats[0];
  if (float === undefined) throw new RangeError('A roulette round needs one float');
  const pocket = pocketFromFloat(float);
  return { pocket, colour: pocketColour(pocket), ...settleRoulette(bets, pocket) };
}
