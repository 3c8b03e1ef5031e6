// The crypto screen's lists (docs/decisions/0109, 0123): on-chain withdrawals with the signer's transactions and
// confirmations, and on-chain deposits with their transactions, confirmations, quotes, statuses and reorg flags.
import { createColumnHelper, getCoreRowModel, getSortedRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminChainDeposit, AdminChainWithdrawal } from '../../../../contract/chain.ts';
import { type ChainDepositStatus, chainPayoutProgress } from '../../../../contract/chain.rules.ts';
import { SortableTable, useListLoading } from '../admin-list.tsx';
import type { Loaded } from '../api.ts';
import { useShownParams } from '../use-shown-params.ts';
import { Badge, ChoiceGroup, dateTime, money, Notice, PlayerLink } from '../ui.tsx';

const STATUS_TONES: Record<ChainDepositStatus, 'neutral' | 'good' | 'bad' | 'warn'> = { seen: 'neutral', confirmed: 'warn', credited: 'good', dropped: 'bad' };
const STATUS_WORDS: Record<ChainDepositStatus, string> = { seen: 'Seen', confirmed: 'Confirmed, waiting', credited: 'Credited', dropped: 'Dropped' };
export type DepositFilter = 'all' | ChainDepositStatus | 'reorged';
const FILTERS: { value: DepositFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'seen', label: 'Seen' },
  { value: 'confirmed', label: 'Waiting' },
  { value: 'credited', label: 'Credited' },
  { value: 'dropped', label: 'Dropped' },
  { value: 'reorged', label: 'Reorged' },
];
/** The deposits filter the address names (`?deposits=`), all of them when it names none or another. */
export const depositFilterOf = (value: string | null): DepositFilter => FILTERS.find((filter) => filter.value === value)?.value ?? 'all';
/** The deposits API's query for a filter. */
export const depositsQuery = (filter: DepositFilter): '' | `?${string}` =>
  filter === 'all' ? '' : filter === 'reorged' ? '?reorged=true' : `?status=${filter}`;
export const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

const column = createColumnHelper<AdminChainDeposit>();

/** The on-chain deposits the screen's loader read for the filter in the address (`?deposits=`), sortable. */
export function Deposits({ loaded }: { loaded: Loaded<AdminChainDeposit[]> }) {
  const [, setSearchParams] = useSearchParams();
  const filter = depositFilterOf(useShownParams().get('deposits'));
  const busy = useListLoading();
  const data = loaded.error === null ? loaded.data : null;
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
        <ChoiceGroup
          label="Show"
          value={filter}
          choices={FILTERS}
          onChoose={(value) => setSearchParams(value === 'all' ? {} : { deposits: value }, { preventScrollReset: true })}
        />
      </div>
      {loaded.error !== null ? <Notice tone="error">{loaded.error}</Notice> : null}
      {data && data.length === 0 ? <Notice>No on-chain deposits here.</Notice> : null}
      {data && data.length > 0 ? (
        <div className={`transition-opacity ${busy ? 'opacity-60' : ''}`} aria-busy={busy || undefined}>
          <SortableTable
            table={table}
            caption="On-chain deposits"
            minWidth="min-w-[60rem]"
            rowProps={(row) => ({ 'data-testid': 'chain-deposit-row', 'data-status': row.original.status })}
          />
        </div>
      ) : null}
    </section>
  );
}

const withdrawalColumn = createColumnHelper<AdminChainWithdrawal>();
const PAYOUT_TONES = { signed: 'neutral', broadcast: 'warn', confirmed: 'good', failed: 'bad' } as const;

/** The on-chain withdrawals with the signer's payouts, sortable. */
export function Withdrawals({ loaded }: { loaded: Loaded<AdminChainWithdrawal[]> }) {
  const data = loaded.error === null ? loaded.data : null;
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
      {loaded.error !== null ? <Notice tone="error">{loaded.error}</Notice> : null}
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
