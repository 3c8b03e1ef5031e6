import type { Viewer } from '../../../contract/site.ts';
import type { AccountsService } from '../accounts/service.ts';

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * Who holds a token. This is the single place the site asks "is someone logged in?": a real token
 * lookup, so an expired, idle or revoked token is a guest, and blocking shows at once.
 */
export function createSessionService({ accounts }: { accounts: Pick<AccountsService, 'authenticate'> }) {
  return {
    async viewer(token: string | undefined): Promise<Viewer | null> {
      const player = await accounts.authenticate(token);
      if (!player) return null;
      return { id: String(player.id), email: player.email, active: player.active, blocked: player.blocked };
    },
  };
}
