import { Problem } from '../../problem.ts';
import { DEMO_CURRENCY, type Hub88OperatorClient, operatorProblem, type Platform } from './hub88/operator-client.ts';
import type { LaunchGate, PlayerDirectory, ProviderCatalogue } from './ports.ts';
import type { ProviderSessions } from './sessions.ts';

// A game launch (docs/decisions/0100-provider-games-launch-and-console.md): the guards our own games have, then
// Hub88's game/url. Real money names the player by their opaque reference and a session token made for this game and
// currency; a demo is Hub88's DEMO mode (`currency: "XXX"`, no user or token), where the wallet is never called.

/** What a player hears when they open a game an operator switched off, as for our own games. */
export const GAME_UNAVAILABLE = 'This game is not available at the moment. Please choose another game.';
const NO_GAME = 'No game with that slug.';

export type LaunchMode = 'real' | 'demo';
export type LaunchRequest = {
  slug: string;
  mode: LaunchMode;
  /** The signed-in, active player (the route's guard); null for a guest, who may only play a demo. */
  playerId: number | null;
  platform: Platform;
  ip: string;
};
export type Launch = { url: string; mode: LaunchMode; currency: string; game: { slug: string; name: string } };

export function createLaunches({
  provider,
  client,
  catalogue,
  gate,
  players,
  sessions,
  currency,
  publicUrl,
}: {
  provider: 'hub88';
  client: Hub88OperatorClient | undefined;
  catalogue: ProviderCatalogue;
  gate: LaunchGate;
  players: PlayerDirectory;
  sessions: ProviderSessions;
  currency: string;
  publicUrl: string;
}) {
  const lobbyUrl = `${publicUrl.replace(/\/+$/, '')}/`;
  const depositUrl = `${publicUrl.replace(/\/+$/, '')}/deposit`;

  return {
    /**
     * The page to frame for this game: 404 for no aggregator's game by that slug, 503 during maintenance or without
     * the aggregator configured, 409 for a game switched off (or without a demo, asked for one), 403 for a player
     * excluded from play or in a country the game may not be offered in, 502/504 when the aggregator fails.
     */
    async launch({ slug, mode, playerId, platform, ip }: LaunchRequest): Promise<Launch> {
      const game = /^[a-z0-9-]{1,64}$/.test(slug) ? await catalogue.launchable(slug) : null;
      if (!game || game.source !== provider || !game.code) throw new Problem(404, NO_GAME);
      if (await gate.underMaintenance()) throw new Problem(503, 'The casino is down for maintenance. Please come back soon.', { type: 'maintenance' });
      if (!game.offered) throw new Problem(409, GAME_UNAVAILABLE, { type: 'game_unavailable' });
      if (!client) throw new Problem(503, 'Games from this provider are not available right now.', { type: 'provider_unavailable' });
      const common = { game_code: game.code, platform, lang: 'en', lobby_url: lobbyUrl, ip };
      const answer = (url: string, asked: LaunchMode, money: string): Launch => ({
        url,
        mode: asked,
        currency: money,
        game: { slug: game.slug, name: game.name },
      });

      if (mode === 'demo') {
        if (!game.demo) throw new Problem(409, 'This game has no demo. Log in to play it for real money.', { type: 'demo_unavailable' });
        const profile = playerId === null ? null : await players.profile(playerId);
        const url = await client.gameUrl({ ...common, currency: DEMO_CURRENCY, country: profile?.country ?? 'XX' }).catch((error: unknown) => {
          throw operatorProblem(error);
        });
        return answer(url, 'demo', DEMO_CURRENCY);
      }

      if (playerId === null) throw new Problem(401, 'Unauthenticated.');
      await gate.assertMayPlay(playerId);
      const profile = await players.profile(playerId);
      const country = profile?.country?.toUpperCase() ?? 'XX';
      if (game.blockedCountries.includes(country)) {
        throw new Problem(403, 'This game is not available in your country. Please choose another game.', { type: 'country' });
      }
      const { user, token } = await sessions.createLaunchToken(provider, playerId, game.code, currency);
      const url = await client.gameUrl({ ...common, user, token, currency, country, deposit_url: depositUrl }).catch((error: unknown) => {
        throw operatorProblem(error);
      });
      return answer(url, 'real', currency);
    },
  };
}
