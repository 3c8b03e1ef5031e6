import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CrashPlayerBet } from '../../../../contract/crash.ts';
import { callApi } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queries.ts';
import { formatCrashMultiplier as times, formatStake } from './money.ts';

/** What happened to one crash bet, in words. */
export function crashBetSummary(bet: Pick<CrashPlayerBet, 'status' | 'cashout' | 'crash_point'>): string {
  if (bet.status === 'cashed' && bet.cashout !== null)
    return bet.crash_point !== null ? `Cashed out at ${times(bet.cashout)}, crashed at ${times(bet.crash_point)}` : `Cashed out at ${times(bet.cashout)}`;
  if (bet.status === 'refunded') return 'Stake returned: the round was interrupted';
  if (bet.status === 'lost') return bet.crash_point !== null ? `Crashed at ${times(bet.crash_point)}` : 'Lost';
  return 'In play';
}

async function readCrashBets(): Promise<CrashPlayerBet[]> {
  const result = await callApi('GET', '/api/player/crash-bets?per_page=10');
  if (!result.ok) throw new Error(result.message);
  return result.body.data;
}

/**
 * The player's own crash bets, newest first (GET /api/player/crash-bets): asked again whenever `refresh` changes,
 * which the table bumps each time one of the player's bets is settled.
 */
export function CrashBets({ real, refresh }: { real: boolean; refresh: number }) {
  // Each bump is a read of its own; the bets already shown stay until its answer replaces them.
  const { data: bets = null } = useQuery({
    queryKey: [...queryKeys.crashBets, refresh],
    queryFn: readCrashBets,
    enabled: real,
    gcTime: 0,
    placeholderData: keepPreviousData,
  });

  if (!real) return <p className="text-sm text-mist-400">Crash is played for real money: your bets appear here once you play for real.</p>;
  if (bets === null) return <p className="text-sm text-mist-400">Loading your bets…</p>;
  if (bets.length === 0) return <p className="text-sm text-mist-400">Your crash bets appear here.</p>;
  return (
    <ol className="divide-y divide-night-700" aria-label="Your crash bets" data-testid="crash-my-bets">
      {bets.map((bet) => (
        <li key={bet.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm" data-status={bet.status}>
          <time dateTime={bet.created_at} className="w-12 shrink-0 text-xs text-mist-400">
            {new Date(bet.created_at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}
          </time>
          <span className="min-w-[9rem] flex-1 text-mist-100">
            <span className="text-mist-400">Round #{bet.game_id}:</span> {crashBetSummary(bet)}
          </span>
          <span className="text-mist-300">
            {formatStake(bet.stake, bet.currency)} →{' '}
            <span className={bet.win > 0 ? 'font-semibold text-gold-300' : ''}>{formatStake(bet.win, bet.currency)}</span>
          </span>
          {bet.crash_point !== null ? (
            <Link to={`/fairness?crash=${bet.game_id}`} className="text-xs font-semibold text-gold-300 underline underline-offset-2 hover:text-gold-400">
              Verify
            </Link>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
