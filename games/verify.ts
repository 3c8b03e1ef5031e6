// Replaying a finished round from its revealed server seed, in the browser or on the server, so a player
// can compare the result with the round the casino stored. Float use per game:
//   european-roulette  float 0 → pocket
//   slots              spin k (0 = base spin, then each free spin in order) → floats 5k..5k+4
//   blackjack          floats 0..310 → the shuffled shoe (the deal follows from the shoe and the actions)
//   dice               float 0 → the roll, floor(f × 10001) / 100
//   mines              floats 0..23 → Fisher–Yates over the 25 tiles; the first m tiles hold the mines
//   plinko             float i → row i's direction (right when f ≥ 0.5), one per row
//   crash              no player seed: a shared hash chain (games/crash/crash.ts, verifyCrashGame)

import { SHUFFLE_FLOATS, shuffleShoe, type Card } from './blackjack/shoe.ts';
import { blackjackInfo } from './blackjack/info.ts';
import { diceBetProblem, DICE_FLOATS_PER_ROUND, playDiceRound, type DiceRound } from './dice/dice.ts';
import { diceInfo } from './dice/info.ts';
import { fairFloats, hashServerSeed } from './fairness.ts';
import { minesInfo } from './mines/info.ts';
import { MINES_FLOATS_PER_ROUND, minesCountProblem, minePositions } from './mines/mines.ts';
import { plinkoInfo } from './plinko/info.ts';
import { plinkoBetProblem, playPlinkoRound, type PlinkoRisk, type PlinkoRound } from './plinko/plinko.ts';
import { validateBets } from './roulette/bets.ts';
import { rouletteInfo } from './roulette/info.ts';
import { playRouletteRound, ROULETTE_FLOATS_PER_ROUND, type RouletteRound } from './roulette/settle.ts';
import { slotTitle } from './slots/catalogue.ts';
import { playSlotRound, slotRoundFloatCount, type SlotRound } from './slots/round.ts';

export type ReplayInput = {
  /** The game's slug: 'european-roulette', 'blackjack' or a slot title's slug. */
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** What the player asked for: `{ bets }` for roulette, `{ stake }` for a slot; blackjack needs nothing. */
  request?: unknown;
};

export type BlackjackDeal = {
  /** The whole shoe in dealing order. */
  shoe: Card[];
  /** Shoe cards 0 and 2. */
  player: Card[];
  /** Shoe cards 1 (up) and 3 (hole). */
  dealer: Card[];
};

export type Replay = { game: string; serverSeedHash: string } & (
  | { kind: 'roulette'; outcome: RouletteRound }
  | { kind: 'slot'; outcome: SlotRound }
  | { kind: 'blackjack'; outcome: BlackjackDeal }
  | { kind: 'dice'; outcome: DiceRound }
  | { kind: 'mines'; outcome: { mines: number; minePositions: number[] } }
  | { kind: 'plinko'; outcome: PlinkoRound }
);

export async function replayRound(input: ReplayInput): Promise<Replay> {
  const { game, serverSeed, clientSeed, nonce } = input;
  const serverSeedHash = await hashServerSeed(serverSeed);
  const floats = (count: number) => fairFloats(serverSeed, clientSeed, nonce, count);
  const request = (typeof input.request === 'object' && input.request !== null ? input.request : {}) as Record<string, unknown>;
  if (game === rouletteInfo.slug) {
    const checked = validateBets(request.bets);
    if (!checked.ok) throw new RangeError(checked.message);
    return { game, serverSeedHash, kind: 'roulette', outcome: playRouletteRound(checked.bets, await floats(ROULETTE_FLOATS_PER_ROUND)) };
  }
  if (game === blackjackInfo.slug) {
    const shoe = shuffleShoe(await floats(SHUFFLE_FLOATS));
    return { game, serverSeedHash, kind: 'blackjack', outcome: { shoe, player: [shoe[0]!, shoe[2]!], dealer: [shoe[1]!, shoe[3]!] } };
  }
  if (game === diceInfo.slug || game === plinkoInfo.slug || game === minesInfo.slug) {
    if (typeof request.stake !== 'number') throw new RangeError(`A ${game} replay needs the stake`);
    const stake = request.stake;
    if (game === diceInfo.slug) {
      const problem = diceBetProblem(request as { target: unknown; direction: unknown });
      if (problem) throw new RangeError(problem.message);
      const bet = { target: Math.round((request.target as number) * 100), direction: request.direction as 'over' | 'under' };
      return { game, serverSeedHash, kind: 'dice', outcome: playDiceRound(stake, bet, await floats(DICE_FLOATS_PER_ROUND)) };
    }
    if (game === plinkoInfo.slug) {
      const problem = plinkoBetProblem(request as { rows: unknown; risk: unknown });
      if (problem) throw new RangeError(problem.message);
      const bet = { rows: request.rows as number, risk: request.risk as PlinkoRisk };
      return { game, serverSeedHash, kind: 'plinko', outcome: playPlinkoRound(stake, bet, await floats(bet.rows)) };
    }
    const problem = minesCountProblem(request.mines);
    if (problem) throw new RangeError(problem);
    const mines = request.mines as number;
    return { game, serverSeedHash, kind: 'mines', outcome: { mines, minePositions: minePositions(mines, await floats(MINES_FLOATS_PER_ROUND)) } };
  }
  const title = slotTitle(game);
  if (!title) throw new RangeError(`Unknown game ${game}`);
  if (typeof request.stake !== 'number') throw new RangeError('A slot replay needs the stake');
  return { game, serverSeedHash, kind: 'slot', outcome: playSlotRound(title, request.stake, await floats(slotRoundFloatCount(title))) };
}
