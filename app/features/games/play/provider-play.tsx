import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { GameDetail, RoundMode } from '../../../../contract/games.ts';
import { SiteFrame } from '../../../components/site-frame.tsx';
import { analytics } from '../../../lib/analytics.ts';
import { callApi } from '../../../lib/api.ts';
import { usePopup } from '../../../lib/popup-context.tsx';
import { launchPayload, newPlaySessionId } from './launch-analytics.ts';
import { ModeSwitch } from './mode-switch.tsx';

type Launched = { state: 'opening' } | { state: 'open'; url: string } | { state: 'refused'; message: string; type?: string; status: number };

/**
 * An aggregator's game (docs/decisions/0100): the page asks our API for the provider's game page and shows it in a
 * sandboxed frame under the site's header, whose balance follows the wallet live (BalanceUpdated) as the provider's
 * bets and wins reach it. On a phone the frame takes the whole screen below the header.
 */
export function ProviderPlay({ game, mode, signedIn }: { game: GameDetail; mode: RoundMode; signedIn: boolean }) {
  const stage = useRef<HTMLDivElement>(null);
  // A launch is a mutation: the screen shows the answer to the latest one only (another game or mode starts anew).
  const launch = useMutation({
    mutationFn: ({ slug, mode }: { slug: string; mode: RoundMode }) => callApi('POST', `/api/games/${slug}/launch`, { mode }),
  });
  const { mutate } = launch;
  const result = launch.data;
  const launched: Launched =
    launch.isPending || !result
      ? { state: 'opening' }
      : result.ok
        ? { state: 'open', url: result.body.data.url }
        : { state: 'refused', message: result.message, type: result.type, status: result.status };

  useEffect(() => {
    mutate({ slug: game.slug, mode });
    analytics().track({
      event: 'game_launch',
      ...launchPayload(game, mode, { width: window.innerWidth, coarsePointer: window.matchMedia('(pointer: coarse)').matches }, newPlaySessionId()),
    });
  }, [game, mode, mutate]);

  return (
    <SiteFrame layout="games">
      <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-7xl flex-col sm:px-4 sm:pb-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 sm:px-0">
          <Link to="/" className="shrink-0 text-sm text-mist-300 hover:text-gold-300" aria-label="Back to the lobby">
            ← <span className="hidden sm:inline">Lobby</span>
          </Link>
          <h1 className="min-w-0 flex-1 truncate font-display text-base font-bold sm:text-xl">
            {game.name} <span className="hidden text-sm font-normal text-mist-400 sm:inline">by {game.studio}</span>
          </h1>
          <ModeSwitch mode={mode} signedIn={signedIn} demo={game.demo} />
          <button
            type="button"
            className="hidden rounded-md border border-night-600 px-2.5 py-1 text-sm text-mist-300 hover:border-gold-400 hover:text-gold-300 sm:block"
            onClick={() => void stage.current?.requestFullscreen?.().catch(() => undefined)}
          >
            Full screen
          </button>
        </div>
        <div ref={stage} className="relative min-h-0 flex-1 overflow-hidden bg-night-950 sm:rounded-card sm:border sm:border-night-700">
          {launched.state === 'open' ? (
            <iframe
              src={launched.url}
              title={game.name}
              data-testid="provider-frame"
              sandbox="allow-scripts allow-same-origin allow-popups"
              allow="fullscreen"
              referrerPolicy="no-referrer"
              className="absolute inset-0 h-full w-full border-0"
            />
          ) : launched.state === 'opening' ? (
            <p role="status" className="grid h-full place-items-center text-mist-300">
              Opening {game.name}…
            </p>
          ) : (
            <Refusal launched={launched} mode={mode} />
          )}
        </div>
      </div>
    </SiteFrame>
  );
}

/** Why the game did not open, with the one thing the player can do about it. */
function Refusal({ launched, mode }: { launched: Extract<Launched, { state: 'refused' }>; mode: RoundMode }) {
  const { openPopup } = usePopup();
  const { pathname } = useLocation();
  return (
    <div role="alert" className="grid h-full place-items-center p-6 text-center">
      <div className="max-w-md space-y-4">
        <p className="text-lg font-semibold text-mist-100">{launched.message}</p>
        <div className="flex flex-wrap justify-center gap-2">
          {launched.status === 401 ? (
            <button type="button" className="btn btn-primary" onClick={() => openPopup('login')}>
              Log in
            </button>
          ) : null}
          {launched.type === 'demo_unavailable' || (launched.status === 401 && mode === 'real') ? null : (
            <Link to={`${pathname}?mode=${mode}`} reloadDocument className="btn btn-ghost">
              Try again
            </Link>
          )}
          <Link to="/" className="btn btn-ghost">
            Back to the lobby
          </Link>
        </div>
      </div>
    </div>
  );
}
