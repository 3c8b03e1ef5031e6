import { createColumnHelper, getCoreRowModel, getSortedRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import type { AdminChainDeposit, AdminChainWithdrawal, ChainRates, HotWallet } from '../../../contract/chain.ts';
import { type ChainDepositStatus, chainName, chainPayoutProgress } from '../../../contract/chain.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { adminApi, useAdminData } from '../../features/admin/api.ts';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { SortableTable } from '../../features/admin/admin-list.tsx';
import { AdminHeading, Badge, ChoiceGroup, dateTime, Loading, money, Notice, PlayerLink } from '../../features/admin/ui.tsx';

// The crypto rail's back office (docs/decisions/0109, 0123): the rates on-chain deposits are credited at (stale ones stop
// crediting), the hot wallet's balances and sweeping, on-chain withdrawals with the signer's transactions and
// confirmations, and the on-chain deposits with their transactions, confirmations, quotes, statuses and reorg flags.

const STATUS_TONES: Record<ChainDepositStatus, 'neutral' | 'good' | 'bad' | 'warn'> = { seen: 'neutral', confirmed: 'warn', credited: 'good', dropped: 'bad' };
const STATUS_WORDS: Record<ChainDepositStatus, string> = { seen: 'Seen', confirmed: 'Confirmed, waiting', credited: 'Credited', dropped: 'Dropped' };
type Filter = 'all' | ChainDepositStatus | 'reorged';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'seen', label: 'Seen' },
  { value: 'confirmed', label: 'Waiting' },
  { value: 'credited', label: 'Credited' },
  { value: 'dropped', label: 'Dropped' },
  { value: 'reorged', label: 'Reorged' },
];
const filterQuery = (filter: Filter) => (filter === 'all' ? '' : filter === 'reorged' ? '?reorged=true' : `?status=${filter}`);
const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

function RateForm({ rates, onSaved }: { rates: ChainRates; onSaved: (rates: ChainRates) => void }) {
  const [token, setToken] = useState(rates.tokens[0] ?? '');
  const [rate, setRate] = useState('');
  const [minutes, setMinutes] = useState('60');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setSaved(null);
    const maxAge = Number(minutes) * 60;
    const result = await adminApi<{ data: ChainRates }>('PUT', '/api/admin/chain/rates', {
      token,
      rate: rate.trim(),
      max_age_seconds: Number.isInteger(maxAge) ? maxAge : 0,
      reason,
    });
    setBusy(false);
    if (!result.ok) {
      const fields = Object.fromEntries(Object.entries(result.errors ?? {}).map(([field, messages]) => [field, messages[0] ?? '']));
      setErrors(Object.keys(fields).length ? fields : { form: result.message });
      return;
    }
    setErrors({});
    setRate('');
    setReason('');
    setSaved(`The ${token} rate is set.`);
    onSaved(result.body.data);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4 rounded-card border border-night-700 bg-night-850 p-4 sm:grid-cols-2" noValidate>
      <SelectField
        label="Coin"
        value={token}
        onChange={(event) => setToken(event.target.value)}
        options={rates.tokens.map((symbol) => ({ value: symbol, label: symbol }))}
      />
      <TextField
        label={`Rate (${rates.currency} per coin)`}
        inputMode="decimal"
        placeholder="0.92"
        value={rate}
        onChange={(event) => setRate(event.target.value)}
        error={errors.rate ?? errors.token}
      />
      <TextField
        label="Good for (minutes)"
        inputMode="numeric"
        value={minutes}
        onChange={(event) => setMinutes(event.target.value)}
        error={errors.max_age_seconds}
        hint="After this, deposits in this coin wait until a new rate is set."
      />
      <TextField label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} error={errors.reason} />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          Set rate
        </Button>
        {saved ? (
          <span role="status" className="text-sm text-emerald-400">
            {saved}
          </span>
        ) : null}
        {errors.form ? (
          <span role="alert" className="text-sm text-ruby-500">
            {errors.form}
          </span>
        ) : null}
      </div>
    </form>
  );
}

