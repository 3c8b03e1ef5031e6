import { Link } from 'react-router';
import type { GameRound } from '../rounds.ts';
import { formatStake } from './money.ts';
import { roundSummary, verifyHref } from './round-summary.ts';

export function RecentRounds({ rounds, mode }: { rounds: GameRound[]; mode: 'real' | 'demo' }) {
  if (rounds.length === 0) {
    return <p className="text-sm text-mist-400">{mode === 'demo' ? 'Your demo rounds of this visit appear here.' : 'Your rounds of this game appear here.'}</p>;
  }
  return (
    <ol className="divide-y divide-night-700" aria-label="Recent rounds">
      {rounds.map((round) => (
        <li key={round.round_id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm" data-testid="recent-round">
          <time dateTime={round.created_at} className="w-12 shrink-0 text-xs text-mist-400">
            {new Date(round.created_at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}
          </time>
          <span className="min-w-[9rem] flex-1 text-mist-100">{roundSummary(round)}</span>
          <span className="text-mist-300">
            {formatStake(round.stake, round.currency)} →{' '}
            <span className={round.win > 0 ? 'font-semibold text-gold-300' : ''}>{formatStake(round.win, round.currency)}</span>
          </span>
          <Link to={verifyHref(round)} className="text-xs font-semibold text-gold-300 underline underline-offset-2 hover:text-gold-400">
            Verify
          </Link>
        </li>
      ))}
    </ol>
  );
}
