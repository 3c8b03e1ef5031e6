import { Link } from 'react-router';
import type { PlayClosed } from '../../contract/play-closed.ts';

/**
 * Said instead of a deposit form or a Claim button while the player may not deposit or claim (a time-out, a
 * self-exclusion, a blocked account), with when it ends and where to go (issue 34 §2, decision 0118).
 */
export function ClosedNotice({ closed, what }: { closed: PlayClosed; what: string }) {
  return (
    <section
      aria-label={`Why you cannot ${what}`}
      data-testid="play-closed"
      className="space-y-3 rounded-xl border border-ruby-500/60 bg-ruby-500/10 p-5 text-mist-100"
    >
      <h2 className="font-display text-lg font-bold">You cannot {what} right now</h2>
      <p className="text-sm text-mist-200">{closed.message}</p>
      <div className="flex flex-wrap gap-3 text-sm">
        {closed.kind === 'excluded' ? (
          <Link to="/account/limit" className="btn btn-ghost">
            See your limits and break
          </Link>
        ) : null}
        <Link to="/account/wallet" className="btn btn-ghost">
          Your wallet
        </Link>
      </div>
    </section>
  );
}
