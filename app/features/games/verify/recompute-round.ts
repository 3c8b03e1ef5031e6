// Recomputing a round in the browser from its revealed seed with the casino's own engines (games/), and
// comparing the result with what the casino stored. Nothing here trusts the server: the stored round is only
// the claim being checked.

import { applyAction, startHandFromShoe } from '../../../../games/blackjack/engine.ts';
import { blackjackView, type BlackjackView } from '../../../../games/blackjack/view.ts';
import { applyMinesAction, minesOnBoard } from '../../../../games/mines/mines.ts';
import { replayRound } from '../../../../games/verify.ts';
import type { GameRound } from '../rounds.ts';

export type RecomputeInput = {
  /** The games/ engine id: european-roulette, blackjack or a slot title's slug. */
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** `{ bets }` for roulette, `{ stake }` for a slot or a blackjack hand. */
  request: unknown;
  /** A blackjack hand's moves in the order played. */
  moves?: string[];
};

export type Recomputed = { serverSeedHash: string } & (
  | { kind: 'roulette'; pocket: number; colour: string; win: number }
  | { kind: 'slot'; spins: { stops: number[]; grid: string[][]; total: number; free: boolean }[]; win: number }
  | { kind: 'blackjack'; shoe: string[]; table: BlackjackView; win: number | null }
  | { kind: 'dice'; roll: number; win: number }
  | { kind: 'plinko'; path: string[]; bucket: number; win: number }
  | { kind: 'mines'; minePositions: number[]; win: number | null }
);

export async function recomputeRound(input: RecomputeInput): Promise<Recomputed> {
  const replay = await replayRound({
    game: input.game,
    serverSeed: input.serverSeed,
    clientSeed: input.clientSeed,
    nonce: input.nonce,
    request: input.request,
  });
  const { serverSeedHash } = replay;
  if (replay.kind === 'roulette') {
    const { pocket, colour, win } = replay.outcome;
    return { serverSeedHash, kind: 'roulette', pocket, colour, win };
  }
  if (replay.kind === 'slot') {
    const round = replay.outcome;
    const spins = [round.base, ...round.freeSpins].map((spin) => ({ stops: spin.stops, grid: spin.grid, total: spin.total, free: spin.mode === 'free' }));
    return { serverSeedHash, kind: 'slot', spins, win: round.totalWin };
  }
  if (replay.kind === 'dice') return { serverSeedHash, kind: 'dice', roll: replay.outcome.roll, win: replay.outcome.win };
  if (replay.kind === 'plinko') return { serverSeedHash, kind: 'plinko', path: replay.outcome.path, bucket: replay.outcome.bucket, win: replay.outcome.win };
  if (replay.kind === 'mines') {
    // The board follows from the seed; the payout from the tiles the player picked, in order.
    const stake = (input.request as { stake?: unknown } | null)?.stake;
    if (typeof stake !== 'number') throw new RangeError('A mines replay needs the stake');
    const board = replay.outcome;
    let state = minesOnBoard({ stake, mines: board.mines, positions: board.minePositions });
    for (const move of input.moves ?? []) state = applyMinesAction(state, move);
    return { serverSeedHash, kind: 'mines', minePositions: board.minePositions, win: state.settlement?.win ?? null };
  }
  // The deal follows from the shoe; every later card from the moves, in the order decision 0041 stores them.
  const stake = (input.request as { stake?: unknown } | null)?.stake;
  if (typeof stake !== 'number') throw new RangeError('A blackjack replay needs the stake');
  let state = startHandFromShoe({ stake, shoe: replay.outcome.shoe });
  for (const move of input.moves ?? []) state = applyAction(state, move);
  return { serverSeedHash, kind: 'blackjack', shoe: replay.outcome.shoe, table: blackjackView(state), win: state.settlement?.win ?? null };
}

/** The recompute input of a stored round, or null while its server seed is still secret. */
export function recomputeInputOf(round: Pick<GameRound, 'engine' | 'request' | 'outcome' | 'fairness'>): RecomputeInput | null {
  const { server_seed, client_seed, nonce } = round.fairness;
  if (!server_seed) return null;
  const moves = Array.isArray(round.outcome.moves) ? round.outcome.moves.map(String) : undefined;
  return { game: round.engine, serverSeed: server_seed, clientSeed: client_seed, nonce, request: round.request, moves };
}

/** Each way the stored round differs from the recomputed one, in words; empty when they agree. */
export function differences(round: Pick<GameRound, 'status' | 'win' | 'outcome' | 'fairness'>, recomputed: Recomputed): string[] {
  const found: string[] = [];
  const outcome = round.outcome;
  if (recomputed.serverSeedHash !== round.fairness.server_seed_hash)
    found.push('The revealed server seed does not hash to the hash published before the round.');
  if (recomputed.kind === 'roulette') {
    if (outcome.pocket !== recomputed.pocket) found.push(`The stored pocket is ${String(outcome.pocket)}, the seed gives ${recomputed.pocket}.`);
  } else if (recomputed.kind === 'slot') {
    const stored = [outcome.base, ...(Array.isArray(outcome.freeSpins) ? outcome.freeSpins : [])] as { stops?: number[] }[];
    if (stored.length !== recomputed.spins.length) found.push(`The stored round has ${stored.length} spins, the seed gives ${recomputed.spins.length}.`);
    recomputed.spins.forEach((spin, i) => {
      const stops = stored[i]?.stops;
      if (stops && stops.join() !== spin.stops.join())
        found.push(`Spin ${i + 1}: stored reel stops ${stops.join(', ')}, the seed gives ${spin.stops.join(', ')}.`);
    });
  } else if (recomputed.kind === 'dice') {
    if (outcome.roll !== recomputed.roll) found.push(`The stored roll is ${String(outcome.roll)}, the seed gives ${recomputed.roll.toFixed(2)}.`);
  } else if (recomputed.kind === 'plinko') {
    const path = Array.isArray(outcome.path) ? outcome.path.join('') : '';
    if (path !== recomputed.path.join('')) found.push(`The stored ball path is ${path}, the seed gives ${recomputed.path.join('')}.`);
  } else if (recomputed.kind === 'mines') {
    const stored = Array.isArray(outcome.minePositions) ? outcome.minePositions.join(', ') : null;
    if (stored !== null && stored !== recomputed.minePositions.join(', '))
      found.push(`The stored mines are on tiles ${stored}, the seed puts them on ${recomputed.minePositions.join(', ')}.`);
  } else {
    const cards = (hands: unknown) => JSON.stringify(Array.isArray(hands) ? hands.map((hand: { cards?: unknown }) => hand.cards) : null);
    if (cards(outcome.hands) !== cards(recomputed.table.hands)) found.push('The stored player cards differ from the cards the seed deals.');
    const dealer = (outcome.dealer as { cards?: unknown } | undefined)?.cards;
    if (JSON.stringify(dealer) !== JSON.stringify(recomputed.table.dealer.cards)) found.push('The stored dealer cards differ from the cards the seed deals.');
  }
  // A refunded round paid back its stake by decision 0041's recovery rule, not by the game.
  if (round.status === 'settled' && recomputed.win !== null && round.win !== recomputed.win) {
    found.push(`The round paid ${round.win}, the game's rules give ${recomputed.win} (minor units).`);
  }
  return found;
}
