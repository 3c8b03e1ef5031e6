// Replaying a finished round from its revealed server seed, in the browser or on the server, so a player
// can compare the result with the round the casino stored. Float use per game:
//   european-roulette  float 0 → pocket
//   slots              spin k (0 = base spin, then each free spin in order) → floats 5k..5k+4
//   blackjack          floats 0..310 → the shuffled shoe (the deal follows from the shoe and the actions)

import { SHUFFLE_FLOATS, shuffleShoe, type Card } from './blackjack/shoe.ts';
import { blackjackInfo } from './blackjack/info.ts';
import { fairFloats, hashServerSeed } from './fairness.ts';
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
  const title = slotTitle(game);
  if (!title) throw new RangeError(`Unknown game ${game}`);
  if (typeof request.stake !== 'number') throw new RangeError('A slot replay needs the stake');
  return { game, serverSeedHash, kind: 'slot', outcome: playSlotRound(title, request.stake, await floats(slotRoundFloatCount(title))) };
}
