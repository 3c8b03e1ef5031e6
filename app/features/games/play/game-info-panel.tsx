import type { GameDetail } from '../../../../contract/games.ts';
import { formatMoney } from '../../../../contract/money.ts';
import { SlotSymbol } from './slot-symbol.tsx';

const VOLATILITY = { low: 'Low', medium: 'Medium', high: 'High' } as const;

/** Rules, paytable, RTP, volatility and limits, from the game's own maths (GET /api/games/{slug}). */
export function GameInfoPanel({ game, currency }: { game: GameDetail; currency: string }) {
  const { info, limits } = game;
  const money = (minor: number) => formatMoney(minor, currency === 'FUN' ? 'EUR' : currency, { cents: true });
  const facts: [string, string][] = [
    ['RTP', `${info.rtp.toFixed(2)}%`],
    ['Volatility', VOLATILITY[info.volatility]],
    [info.kind === 'roulette' ? 'Bets' : 'Stake', `${money(limits.min_stake)} – ${money(limits.max_stake)}`],
  ];
  if (info.kind === 'slot') facts.push(['Lines', String(info.lines)], ['Hit frequency', `${info.hit_frequency.toFixed(2)}%`]);
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term} className="rounded-lg bg-night-800 px-3 py-2">
            <dt className="text-xs text-mist-400">{term}</dt>
            <dd className="font-semibold text-mist-100">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-mist-400">{info.rtp_source}</p>
      <div>
        <h3 className="mb-1 font-semibold text-mist-100">Rules</h3>
        <ul className="list-disc space-y-1 pl-5 text-mist-300">
          {info.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="mb-1 font-semibold text-mist-100">Paytable</h3>
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            {info.kind === 'roulette' ? (
              <>
                <thead className="text-xs text-mist-400">
                  <tr>
                    <th className="py-1 pr-2">Bet</th>
                    <th className="py-1 pr-2">Covers</th>
                    <th className="py-1">Pays</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-night-700 text-mist-300">
                  {info.paytable.map((row) => (
                    <tr key={row.type}>
                      <td className="py-1 pr-2 text-mist-100">{row.bet}</td>
                      <td className="py-1 pr-2">{row.covers}</td>
                      <td className="py-1">{row.payout}</td>
                    </tr>
                  ))}
                  {Object.keys(limits.bet_limits).length ? (
                    <tr>
                      <td colSpan={3} className="pt-2 text-xs text-mist-400">
                        Most on one position:{' '}
                        {Object.entries(limits.bet_limits)
                          .map(([type, limit]) => `${type} ${money(limit)}`)
                          .join(', ')}
                        .
                      </td>
                    </tr>
                  ) : null}
                </tbody>
              </>
            ) : info.kind === 'slot' ? (
              <>
                <thead className="text-xs text-mist-400">
                  <tr>
                    <th className="py-1 pr-2">Symbol</th>
                    <th className="py-1 pr-2">×3</th>
                    <th className="py-1 pr-2">×4</th>
                    <th className="py-1">×5</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-night-700 text-mist-300">
                  {info.paytable.map((row, i) => (
                    <tr key={row.symbol}>
                      <td className="flex items-center gap-2 py-1 pr-2 text-mist-100">
                        <span className="h-7 w-7 shrink-0">
                          <SlotSymbol art={row} index={info.paytable.slice(0, i).filter((other) => other.kind === 'pay').length} />
                        </span>
                        <span>
                          {row.name}
                          {row.kind !== 'pay' ? <span className="ml-1 text-xs text-gold-300">{row.kind}</span> : null}
                        </span>
                      </td>
                      <td className="py-1 pr-2">{row.pays[3]}</td>
                      <td className="py-1 pr-2">{row.pays[4]}</td>
                      <td className="py-1">{row.pays[5]}</td>
                    </tr>
                  ))}
                  <tr>
                    <td colSpan={4} className="pt-2 text-xs text-mist-400">
                      Pays are multiples of the line bet; the scatter's of the total stake. {info.free_spins.award} free spins at ×{info.free_spins.multiplier},
                      at most {info.free_spins.max_per_round} a round, about 1 round in {info.free_spins.trigger_one_in}.
                    </td>
                  </tr>
                </tbody>
              </>
            ) : info.kind !== 'blackjack' ? (
              <>
                <thead className="text-xs text-mist-400">
                  <tr>
                    <th className="py-1 pr-2">Play</th>
                    <th className="py-1">Pays</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-night-700 text-mist-300">
                  {info.paytable.map((row) => (
                    <tr key={row.label}>
                      <td className="py-1 pr-2 text-mist-100">{row.label}</td>
                      <td className="py-1 tabular-nums">{row.value}</td>
                    </tr>
                  ))}
                </tbody>
              </>
            ) : (
              <>
                <thead className="text-xs text-mist-400">
                  <tr>
                    <th className="py-1 pr-2">Hand</th>
                    <th className="py-1">Pays</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-night-700 text-mist-300">
                  {info.paytable.map((row) => (
                    <tr key={row.hand}>
                      <td className="py-1 pr-2 text-mist-100">{row.hand}</td>
                      <td className="py-1">{row.payout}</td>
                    </tr>
                  ))}
                </tbody>
              </>
            )}
          </table>
        </div>
      </div>
    </div>
  );
}
