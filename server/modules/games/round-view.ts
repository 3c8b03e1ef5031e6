// A round as the API shows it, real or demo: the outcome the player may see and the fairness data to verify it.

import type { GameKind, GameRound, RoundMode, RoundRequest, RoundStatus } from '../../../contract/games.ts';
import { visibleOutcome, type MoveState } from './engines.ts';
import { requestHashOf } from '../shared/idempotency.ts';

export type RoundRecord = {
  id: string;
  game: { slug: string; engine: GameKind; engineConfig: string };
  mode: RoundMode;
  status: RoundStatus;
  currency: string;
  stake: number;
  win: number;
  request: RoundRequest;
  outcome: Record<string, unknown> | null;
  state: MoveState | null;
  moves: readonly { action: string }[];
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** The server seed once rotation revealed it, else null. */
  serverSeed: string | null;
  createdAt: Date;
  settledAt: Date | null;
};

export function toGameRound(round: RoundRecord): GameRound {
  return {
    round_id: round.id,
    game: round.game.slug,
    engine: round.game.engineConfig,
    kind: round.game.engine,
    mode: round.mode,
    status: round.status,
    currency: round.currency,
    stake: round.stake,
    win: round.status === 'open' ? 0 : round.win,
    request: round.request,
    outcome: visibleOutcome(
      round.outcome,
      round.state,
      round.moves.map((move) => move.action),
    ),
    fairness: { server_seed_hash: round.serverSeedHash, client_seed: round.clientSeed, nonce: round.nonce, server_seed: round.serverSeed },
    created_at: round.createdAt.toISOString(),
    settled_at: round.settledAt?.toISOString() ?? null,
  };
}

/** What a replay with the same Idempotency-Key must match: the game and the normalised request. */
export function requestHash(slug: string, request: RoundRequest): string {
  return requestHashOf([slug, request]);
}
