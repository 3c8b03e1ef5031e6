import type { Viewer } from '../../../contract/site.ts';

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * Who holds a token. This is the single place the site asks "is someone logged in?".
 * Until player accounts exist, any non-empty `token` cookie counts as a signed-in, active player
 * whose details are unknown; the accounts work replaces the body with a token lookup.
 */
export function createSessionService() {
  return {
    async viewer(token: string | undefined): Promise<Viewer | null> {
      if (!token) return null;
      return { id: null, email: null, active: true, blocked: false };
    },
  };
}
