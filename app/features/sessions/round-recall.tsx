import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMoney } from '../../../contract/money.ts';
import type { Recall, RecalledRound } from '../../../contract/signins.ts';
import { EmptyState, Skeleton } from '../../components/ui/card.tsx';
import { callApi } from '../../lib/api.ts';
import { queryKeys } from '../../lib/queries.ts';
import { netMoney, sessionTime } from './format.ts';

// Game-round recall (issue 33 §7, GLI-19 §4.16, AGCO; docs/decisions/0113): the last game and the nine before it,
// each opening onto its steps, and the net result of each recent session. A tab of /account/transaction.

const netTone = (net: number) => (net > 0 ? 'text-felt-400' : net < 0 ? 'text-ruby-400' : 'text-mist-300');

function RoundItem({ round, open }: { round: RecalledRound; open: boolean }) {
  const net = round.win - round.stake;
  return (
    <li className="rounded-card border border-night-700 bg-night-850" data-testid="recalled-round">
      <details open={open} className="group">
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-4 gap-y-1 p-4 [&::-webkit-details-marker]:hidden">
          <span className="min-w-0 basis-full sm:basis-auto sm:flex-1">
            <span className="block font-medium text-mist-100">{round.game_name}</span>
            <span className="block whitespace-nowrap text-xs text-mist-400">{sessionTime(round.played_at)}</span>
          </span>
          <span className="flex-1 whitespace-nowrap text-sm text-mist-300 tabular-nums sm:flex-none">Stake {formatMoney(round.stake, round.currency)}</span>
          <span className={`w-24 whitespace-nowrap text-right text-sm font-semibold tabular-nums ${netTone(net)}`}>
            {round.status === 'open' ? 'In play' : netMoney(net, round.currency)}
          </span>
          <span aria-hidden="true" className="text-mist-400 transition-transform group-open:rotate-180">
            ▾
          </span>
        </summary>
        <div className="border-t border-night-700 px-4 py-3">
          <ol className="space-y-1.5 text-sm">
            {round.steps.map((step, i) => (
              <li key={`${i}-${step.text}`} className="flex justify-between gap-4">
                <span className="text-mist-100">
                  <span className="mr-2 text-xs text-mist-400 tabular-nums">{i + 1}.</span>
                  {step.text}
                </span>
                {step.amount !== null && i < round.steps.length - 1 ? (
                  <span className="shrink-0 text-mist-300 tabular-nums">{formatMoney(step.amount, round.currency)}</span>
                ) : null}
              </li>
            ))}
          </ol>
          {round.provider_round ? <p className="mt-2 break-all text-xs text-mist-400">Provider round {round.provider_round}</p> : null}
          {round.source === 'game' ? <p className="mt-2 break-all text-xs text-mist-400">Round {round.id}</p> : null}
        </div>
      </details>
    </li>
  );
}

function Sessions({ sessions }: { sessions: Recall['sessions'] }) {
  if (sessions.length === 0) return <p className="text-sm text-mist-400">No sessions yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Your recent sessions and their net results</caption>
        <thead className="text-left text-xs text-mist-400">
          <tr>
            <th className="py-2 pr-3 font-medium">Signed in</th>
            <th className="hidden py-2 pr-3 font-medium sm:table-cell">Until</th>
            <th className="py-2 pr-3 text-right font-medium">Staked</th>
            <th className="hidden py-2 pr-3 text-right font-medium sm:table-cell">Won</th>
            <th className="py-2 text-right font-medium">Net</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={session.signed_in_at} className="border-t border-night-700" data-testid="session-row">
              <td className="py-2 pr-3 text-mist-100">
                {sessionTime(session.signed_in_at)}
                {session.ended_at ? null : <span className="block text-xs text-mist-400 sm:hidden">in progress</span>}
              </td>
              <td className="hidden py-2 pr-3 whitespace-nowrap text-mist-300 sm:table-cell">{session.ended_at ? sessionTime(session.ended_at) : 'Now'}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatMoney(session.stakes, session.currency)}</td>
              <td className="hidden py-2 pr-3 text-right tabular-nums sm:table-cell">{formatMoney(session.wins, session.currency)}</td>
              <td className={`py-2 text-right font-semibold tabular-nums ${netTone(session.net)}`}>{netMoney(session.net, session.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

async function readRecall() {
  const result = await callApi('GET', '/api/player/recall');
  if (!result.ok) throw new Error(result.message);
  return result.body.data;
}

export function RoundRecall() {
  // Read afresh each time the tab opens: a game played since has joined the list.
  const { data: recall = null, isError: failed } = useQuery({ queryKey: queryKeys.recall, queryFn: readRecall, refetchOnMount: 'always', gcTime: 0 });
  if (failed) return <p className="text-sm text-ruby-400">Your game history could not be loaded. Please reload the page.</p>;
  if (!recall)
    return (
      <div className="space-y-2" aria-busy="true">
        <p className="sr-only">Loading your games</p>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  return (
    <div className="space-y-8">
      <section aria-labelledby="recall-rounds" className="space-y-3">
        <h2 id="recall-rounds" className="text-lg font-semibold text-mist-100">
          Your last {recall.rounds.length === 1 ? 'game' : `${recall.rounds.length} games`}
        </h2>
        {recall.rounds.length === 0 ? (
          <EmptyState
            title="No games yet"
            text="Your last game and the nine before it will show here, step by step."
            action={
              <Link to="/" className="btn btn-primary">
                Find a game
              </Link>
            }
          />
        ) : (
          <ol className="space-y-2">
            {recall.rounds.map((round, i) => (
              <RoundItem key={round.id} round={round} open={i === 0} />
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="recall-sessions" className="space-y-3">
        <h2 id="recall-sessions" className="text-lg font-semibold text-mist-100">
          Your sessions
        </h2>
        <p className="text-sm text-mist-400">What you staked and won in each session, from sign-in to sign-out.</p>
        <Sessions sessions={recall.sessions} />
      </section>
    </div>
  );
}
