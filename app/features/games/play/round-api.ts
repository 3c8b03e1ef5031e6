import type { PlayedRound, RoundMode } from '../../../../contract/games.ts';
import { callApi, type ApiResult } from '../../../lib/api.ts';
import { createAttemptKeys } from '../../../lib/attempt-keys.ts';

export type RoundBody = { bets: unknown[] } | ({ stake: number } & Record<string, unknown>);
/** A blackjack move, or a mines move: `{ action: 'reveal', tile }` or `{ action: 'cashout' }`. */
export type MoveBody = { action: string; tile?: number };

/**
 * Rounds and blackjack moves through the games API. Each attempt carries an Idempotency-Key (required for real
 * money, harmless in demo); the same request sent again after no definite answer is the same attempt and keeps
 * its key, so a retry after a lost answer never plays twice.
 */
export function createRoundApi(slug: string, mode: RoundMode) {
  const keys = createAttemptKeys();
  async function send(path: string, body: object): Promise<ApiResult<{ data: PlayedRound }>> {
    const key = keys.keyFor({ path, body });
    const result = await callApi<{ data: PlayedRound }>('POST', path, body, { 'Idempotency-Key': key });
    keys.answered(result.status);
    return result;
  }
  return {
    play: (body: RoundBody) => send(`/api/games/${slug}/rounds`, { mode, ...body }),
    move: (roundId: string, body: MoveBody) => send(`/api/games/${slug}/rounds/${roundId}/actions`, body),
  };
}
