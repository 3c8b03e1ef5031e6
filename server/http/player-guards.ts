import type { FastifyInstance, FastifyRequest } from 'fastify';
import { playerRefusal, type Requirement, UNAUTHENTICATED_MESSAGE } from '../../contract/player-standing.ts';
import type { AccountsService, AuthenticatedPlayer } from '../modules/accounts/service.ts';
import { Problem } from '../problem.ts';
import { presentedToken } from './auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the player guards below. */
    player: AuthenticatedPlayer | null;
  }
}

/**
 * Pre-handlers for player routes, registered in the calling plugin's scope. Each sets `request.player`:
 * `signedIn` answers 401 without a valid token, `notBlocked` also 423 for a blocked player, and
 * `activePlayer` also 403 for one who has not activated the account. The rule and its texts are
 * `playerRefusal` (contract/player-standing.ts), which the site's loaders ask too. `check` is the same test for a
 * handler that decides for itself whether it needs a player (demo or real play), and answers the player it let in.
 */
export function playerGuards(app: FastifyInstance, accounts: Pick<AccountsService, 'authenticate'>) {
  app.decorateRequest('player', null);
  /** The player the request's token names, if `requirement` lets them in; else the refusal is thrown. */
  const check = async (request: FastifyRequest, requirement: Requirement): Promise<AuthenticatedPlayer> => {
    const player = await accounts.authenticate(presentedToken(request));
    request.player = player;
    const refusal = playerRefusal(player, requirement);
    if (refusal) throw new Problem(refusal.status, refusal.body.message, 'type' in refusal.body ? { type: refusal.body.type } : {});
    if (!player) throw new Problem(401, UNAUTHENTICATED_MESSAGE);
    return player;
  };
  // Named functions: the OpenAPI document (server/http/openapi.ts) tells a player route by its guard's name.
  async function signedIn(request: FastifyRequest) {
    await check(request, 'signed-in');
  }
  async function notBlocked(request: FastifyRequest) {
    await check(request, 'not-blocked');
  }
  async function activePlayer(request: FastifyRequest) {
    await check(request, 'active');
  }
  return { signedIn, notBlocked, activePlayer, check };
}
