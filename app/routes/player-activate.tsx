import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/player-activate';
import { callApi } from '../lib/api.ts';
import { readCookie } from '../lib/browser-cookies.ts';
import { setFlash } from '../lib/flash.ts';
import { pageMeta } from '../lib/meta.ts';

export function loader({ params }: Route.LoaderArgs) {
  return { uuid: params.uuid };
}

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'Activating your account'), { name: 'robots', content: 'noindex' }];

const RESULT_CLEAR_MS = 1500;

/** The bonus the player registered with (SPEC.md §4: registration keeps bonusId in the trackingParams cookie). */
function registeredBonusId(): string | null {
  try {
    const tracked = JSON.parse(readCookie('trackingParams') ?? '{}') as { bonusId?: unknown };
    return typeof tracked.bonusId === 'string' && tracked.bonusId ? tracked.bonusId : null;
  } catch {
    return null;
  }
}

/**
 * The activation link (SPEC.md §4): POST /api/activate; on success go to /deposit?bonus=true (with the
 * bonusId) when there is one, else home, with fresh user data; on error show the payload. Either result
 * is cleared 1.5 s later.
 */
export default function PlayerActivate({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    let cleared: number | undefined;
    void callApi('POST', '/api/activate', { activate_token: loaderData.uuid }).then((answer) => {
      setResult({ ok: answer.ok, message: answer.ok ? answer.body.message : answer.message });
      cleared = window.setTimeout(() => setResult(null), RESULT_CLEAR_MS);
      if (answer.ok) {
        // The page the player lands on says so (issue 34 §6): this page is gone before anyone could read it.
        setFlash({ text: answer.body.message, tone: 'success' });
        // The link's own bonusId, else the one this browser registered with.
        const bonusId = search.get('bonusId') ?? registeredBonusId();
        window.location.assign(bonusId ? `/deposit?bonus=true&bonusId=${encodeURIComponent(bonusId)}` : '/');
      }
    });
    return () => window.clearTimeout(cleared);
  }, [loaderData.uuid, search]);

  return (
    <div className="text-center" aria-live="polite">
      <h1 className="font-display text-2xl font-bold">Activating your account</h1>
      {result === null ? <p className="mt-3 text-mist-300">One moment while we confirm your e-mail address.</p> : null}
      {result?.ok ? (
        <p role="status" className="mt-3 text-felt-500">
          {result.message}
        </p>
      ) : null}
      {result && !result.ok ? (
        <>
          <p role="alert" className="mt-3 text-ruby-500">
            {result.message}
          </p>
          <Link to="/" className="btn btn-ghost mt-6">
            Go to the home page
          </Link>
        </>
      ) : null}
    </div>
  );
}
