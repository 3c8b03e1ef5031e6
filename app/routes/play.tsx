import { useEffect } from 'react';
import { redirect } from 'react-router';
import type { Route } from './+types/play';
import type { RoundMode } from '../../contract/games.ts';
import { PlayScreen } from '../features/games/play/play-screen.tsx';
import { ProviderPlay } from '../features/games/play/provider-play.tsx';
import { useRootWallet } from '../lib/use-wallet.ts';
import { pageMeta } from '../lib/meta.ts';
import { servicesContext, siteStateContext } from '../lib/context.ts';
import { failPageValidation } from '../lib/page-validation.ts';
import { authRedirect } from '../lib/route-rules.ts';
import { requirePlayer } from '../lib/player-gate.ts';

// `/play/{slug}` or `/play/{provider}/{slug}`: any other path, or a slug that names no game, fails page validation.
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const path = params['*'] ?? '';
  const segments = path.split('/');
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)?$/.test(path)) failPageValidation(url);
  const game = await context.get(servicesContext).game(segments.at(-1)!);
  if (!game || (segments.length === 2 && segments[0] !== game.provider)) failPageValidation(url);

  const { viewer } = context.get(siteStateContext);
  // The play-game guard. A blocked player may not play at all (the API refuses demo too); a not-activated
  // one may play demo but sees the activation screen on asking for real money.
  if (viewer) requirePlayer(viewer, 'not-blocked');
  const asked = url.searchParams.get('mode');
  let mode: RoundMode = asked === 'real' || asked === 'demo' ? asked : viewer?.active ? 'real' : 'demo';
  // An aggregator's game without a demo is played for real money only.
  if (!game.demo) mode = 'real';
  if (mode === 'real') {
    // The redirect-after-login guard: a guest asking for real play logs in and comes back here.
    const toLogin = authRedirect(url, viewer);
    if (toLogin) throw redirect(toLogin);
    requirePlayer(viewer, 'active');
  }
  return { game, mode, signedIn: viewer !== null };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, `Play ${loaderData?.game.name ?? ''}`, loaderData?.game.description);

export default function Play({ loaderData }: Route.ComponentProps) {
  const wallet = useRootWallet();
  const { game, mode, signedIn } = loaderData;
  const slug = game.slug;
  // A signed-in player on this page is one of the game's "playing now" (its presence channel).
  useEffect(() => {
    if (!signedIn) return;
    let left = false;
    void import('../lib/realtime.ts').then(({ playingGame }) => {
      if (!left) playingGame(slug);
    });
    return () => {
      left = true;
      void import('../lib/realtime.ts').then(({ playingGame }) => playingGame(null));
    };
  }, [slug, signedIn]);
  // An aggregator's game is its page in a frame (decision 0100); ours are played by our engines.
  if (game.source !== 'house') return <ProviderPlay key={`${slug}:${mode}`} game={game} mode={mode} signedIn={signedIn} />;
  return <PlayScreen key={`${slug}:${mode}`} game={game} mode={mode} signedIn={signedIn} loadedWallet={wallet} />;
}
