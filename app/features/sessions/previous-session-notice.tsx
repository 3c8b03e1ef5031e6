import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { SessionNet } from '../../../contract/signins.ts';
import { callApi } from '../../lib/api.ts';
import { takePreviousSessionDue } from '../../lib/session-flags.ts';
import { netMoney, sessionTime } from './format.ts';

// At sign-in the player sees when their previous session was and how it went (issue 33 §1, Pennsylvania §812a.9;
// docs/decisions/0112). Shown once per sign-in, on whichever page the sign-in lands, until the player dismisses it.

export function PreviousSessionNotice({ playerId }: { playerId: string | null }) {
  const [session, setSession] = useState<SessionNet | null>(null);
  useEffect(() => {
    if (!playerId || !takePreviousSessionDue()) return;
    void callApi('GET', '/api/player/previous-session').then((result) => {
      if (result.ok) setSession(result.body.data);
    });
  }, [playerId]);
  if (!session || !playerId) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      <section
        aria-label="Your previous session"
        data-testid="previous-session"
        className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-card border border-gold-500/60 bg-night-850 p-4 shadow-glow"
      >
        <div className="flex-1 space-y-1">
          <p className="text-sm font-semibold text-mist-100">Welcome back</p>
          <p className="text-sm text-mist-100">
            Last visit: {sessionTime(session.signed_in_at)} – <span className="whitespace-nowrap">net {netMoney(session.net, session.currency)}</span>
          </p>
          <Link to="/account/transaction?view=rounds" className="text-sm text-gold-400 hover:underline" onClick={() => setSession(null)}>
            Your recent games and sessions
          </Link>
        </div>
        <button type="button" aria-label="Dismiss" className="text-mist-400 hover:text-mist-100" onClick={() => setSession(null)}>
          ✕
        </button>
      </section>
    </div>
  );
}
