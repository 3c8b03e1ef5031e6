import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { LimitSession } from '../../../contract/limits.ts';
import { formatMoney } from '../../../contract/money.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { callApi } from '../../lib/api.ts';
import { queryKeys } from '../../lib/queries.ts';
import { signOut } from '../../lib/sign-out.ts';
import { formatDuration, signedMoney } from './format.ts';

// The reality check and the session-limit notice, on every page and over every game (the root layout renders this
// for a signed-in player). It asks the server for the session when the page loads, when the next check or the
// session's end comes round, when the window gets focus again and whenever a game's stake was refused for a limit
// (announceLimitNotice marks the session out of date).

const MAX_TIMER_MS = 2_147_000_000;

async function readSession() {
  const result = await callApi('GET', '/api/player/limits/session');
  if (!result.ok) throw new Error(result.message);
  return result.body.data;
}

export function LimitsWatch({ playerId }: { playerId: string | null }) {
  const client = useQueryClient();
  const key = useMemo(() => queryKeys.limitSession(playerId ?? ''), [playerId]);
  // A failed read keeps the session last shown. Each read is a new session, even one equal to the last, so the
  // timer below is set again after every read.
  const { data: session = null, dataUpdatedAt } = useQuery({
    queryKey: key,
    queryFn: readSession,
    enabled: playerId !== null,
    refetchOnMount: 'always',
    structuralSharing: false,
  });
  // Closed for the session as last read: a newer read shows the dialog again.
  const [hiddenAt, setHiddenAt] = useState<number | null>(null);
  const hidden = hiddenAt === dataUpdatedAt;
  const hide = () => setHiddenAt(dataUpdatedAt);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => void client.invalidateQueries({ queryKey: key, exact: true }), [client, key]);

  useEffect(() => {
    if (!playerId) return;
    window.addEventListener('focus', load);
    return () => window.removeEventListener('focus', load);
  }, [playerId, load]);

  // Wake up when the next reality check is due or the session limit ends.
  useEffect(() => {
    if (!session) return;
    const upcoming = [
      session.reality_check && !session.reality_check.due ? Date.parse(session.reality_check.due_at) : null,
      session.session_limit && !session.session_limit.reached ? Date.parse(session.session_limit.ends_at) : null,
    ].filter((at): at is number => at !== null);
    if (upcoming.length === 0) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(1_000, Math.min(...upcoming) - Date.now() + 1_000));
    const timer = window.setTimeout(load, wait);
    return () => window.clearTimeout(timer);
  }, [session, load]);

  if (!playerId || !session || hidden) return null;

  if (session.session_limit?.reached) {
    return (
      <Dialog title="Session limit reached" onClose={hide}>
        <div data-testid="session-limit-notice" className="space-y-4">
          <p className="text-mist-300">
            You set a session limit of {formatDuration(session.session_limit.minutes)}, and this session has lasted {formatDuration(session.minutes)}. Games are
            paused: take a break and come back later.
          </p>
          <SessionFigures session={session} />
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void signOut()}>Log out</Button>
            <Link to="/account/limit" className="btn btn-ghost" onClick={hide}>
              My limits
            </Link>
          </div>
        </div>
      </Dialog>
    );
  }

  if (session.reality_check?.due) {
    const answer = async () => {
      setBusy(true);
      const result = await callApi('POST', '/api/player/limits/reality-check', { action: 'continue' });
      setBusy(false);
      if (result.ok) client.setQueryData(key, result.body.data);
    };
    return (
      <Dialog title="Reality check" onClose={hide}>
        <div data-testid="reality-check" className="space-y-4">
          <p className="text-mist-300">
            You have been playing for <strong className="text-mist-100">{formatDuration(session.minutes)}</strong>. Here is how this session went.
          </p>
          <SessionFigures session={session} />
          <p className="text-sm text-mist-400">Games stay paused until you choose.</p>
          <div className="flex flex-wrap gap-3">
            <Button busy={busy} onClick={() => void answer()}>
              Continue playing
            </Button>
            <Link to="/account/transaction" className="btn btn-ghost" onClick={hide}>
              View history
            </Link>
            <Button variant="ghost" onClick={() => void signOut()}>
              Log out
            </Button>
          </div>
        </div>
      </Dialog>
    );
  }
  return null;
}

function SessionFigures({ session }: { session: LimitSession }) {
  const money = (minor: number) => formatMoney(minor, session.currency);
  return (
    <dl className="grid grid-cols-3 gap-2 rounded-lg border border-night-700 bg-night-900 p-3 text-center">
      <div>
        <dt className="text-xs uppercase tracking-wide text-mist-400">Staked</dt>
        <dd className="mt-1 font-semibold text-mist-100">{money(session.stakes)}</dd>
      </div>
      <div>
        <dt className="text-xs uppercase tracking-wide text-mist-400">Won</dt>
        <dd className="mt-1 font-semibold text-mist-100">{money(session.wins)}</dd>
      </div>
      <div>
        <dt className="text-xs uppercase tracking-wide text-mist-400">Net result</dt>
        <dd className={`mt-1 font-semibold ${session.net < 0 ? 'text-ruby-500' : 'text-felt-500'}`} data-testid="session-net">
          {signedMoney(session.net, session.currency)}
        </dd>
      </div>
    </dl>
  );
}
