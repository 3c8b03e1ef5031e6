import type { RoundMode } from '../../../../contract/games.ts';
import { type ApiBody, callApi } from '../../../lib/api.ts';
import { createAttemptKeys } from '../../../lib/attempt-keys.ts';

/** A round's choices (the stake, a roulette's bets, a dice target …); the mode is the page's. */
export type RoundBody = Omit<ApiBody<'POST', `/api/games/${string}/rounds`>, 'mode'>;
/** A blackjack move, or a mines move: `{ action: 'reveal', tile }` or `{ action: 'cashout' }`. */
export type MoveBody = ApiBody<'POST', `/api/games/${string}/rounds/${string}/actions`>;

/**
 * Rounds and blackjack moves through the games API. Each attempt carries an Idempotency-Key (required for real
 * money, harmless in demo); the same request sent again after no definite answer is the same attempt and keeps
 * its key, so a retry after a lost answer never plays twice.
 */
export function createRoundApi(slug: string, mode: RoundMode) {
  const keys = createAttemptKeys();
  const headers = (path: string, body: object) => ({ 'Idempotency-Key': keys.keyFor({ path, body }) });
  const answered = <R extends { status: number }>(result: R): R => {
    keys.answered(result.status);
    return result;
  };
  return {
    play: async (choices: RoundBody) => {
      const path = `/api/games/${slug}/rounds` as const;
      const body = { mode, ...choices };
      return answered(await callApi('POST', path, body, headers(path, body)));
    },
    move: async (roundId: string, body: MoveBody) => {
      const path = `/api/games/${slug}/rounds/${roundId}/actions` as const;
      return answered(await callApi('POST', path, body, headers(path, body)));
    },
  };
}
