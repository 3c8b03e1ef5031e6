import { data, Link, useLocation } from 'react-router';
import type { Route } from './+types/play';
import { pageMeta } from '../lib/meta.ts';
import { LogoMark } from '../components/logo.tsx';
import { usePopup } from '../features/popups/popup-context.tsx';
import { siteStateContext } from '../lib/context.ts';
import { BLOCKED_MESSAGE, NOT_ACTIVATED_MESSAGE } from '../lib/messages.ts';
import { failPageValidation } from '../lib/page-validation.ts';

export function loader({ url, params, context }: Route.LoaderArgs) {
  const slug = params['*'] ?? '';
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(slug)) failPageValidation(url);
  // The play-game guard: blocked and not-activated players see their screens instead of the game.
  const { viewer } = context.get(siteStateContext);
  if (viewer?.blocked) throw data({ message: BLOCKED_MESSAGE, type: 'blocked' }, { status: 423 });
  if (viewer && !viewer.active) throw data({ message: NOT_ACTIVATED_MESSAGE, type: 'inactive' }, { status: 403 });
  return { slug, signedIn: viewer !== null };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, `Play ${titleOf(loaderData?.slug ?? '')}`);

function titleOf(slug: string): string {
  return (slug.split('/').at(-1) ?? slug).replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

/** Game play: a full-screen game frame with a slim bar (the games work mounts the game here). */
export default function Play({ loaderData }: Route.ComponentProps) {
  const { openPopup } = usePopup();
  const location = useLocation();
  return (
    <div className="flex min-h-dvh flex-col bg-night-950">
      <div className="flex items-center gap-3 border-b border-night-700 px-4 py-2">
        <Link to="/" aria-label="Back to the lobby" className="shrink-0">
          <LogoMark />
        </Link>
        <h1 className="truncate font-semibold">{titleOf(loaderData.slug)}</h1>
        {!loaderData.signedIn ? (
          // The redirect-after-login guard: logging in from here comes back to this game.
          <button type="button" className="btn btn-primary ml-auto" onClick={() => openPopup('login', location.pathname)}>
            Log in to play for real
          </button>
        ) : null}
      </div>
      <div className="flex flex-1 items-center justify-center p-4">
        <div className="aspect-video w-full max-w-5xl rounded-card border border-night-700 bg-night-850" aria-label="Game area" />
      </div>
    </div>
  );
}
