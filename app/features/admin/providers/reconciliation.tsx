import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ProviderRound, ProviderTransaction, Reconciliation } from '../../../../contract/providers.ts';
import { DEFAULT_OPEN_MINUTES, PROVIDER_TX_STATES, type ProviderTxState } from '../../../../contract/providers.rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { FilterForm, useListLoading } from '../admin-list.tsx';
import { downloadCsv, type Loaded } from '../api.ts';
import { Badge, dateTime, money, Notice, PlayerLink, Stat } from '../ui.tsx';

const STATE_LABEL: Record<ProviderTxState, string> = { accepted: 'Accepted', refused: 'Refused', rolled_back: 'Rolled back' };
const STATE_TONE: Record<ProviderTxState, 'good' | 'bad' | 'warn'> = { accepted: 'good', refused: 'bad', rolled_back: 'warn' };

/**
 * The API's query for the reconciliation the address asks for (`day`, `status`, `round`, `open_minutes`): today and
 * the default open time when it names none, or none that makes sense.
 */
export function reconciliationQuery(params: URLSearchParams): URLSearchParams {
  const day = params.get('day');
  const status = PROVIDER_TX_STATES.find((state) => state === params.get('status'));
  const round = params.get('round')?.trim();
  const minutes = params.get('open_minutes') ?? '';
  return new URLSearchParams({
    day: day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : new Date().toISOString().slice(0, 10),
    open_minutes: /^[1-9]\d{0,4}$/.test(minutes) ? minutes : String(DEFAULT_OPEN_MINUTES),
    ...(status ? { status } : {}),
    ...(round ? { round } : {}),
  });
}

