// The player page's game rounds (issue 18): the latest rounds with their fairness data, each with a link to the
// public verifier filled in with it.
import type { PlayerDetail } from '../../../contract/operators.ts';
import { Card } from '../../components/ui/card.tsx';
import { Badge, dateTime, money } from './ui.tsx';

/** The public verifier, filled with the round's data (and its server seed once revealed) so one click checks it. */
export function verifyLink(round: PlayerDetail['rounds'][number]): string {
  const params = new URLSearchParams({
    game: round.engine,
    client_seed: round.fairness.client_seed,
    nonce: String(round.fairness.nonce),
    hash: round.fairness.server_seed_hash,
    request: JSON.stringify(round.request),
  });
  if (Array.isArray(round.outcome.moves)) params.set('moves', round.outcome.moves.map(String).join(', '));
  if (round.fairness.server_seed) params.set('server_seed', round.fairness.server_seed);
  return `/fairness?${params}`;
}

const short = (text: string) => (text.length > 16 ? `${text.slice(0, 8)}…${text.slice(-6)}` : text);

export function RoundsSection({ rounds }: { rounds: PlayerDetail['rounds'] }) {
  return (
    <Card title="Game rounds" action={<span className="text-xs text-mist-400">latest {rounds.length} of up to 50</span>}>
      {rounds.length === 0 ? (
        <p className="text-sm text-mist-400">No rounds played.</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[52rem] text-sm">
            <caption className="sr-only">Game rounds</caption>
            <thead className="text-left text-xs text-mist-400">
              <tr>
                <th className="py-2 pr-3 font-medium">Time</th>
                <th className="py-2 pr-3 font-medium">Game</th>
                <th className="py-2 pr-3 text-right font-medium">Stake</th>
                <th className="py-2 pr-3 text-right font-medium">Win</th>
                <th className="py-2 pr-3 font-medium">Server seed</th>
                <th className="py-2 pr-3 font-medium">Client seed · nonce</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">Verify</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((round) => (
                <tr key={round.round_id} className="border-t border-night-700" data-testid="round-row">
                  <td className="py-2 pr-3 whitespace-nowrap text-mist-300">{dateTime(round.created_at)}</td>
                  <td className="py-2 pr-3 text-mist-100">
                    {round.game} {round.status === 'open' ? <Badge tone="warn">open</Badge> : null}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(round.stake, round.currency)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(round.win, round.currency)}</td>
                  <td className="py-2 pr-3 font-mono text-xs">
                    {round.fairness.server_seed ? (
                      <span title={round.fairness.server_seed}>
                        <Badge tone="good">revealed</Badge> {short(round.fairness.server_seed)}
                      </span>
                    ) : (
                      <span title={round.fairness.server_seed_hash}>
                        <Badge>hash</Badge> {short(round.fairness.server_seed_hash)}
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-3 font-mono text-xs" title={round.fairness.client_seed}>
                    {short(round.fairness.client_seed)} · {round.fairness.nonce}
                  </td>
                  <td className="py-2 text-right">
                    <a className="whitespace-nowrap text-gold-400 hover:underline" href={verifyLink(round)} target="_blank" rel="noreferrer">
                      Verify<span className="sr-only"> round {round.round_id}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
