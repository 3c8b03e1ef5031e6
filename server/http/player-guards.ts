import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 * `activePlayer` also 403 for one who has not activated the account (SPEC.md §5 messages).
 */
export function playerGuards(app: FastifyInstance, accounts: Pick<AccountsService, 'authenticate'>) {
  app.decorateRequest('player', null);
  async function signedIn(request: FastifyRequest) {
    const player = await accounts.authenticate(presentedToken(request));
    if (!player) throw new Problem(401, 'Unauthenticated.');
    request.player = player;
  }
  async function notBlocked(request: FastifyRequest) {
    await signedIn(request);
    if (request.player!.blocked) throw new Problem(423, 'Your account is blocked.', { type: 'blocked' });
  }
  async function activePlayer(request: FastifyRequest) {
    await notBlocked(request);
    if (!request.player!.active) throw new Problem(403, 'Your account is not activated.', { type: 'inactive' });
  }
  return { signedIn, notBlocked, activePlayer };
}