function Rounds({ rounds, currency, caption }: { rounds: ProviderRound[]; currency: string; caption: string }) {
  return (
    <div className="relative overflow-x-auto rounded-card border border-night-700">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-night-800 text-left text-mist-400">
          <tr>
            <th className="px-4 py-2 font-medium">Round</th>
            <th className="px-4 py-2 font-medium">Player</th>
            <th className="px-4 py-2 font-medium">Game</th>
            <th className="px-4 py-2 text-right font-medium">Stake</th>
            <th className="px-4 py-2 text-right font-medium">Win</th>
            <th className="px-4 py-2 font-medium">Last transaction</th>
          </tr>
        </thead>
        <tbody>
          {rounds.map((round) => (
            <tr key={`${round.player_id}:${round.round}`} className="border-t border-night-700">
              <td className="max-w-[14rem] truncate px-4 py-2 font-mono text-xs text-mist-300" title={round.round}>
                {round.round}
              </td>
              <td className="px-4 py-2">
                <PlayerLink id={round.player_id} name={round.player_name} email={round.player_email} />
              </td>
              <td className="px-4 py-2 font-mono text-xs text-mist-300">{round.game_code}</td>
              <td className="px-4 py-2 text-right tabular-nums">{money(round.stake, currency)}</td>
              <td className="px-4 py-2 text-right tabular-nums">{money(round.win, currency)}</td>
              <td className="px-4 py-2 text-mist-300">
                {dateTime(round.updated_at)} {round.status === 'open' ? <Badge tone="warn">open</Badge> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Transactions({ rows }: { rows: ProviderTransaction[] }) {
  return (
    <div className="relative overflow-x-auto rounded-card border border-night-700">
      <table className="w-full min-w-[52rem] text-sm">
        <caption className="sr-only">Provider transactions</caption>
        <thead className="bg-night-800 text-left text-mist-400">
          <tr>
            <th className="px-4 py-2 font-medium">Time (UTC)</th>
            <th className="px-4 py-2 font-medium">Kind</th>
            <th className="px-4 py-2 font-medium">Status</th>
            <th className="px-4 py-2 font-medium">Player</th>
            <th className="px-4 py-2 font-medium">Round</th>
            <th className="px-4 py-2 font-medium">Game</th>
            <th className="px-4 py-2 text-right font-medium">Amount</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.transaction_uuid} className="border-t border-night-700">
              <td className="whitespace-nowrap px-4 py-2 tabular-nums text-mist-300">{row.at.replace('T', ' ').slice(0, 19)}</td>
              <td className="px-4 py-2 capitalize">
                {row.kind}
                {row.free ? <span className="ml-1 text-xs text-gold-400">free</span> : null}
              </td>
              <td className="px-4 py-2">
                <Badge tone={STATE_TONE[row.state]}>{STATE_LABEL[row.state]}</Badge>
                {row.response && row.response !== 'ok' ? <span className="ml-1 text-xs text-mist-400">{row.response.replaceAll('_', ' ')}</span> : null}
              </td>
              <td className="px-4 py-2">
                <PlayerLink id={row.player_id} name={row.player_name} email={row.player_email} />
              </td>
              <td className="max-w-[12rem] truncate px-4 py-2 font-mono text-xs text-mist-300" title={row.round ?? ''}>
                {row.round ?? '—'}
              </td>
              <td className="px-4 py-2 text-mist-300">{row.game_name ?? row.game_code ?? '—'}</td>
              <td className="px-4 py-2 text-right tabular-nums">{money(row.amount, row.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <p className="px-4 py-6 text-center text-mist-400">No transactions match.</p> : null}
    </div>
  );
}

/** One UTC day of Hub88's transactions, by round and status, the rounds left open, and the day as CSV. */
export function ProviderReconciliation({ reconciliation: { data, error } }: { reconciliation: Loaded<Reconciliation> }) {
  const [params] = useSearchParams();
  const query = reconciliationQuery(params);
  const day = query.get('day') ?? '';
  const loading = useListLoading();
  const [exportFailed, setExportFailed] = useState(false);

  return (
    <section className="space-y-4" aria-labelledby="reconciliation">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reconciliation" className="text-lg font-semibold text-mist-100">
          Reconciliation
        </h2>
        <Button
          variant="ghost"
          onClick={async () => setExportFailed(!(await downloadCsv(`/api/admin/providers/reconciliation/export?${query}`, `provider-transactions-${day}.csv`)))}
        >
          Download CSV
        </Button>
      </div>
      <FilterForm
        label="Reconciliation filters"
        defaults={{ day, open_minutes: query.get('open_minutes') ?? '' }}
        className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5"
      >
        <TextField label="Day (UTC)" name="day" type="date" defaultValue={day} required />
        <SelectField
          label="Status"
          name="status"
          defaultValue={query.get('status') ?? ''}
          placeholder="Any status"
          options={PROVIDER_TX_STATES.map((state) => ({ value: state, label: STATE_LABEL[state] }))}
        />
        <TextField label="Round" name="round" defaultValue={query.get('round') ?? ''} placeholder="Any round" />
        <TextField label="Open after (minutes)" name="open_minutes" inputMode="numeric" defaultValue={query.get('open_minutes') ?? ''} />
        <Button type="submit" busy={loading}>
          Show
        </Button>
      </FilterForm>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {exportFailed ? <Notice tone="error">The CSV could not be downloaded. Please try again.</Notice> : null}
      {!data ? null : (
        <>
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            <Stat
              label="Transactions"
              value={data.totals.transactions}
              hint={`${data.totals.bets} bets, ${data.totals.wins} wins, ${data.totals.rollbacks} rollbacks`}
            />
            <Stat label="Refused" value={data.totals.refused} />
            <Stat label="Stakes / paid" value={`${money(data.totals.stakes, data.currency)} / ${money(data.totals.paid, data.currency)}`} />
            <Stat label="GGR" value={money(data.totals.ggr, data.currency)} />
          </div>
          <h3 className="pt-2 font-semibold text-mist-100">
            Rounds left open{' '}
            <span className="font-normal text-mist-400">
              (a bet with no win or rollback for {data.open_minutes} {data.open_minutes === 1 ? 'minute' : 'minutes'})
            </span>
          </h3>
          {data.open_rounds.length === 0 ? (
            <Notice tone="success">No round is left open.</Notice>
          ) : (
            <Rounds rounds={data.open_rounds} currency={data.currency} caption="Rounds left open" />
          )}
          <h3 className="pt-2 font-semibold text-mist-100">
            Rounds of {data.day} <span className="font-normal text-mist-400">({data.rounds.length})</span>
          </h3>
          {data.rounds.length === 0 ? (
            <Notice>No rounds on this day.</Notice>
          ) : (
            <Rounds rounds={data.rounds} currency={data.currency} caption="The day's rounds" />
          )}
          <h3 className="pt-2 font-semibold text-mist-100">
            Transactions{' '}
            <span className="font-normal text-mist-400">
              ({data.transactions.length}
              {data.truncated ? ', the first 1,000' : ''})
            </span>
          </h3>
          <Transactions rows={data.transactions} />
        </>
      )}
    </section>
  );
}
