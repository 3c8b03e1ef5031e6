// The compute step of a real-money round (docs/decisions/0125-one-round-pipeline.md): the outcome from the player's
// seed pair, outside any transaction, and the row and transfers the commit step writes. Nothing is written here.

import type { PlayableGame } from '../catalog/service.ts';
import type { StakeFunding } from '../bonuses/funding.ts';
import { fairFloatStream } from '../../../games/fairness.ts';
import { type MoveState, type PreparedRound, prepareMove } from './engines.ts';
import type { SeedPair } from './fairness.ts';
import type { RoundPlan } from './round-commit.ts';
import type { RoundRow } from './round-settlement.ts';

/** Who the round is: the player, the game, the checked request and the round's id and request hash under its key. */
export type RoundInput = {
  playerId: number;
  game: PlayableGame;
  prepared: PreparedRound;
  roundId: string;
  idempotencyKey: string;
  hash: string;
  currency: string;
};

/** The round played from `pair` (its next nonce), as the row to write: an instant round is written settled. */
export async function computeRound(input: RoundInput, pair: SeedPair): Promise<{ row: RoundRow; win: number }> {
  const { playerId, game, prepared } = input;
  const outcome = await prepared.play(fairFloatStream(pair.serverSeed, pair.clientSeed, pair.nextNonce));
  const now = new Date();
  const win = outcome.finished ? outcome.win : 0;
  const row: RoundRow = {
    id: input.roundId,
    playerId,
    gameId: game.id,
    engine: game.engine,
    engineConfig: game.engineConfig,
    status: outcome.finished ? 'settled' : 'open',
    currency: input.currency,
    stake: prepared.stake,
    win,
    idempotencyKey: input.idempotencyKey,
    requestHash: input.hash,
    request: prepared.request,
    outcome: outcome.outcome,
    state: outcome.state,
    moves: [],
    seedId: pair.id,
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    nonce: pair.nextNonce,
    createdAt: now,
    updatedAt: now,
    settledAt: outcome.finished ? now : null,
  };
  return { row, win };
}

/** What the commit step writes for a computed round: its row, its bet, its win (paid as the stake was) and the points' stake. */
export function planRound(row: RoundRow, win: number, paid: StakeFunding, earning: number): RoundPlan {
  const won = win > 0 ? paid.win(win) : null;
  const { record } = paid;
  return {
    row,
    bet: { idempotencyKey: `round:${row.id}:bet`, type: 'bet', referenceId: row.id, entries: paid.entries },
    win: won && { idempotencyKey: `round:${row.id}:win`, type: 'win', referenceId: row.id, entries: won.entries },
    ...(record ? { recordBet: (tx) => record(tx, `round:${row.id}:bet`, row.id) } : {}),
    ...(won?.record ? { recordWin: won.record } : {}),
    stake: { playerId: row.playerId, roundId: row.id, engine: row.engine, stake: earning, key: `round:${row.id}` },
  };
}

/** A move on an open hand or board, computed from its state: the extra stake it takes, its win and the row's change. */
export type ComputedMove = { extra: number; win: number; movesBefore: number; change: Partial<RoundRow> };

export function computeMove(row: RoundRow, action: string, key: string): ComputedMove {
  const { extra, next } = prepareMove(row.state as MoveState, action);
  const finished = next.phase === 'finished';
  const win = finished ? next.settlement!.win : 0;
  // The win is stored with the final state, so a crash before the credit leaves a round recovery can pay;
  // a hand that ends with nothing to pay is settled by the move itself.
  const change: Partial<RoundRow> = {
    state: next as unknown as Record<string, unknown>,
    moves: [...row.moves, { action, key }],
    stake: row.stake + extra,
    win,
    ...(finished && win === 0 ? { status: 'settled' } : {}),
  };
  return { extra, win, movesBefore: row.moves.length, change };
}