function Rates() {
  const me = useStaff();
  const { data, error } = useAdminData<ChainRates>('/api/admin/chain/rates');
  const [latest, setLatest] = useState<ChainRates | null>(null);
  const rates = latest ?? data;
  if (error) return <Notice tone="error">{error}</Notice>;
  if (!rates) return <Loading />;
  return (
    <section aria-labelledby="crypto-rates" className="space-y-4">
      <div>
        <h2 id="crypto-rates" className="text-lg font-semibold text-mist-100">
          Rates
        </h2>
        <p className="text-sm text-mist-400">
          {chainName(rates.chain_id)} · deposits are credited after {rates.confirmations} confirmations at the rate below, in {rates.currency}. A missing or
          stale rate stops crediting; nothing is guessed.
        </p>
      </div>
      <div className="overflow-x-auto rounded-card border border-night-700">
        <table className="w-full min-w-[32rem] text-sm">
          <caption className="sr-only">Rates</caption>
          <thead className="bg-night-800 text-mist-400">
            <tr>
              {['Coin', 'Rate', 'Good for', 'Set at', 'State'].map((heading) => (
                <th key={heading} scope="col" className="px-4 py-2.5 text-left font-medium">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rates.tokens.map((token) => {
              const row = rates.rates.find((candidate) => candidate.token === token && candidate.currency === rates.currency);
              return (
                <tr key={token} className="border-t border-night-700" data-testid={`rate-${token}`}>
                  <td className="px-4 py-2.5 font-medium text-mist-100">{token}</td>
                  <td className="px-4 py-2.5 tabular-nums text-mist-200">{row ? `${row.rate} ${row.currency}` : '—'}</td>
                  <td className="px-4 py-2.5 text-mist-300">{row ? `${Math.round(row.max_age_seconds / 60)} min` : '—'}</td>
                  <td className="px-4 py-2.5 text-mist-300">{row ? dateTime(row.set_at) : '—'}</td>
                  <td className="px-4 py-2.5">
                    {!row ? <Badge tone="bad">No rate</Badge> : row.stale ? <Badge tone="bad">Stale</Badge> : <Badge tone="good">Current</Badge>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {hasPermission(me, 'payments.manage') ? <RateForm rates={rates} onSaved={setLatest} /> : null}
    </section>
  );
}

const column = createColumnHelper<AdminChainDeposit>();

function Deposits() {
  const [filter, setFilter] = useState<Filter>('all');
  const { data, error } = useAdminData<AdminChainDeposit[]>(`/api/admin/chain/deposits${filterQuery(filter)}`);
  const [sorting, setSorting] = useState<SortingState>([]);
  const columns = useMemo(
    () => [
      column.accessor('seen_at', { header: 'Seen', cell: (info) => <span className="whitespace-nowrap">{dateTime(info.getValue())}</span> }),
      column.accessor((row) => row.player.name || row.player.email, {
        id: 'player',
        header: 'Player',
        cell: (info) => <PlayerLink id={info.row.original.player.id} name={info.row.original.player.name} email={info.row.original.player.email} />,
      }),
      column.accessor('amount', {
        header: 'Received',
        cell: (info) => (
          <span className="whitespace-nowrap tabular-nums">
            {info.getValue()} {info.row.original.token}
          </span>
        ),
      }),
      column.accessor((row) => row.quote?.amount ?? -1, {
        id: 'quote',
        header: 'Quote',
        cell: (info) => {
          const quote = info.row.original.quote;
          return quote ? (
            <span className="whitespace-nowrap" title={`${quote.rate} ${quote.currency} per ${info.row.original.token}`}>
              {money(quote.amount, quote.currency)} <span className="text-mist-400">@ {quote.rate}</span>
            </span>
          ) : (
            <span className="text-mist-400">{info.row.original.waiting_for === 'rate' ? 'Waiting for a rate' : '—'}</span>
          );
        },
      }),
      column.accessor('confirmations', {
        header: 'Confirmations',
        cell: (info) => `${info.getValue()} of ${info.row.original.required_confirmations}`,
      }),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => (
          <span className="flex flex-wrap gap-1">
            <Badge tone={STATUS_TONES[info.getValue()]}>{STATUS_WORDS[info.getValue()]}</Badge>
            {info.row.original.reorged ? <Badge tone="bad">Reorged</Badge> : null}
          </span>
        ),
      }),
      column.accessor('tx_hash', {
        header: 'Transaction',
        cell: (info) => (
          <span
            className="font-mono text-xs text-mist-300"
            title={`${info.getValue()} (block ${info.row.original.block_number}, to ${info.row.original.address})`}
          >
            {shortHash(info.getValue())}
          </span>
        ),
      }),
    ],
    [],
  );
  const table = useReactTable({
    data: data ?? [],
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  return (
    <section aria-labelledby="crypto-deposits" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="crypto-deposits" className="text-lg font-semibold text-mist-100">
          On-chain deposits
        </h2>
        <ChoiceGroup label="Show" value={filter} choices={FILTERS} onChoose={setFilter} />
      </div>
      {error ? <Notice tone="error">{error}</Notice> : !data ? <Loading /> : null}
      {data && data.length === 0 ? <Notice>No on-chain deposits here.</Notice> : null}
      {data && data.length > 0 ? (
        <SortableTable
          table={table}
          caption="On-chain deposits"
          minWidth="min-w-[60rem]"
          rowProps={(row) => ({ 'data-testid': 'chain-deposit-row', 'data-status': row.original.status })}
        />
      ) : null}
    </section>
  );
}

function SweepForm({ onSwept }: { onSwept: () => void }) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setDone(null);
    const result = await adminApi<{ data: { sent: number } }>('POST', '/api/admin/chain/sweeps', { reason });
    setBusy(false);
    if (!result.ok) {
      const fields = Object.fromEntries(Object.entries(result.errors ?? {}).map(([field, messages]) => [field, messages[0] ?? '']));
      setErrors(Object.keys(fields).length ? fields : { form: result.message });
      return;
    }
    setErrors({});
    setReason('');
    setDone(result.body.data.sent === 0 ? 'Nothing to sweep: the deposit addresses are empty.' : `Sweep sent: ${result.body.data.sent} transactions.`);
    onSwept();
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-3" noValidate>
      <div className="min-w-0 flex-1 basis-64">
        <TextField
          label="Why sweep now"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
          hint="Moves every deposit address's coins into the hot wallet (token sweeps get their gas from the hot wallet)."
        />
      </div>
      <Button type="submit" disabled={busy}>
        Sweep deposit addresses
      </Button>
      {done ? (
        <span role="status" className="basis-full text-sm text-emerald-400">
          {done}
        </span>
      ) : null}
      {errors.form ? (
        <span role="alert" className="basis-full text-sm text-ruby-500">
          {errors.form}
        </span>
      ) : null}
    </form>
  );
}

function HotWalletPanel() {
  const me = useStaff();
  const { data, error, reload } = useAdminData<HotWallet>('/api/admin/chain/hot-wallet');
  if (error) return <Notice tone="error">{error}</Notice>;
  if (!data) return <Loading />;
  return (
    <section aria-labelledby="crypto-hot-wallet" className="space-y-4">
      <div>
        <h2 id="crypto-hot-wallet" className="text-lg font-semibold text-mist-100">
          Hot wallet
        </h2>
        <p className="text-sm text-mist-400">
          {data.signer
            ? 'Withdrawals are paid from this wallet by the signer, a separate process that holds its key; the site holds none.'
            : 'No signer is configured: crypto withdrawals are not offered.'}
        </p>
      </div>
      {data.address ? (
        <div className="space-y-3 rounded-card border border-night-700 bg-night-850 p-4" data-testid="hot-wallet">
          <p className="break-all font-mono text-sm text-mist-200">{data.address}</p>
          <dl className="flex flex-wrap gap-x-8 gap-y-2">
            {data.balances.map((balance) => (
              <div key={balance.token} data-testid={`hot-balance-${balance.token}`}>
                <dt className="text-xs text-mist-400">{balance.token}</dt>
                <dd className="font-display text-xl font-bold tabular-nums text-gold-300">{balance.amount ?? 'Unavailable'}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : data.signer ? (
        <Notice>The signer has not reported yet: its hot wallet appears here once it runs.</Notice>
      ) : null}
      {data.signer && hasPermission(me, 'payments.manage') ? <SweepForm onSwept={() => void reload()} /> : null}
      {data.sweeps.length > 0 ? (
        <ul className="space-y-1 text-sm text-mist-300">
          {data.sweeps.slice(0, 10).map((sweep) => (
            <li key={sweep.tx_hash} className="flex flex-wrap gap-x-3">
              <span className="whitespace-nowrap">{dateTime(sweep.created_at)}</span>
              <span>
                {sweep.kind === 'gas' ? 'Gas top-up' : 'Swept'} {sweep.amount} {sweep.token}
              </span>
              <span className="font-mono text-xs text-mist-400" title={`${sweep.tx_hash} (${sweep.address})`}>
                {shortHash(sweep.tx_hash)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

const withdrawalColumn = createColumnHelper<AdminChainWithdrawal>();
const PAYOUT_TONES = { signed: 'neutral', broadcast: 'warn', confirmed: 'good', failed: 'bad' } as const;

function Withdrawals() {
  const { data, error } = useAdminData<AdminChainWithdrawal[]>('/api/admin/chain/withdrawals');
  const [sorting, setSorting] = useState<SortingState>([]);
  const columns = useMemo(
    () => [
      withdrawalColumn.accessor('created_at', { header: 'Requested', cell: (info) => <span className="whitespace-nowrap">{dateTime(info.getValue())}</span> }),
      withdrawalColumn.accessor((row) => row.player.name || row.player.email, {
        id: 'player',
        header: 'Player',
        cell: (info) => <PlayerLink id={info.row.original.player.id} name={info.row.original.player.name} email={info.row.original.player.email} />,
      }),
      withdrawalColumn.accessor('amount', {
        header: 'Amount',
        cell: (info) => (
          <span className="whitespace-nowrap">
            {money(info.getValue(), info.row.original.currency)}{' '}
            <span className="text-mist-400">
              = {info.row.original.token_amount} {info.row.original.token} @ {info.row.original.rate}
            </span>
          </span>
        ),
      }),
      withdrawalColumn.accessor('address', {
        header: 'To',
        cell: (info) => (
          <span className="font-mono text-xs text-mist-300" title={info.getValue()}>
            {shortHash(info.getValue())}
          </span>
        ),
      }),
      withdrawalColumn.accessor((row) => row.payout?.status ?? row.status, {
        id: 'status',
        header: 'Status',
        cell: (info) => {
          const row = info.row.original;
          if (row.status === 'pending') return <Badge tone="neutral">Waiting for approval</Badge>;
          if (row.status === 'rejected') return <Badge tone="bad">Rejected</Badge>;
          return <Badge tone={row.payout ? PAYOUT_TONES[row.payout.status] : 'warn'}>{chainPayoutProgress(row.payout, row.required_confirmations)}</Badge>;
        },
      }),
      withdrawalColumn.accessor((row) => row.payout?.tx_hash ?? '', {
        id: 'tx',
        header: 'Transaction',
        cell: (info) => {
          const payout = info.row.original.payout;
          return payout ? (
            <span className="font-mono text-xs text-mist-300" title={`${payout.tx_hash} (nonce ${payout.nonce}${payout.failure ? `, ${payout.failure}` : ''})`}>
              {shortHash(payout.tx_hash)}
            </span>
          ) : (
            <span className="text-mist-400">—</span>
          );
        },
      }),
    ],
    [],
  );
  const table = useReactTable({
    data: data ?? [],
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  return (
    <section aria-labelledby="crypto-withdrawals" className="space-y-4">
      <div>
        <h2 id="crypto-withdrawals" className="text-lg font-semibold text-mist-100">
          On-chain withdrawals
        </h2>
        <p className="text-sm text-mist-400">Approve them in Withdrawals; the signer then sends them and follows them to their confirmations.</p>
      </div>
      {error ? <Notice tone="error">{error}</Notice> : !data ? <Loading /> : null}
      {data && data.length === 0 ? <Notice>No on-chain withdrawals yet.</Notice> : null}
      {data && data.length > 0 ? (
        <SortableTable
          table={table}
          caption="On-chain withdrawals"
          minWidth="min-w-[56rem]"
          rowProps={(row) => ({ 'data-testid': 'chain-withdrawal-row', 'data-status': row.original.payout?.status ?? row.original.status })}
        />
      ) : null}
    </section>
  );
}

export default function AdminCryptoScreen() {
  return (
    <div className="space-y-10">
      <AdminHeading title="Crypto" />
      <Rates />
      <HotWalletPanel />
      <Withdrawals />
      <Deposits />
    </div>
  );
}
