import { createColumnHelper, getCoreRowModel, getSortedRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { type FormEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AdminPayment, AdminPaymentDetail, PaymentHistoryEvent } from '../../../contract/payments-admin.ts';
import { PAYMENT_KINDS, PAYMENT_STATUSES, type PaymentEventKind, type PaymentStatus } from '../../../contract/payments-admin.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { adminApi } from '../../features/admin/api.ts';
import { type Outcome, ReasonDialog } from '../../features/admin/reason-dialog.tsx';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { SortableTable } from '../../features/admin/sortable-table.tsx';
import { AdminHeading, Badge, dateTime, Loading, money, Notice } from '../../features/admin/ui.tsx';

// The Payments screen (docs/decisions/0104, issue 32): find a deposit or a withdrawal by player, reference,
// status, method and day; read its whole history from the provider's notifications and staff's actions; refund or
// record a chargeback with a reason.

type Page = { data: AdminPayment[]; meta: { current_page: number; last_page: number; total: number } };

const label = (value: string) => (value[0]!.toUpperCase() + value.slice(1)).replace('_', ' ');
const STATUS_TONES: Record<PaymentStatus, 'neutral' | 'good' | 'bad' | 'warn'> = {
  pending: 'warn',
  completed: 'good',
  paid: 'good',
  declined: 'bad',
  rejected: 'bad',
  refunded: 'neutral',
  charged_back: 'bad',
};
const EVENT_WORDS: Record<PaymentEventKind, string> = {
  created: 'Started',
  authorised: 'Authorised by the provider',
  completed: 'Paid: credited to the player',
  declined: 'Declined',
  refunded: 'Refunded',
  charged_back: 'Charged back',
  reversed: 'Reversed by the provider',
  debt_repaid: 'Repaid what the player owed',
  paid: 'Paid out',
  rejected: 'Rejected',
};
const method = (id: string) => id.replace(/^sandbox-/, '');

const column = createColumnHelper<AdminPayment>();

function StatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{label(status)}</Badge>;
}

/** Who a history event came from: staff by e-mail, the player who started it, the provider, or the platform. */
function actor(event: PaymentHistoryEvent): string {
  if (event.staff) return event.staff.email;
  if (event.kind === 'created') return 'the player';
  if (event.kind === 'debt_repaid') return 'the platform';
  return event.gateway ? `${event.gateway} (provider)` : 'the platform';
}

function History({ events }: { events: PaymentHistoryEvent[] }) {
  return (
    <ol className="space-y-3" aria-label="Payment history">
      {events.map((event) => (
        <li key={event.id} className="rounded-lg border border-night-700 bg-night-900/40 p-3" data-testid="payment-event">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="font-medium text-mist-100">{EVENT_WORDS[event.kind]}</span>
            <span className="text-xs tabular-nums text-mist-400">{dateTime(event.at)}</span>
          </div>
          <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs text-mist-300">
            {event.amount !== null ? (
              <>
                <dt className="text-mist-400">Amount</dt>
                <dd className="tabular-nums">{money(event.amount, event.currency ?? undefined)}</dd>
              </>
            ) : null}
            <dt className="text-mist-400">By</dt>
            <dd className="break-words">{actor(event)}</dd>
            {event.provider_reference ? (
              <>
                <dt className="text-mist-400">Reference</dt>
                <dd className="break-all font-mono">{event.provider_reference}</dd>
              </>
            ) : null}
            {event.reason ? (
              <>
                <dt className="text-mist-400">Reason</dt>
                <dd className="break-words">{event.reason}</dd>
              </>
            ) : null}
            {typeof event.details.owed === 'number' && event.details.owed > 0 ? (
              <>
                <dt className="text-mist-400">Left owing</dt>
                <dd className="tabular-nums text-ruby-500">{money(event.details.owed, event.currency ?? undefined)}</dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ol>
  );
}

function Detail({ payment, onAction }: { payment: AdminPaymentDetail; onAction: (action: 'refund' | 'chargeback') => void }) {
  const facts: [string, ReactNode][] = [
    [
      'Player',
      <span key="player" className="break-words">
        {payment.player.name}
        <span className="block break-all text-xs text-mist-400">{payment.player.email}</span>
      </span>,
    ],
    ['Amount', money(payment.amount, payment.currency)],
    ['Status', <StatusBadge key="status" status={payment.status} />],
    ['Method', method(payment.method)],
    ['Started', dateTime(payment.created_at)],
    ...(payment.reference
      ? ([
          [
            'Provider reference',
            <span key="reference" className="break-all font-mono text-xs">
              {payment.reference}
            </span>,
          ],
        ] as [string, ReactNode][])
      : []),
    ...(payment.reversed_amount > 0 ? ([['Taken back', money(payment.reversed_amount, payment.currency)]] as [string, ReactNode][]) : []),
  ];
  return (
    <section
      className="space-y-4 rounded-card border border-night-700 bg-night-850 p-4 sm:p-5"
      aria-labelledby="payment-detail-title"
      data-testid="payment-detail"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payment-detail-title" className="text-lg font-semibold text-mist-100">
          {label(payment.kind)} of {money(payment.amount, payment.currency)}
        </h2>
        {payment.actions.refund || payment.actions.chargeback ? (
          <div className="flex flex-wrap gap-2">
            {payment.actions.refund ? (
              <Button className="px-3 py-1.5 text-sm" onClick={() => onAction('refund')}>
                Refund…
              </Button>
            ) : null}
            {payment.actions.chargeback ? (
              <Button variant="ghost" className="px-3 py-1.5 text-sm" onClick={() => onAction('chargeback')}>
                Record chargeback…
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {payment.player_owes > 0 ? (
        <Notice tone="error">This player owes {money(payment.player_owes, payment.currency)} from a chargeback; their next deposits repay it first.</Notice>
      ) : null}
      <div className="grid gap-5 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <dl className="grid h-fit grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          {facts.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-mist-400">{name}</dt>
              <dd className="min-w-0 text-mist-100">{value}</dd>
            </div>
          ))}
          <dt className="text-mist-400">Player page</dt>
          <dd>
            <Link className="text-gold-400 hover:underline" to={`/admin/players/${payment.player.id}`}>
              Open
            </Link>
          </dd>
        </dl>
        <div>
          <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-mist-400">History</h3>
          <History events={payment.history} />
        </div>
      </div>
    </section>
  );
}

export default function AdminPayments() {
  const me = useStaff();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ page: Page | null; error: string | null }>({ page: null, error: null });
  const [selected, setSelected] = useState<AdminPaymentDetail | null>(null);
  const [acting, setActing] = useState<'refund' | 'chargeback' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sorting, setSorting] = useState<SortingState>([]);
  const detailRef = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    const params = new URLSearchParams(query);
    params.set('page', String(page));
    const answer = await adminApi<Page>('GET', `/api/admin/payments?${params}`);
    setResult(answer.ok ? { page: answer.body, error: null } : { page: null, error: answer.message });
  }, [query, page]);
  useEffect(() => {
    void load();
  }, [load]);

  async function open(row: Pick<AdminPayment, 'kind' | 'id'>) {
    const answer = await adminApi<{ data: AdminPaymentDetail }>('GET', `/api/admin/payments/${row.kind}s/${row.id}`);
    if (!answer.ok) {
      setOutcome({ tone: 'error', text: answer.message });
      return;
    }
    setSelected(answer.body.data);
    requestAnimationFrame(() => detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === 'string' && value.trim()) params.set(key, value.trim());
    setQuery(params.toString());
    setPage(1);
    setSelected(null);
  }

  const columns = useMemo(
    () => [
      column.accessor('created_at', {
        header: 'Date',
        cell: (info) => (
          <span className="block whitespace-nowrap tabular-nums">
            {dateTime(info.getValue()).slice(0, 10)}
            <span className="block text-xs text-mist-400">{dateTime(info.getValue()).slice(11)} UTC</span>
          </span>
        ),
      }),
      column.accessor((row) => row.player.name, {
        id: 'player',
        header: 'Player',
        cell: (info) => (
          <span className="block max-w-[14rem]">
            <span className="block truncate text-mist-100">{info.row.original.player.name}</span>
            <span className="block truncate text-xs text-mist-400">{info.row.original.player.email}</span>
          </span>
        ),
      }),
      column.accessor('kind', { header: 'Type', cell: (info) => label(info.getValue()) }),
      column.accessor('amount', {
        header: 'Amount',
        cell: (info) => <span className="whitespace-nowrap tabular-nums">{money(info.getValue(), info.row.original.currency)}</span>,
      }),
      column.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
      column.accessor('method', { header: 'Method', cell: (info) => method(info.getValue()) }),
      column.accessor((row) => row.reference ?? row.id, {
        id: 'reference',
        header: 'Reference',
        cell: (info) => (
          <span className="block max-w-[8rem] truncate font-mono text-xs text-mist-300" title={info.getValue()}>
            {info.getValue()}
          </span>
        ),
      }),
      column.display({
        id: 'open',
        header: 'Open',
        cell: (info) => (
          <Button
            variant="ghost"
            className="px-3 py-1 text-sm"
            aria-label={`Open the ${info.row.original.kind} of ${money(info.row.original.amount, info.row.original.currency)} by ${info.row.original.player.email}`}
            onClick={() => open(info.row.original)}
          >
            Open
          </Button>
        ),
      }),
    ],
    [],
  );
  const rows = useMemo(() => result.page?.data ?? [], [result.page]);
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const meta = result.page?.meta;

  return (
    <div className="space-y-5">
      <AdminHeading title="Payments" />
      <form
        onSubmit={search}
        className="grid gap-3 rounded-card border border-night-700 bg-night-850 p-4 sm:grid-cols-2 lg:grid-cols-4"
        aria-label="Search payments"
      >
        <div className="sm:col-span-2">
          <TextField label="Player name or e-mail" name="q" type="search" maxLength={254} />
        </div>
        <div className="sm:col-span-2">
          <TextField label="Reference" name="reference" maxLength={200} hint="Our payment id or the provider's reference." />
        </div>
        <SelectField label="Type" name="kind" defaultValue="" placeholder="Any" options={PAYMENT_KINDS.map((value) => ({ value, label: label(value) }))} />
        <SelectField
          label="Status"
          name="status"
          defaultValue=""
          placeholder="Any"
          options={PAYMENT_STATUSES.map((value) => ({ value, label: label(value) }))}
        />
        <TextField label="Method" name="method" placeholder="sandbox-card" maxLength={50} />
        <div className="hidden lg:block" />
        <TextField label="From" name="from" type="date" />
        <TextField label="To" name="to" type="date" />
        <div className="flex items-end sm:col-span-2">
          <Button type="submit" className="w-full sm:w-auto">
            Search
          </Button>
        </div>
      </form>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {result.error ? <Notice tone="error">{result.error}</Notice> : null}
      {!result.page && !result.error ? (
        <Loading />
      ) : result.page ? (
        <>
          {rows.length === 0 ? (
            <Notice>No payments match.</Notice>
          ) : (
            <>
              <div className="hidden sm:block">
                <SortableTable
                  table={table}
                  caption="Payments"
                  minWidth="min-w-[50rem]"
                  rowProps={(row) => ({ 'data-payment': row.original.id, className: selected?.id === row.original.id ? 'bg-night-800' : '' })}
                />
              </div>
              {/* A phone gets each payment as a card: the table's eight columns would hide amount and status off-screen. */}
              <ul className="space-y-3 sm:hidden" aria-label="Payments">
                {rows.map((row) => (
                  <li key={row.id} className={`rounded-card border border-night-700 p-4 ${selected?.id === row.id ? 'bg-night-800' : 'bg-night-850'}`}>
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="truncate text-mist-100">{row.player.name}</p>
                        <p className="truncate text-xs text-mist-400">{row.player.email}</p>
                      </div>
                      <p className="whitespace-nowrap font-semibold tabular-nums text-mist-100">{money(row.amount, row.currency)}</p>
                    </div>
                    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-mist-300">
                      <StatusBadge status={row.status} />
                      <span>
                        {label(row.kind)} · {method(row.method)}
                      </span>
                      <span className="tabular-nums">{dateTime(row.created_at)} UTC</span>
                    </div>
                    <div className="mt-3 flex items-center justify-between gap-3">
                      <span className="min-w-0 truncate font-mono text-xs text-mist-400">{row.reference ?? row.id}</span>
                      <Button variant="ghost" className="shrink-0 px-3 py-1 text-sm" onClick={() => open(row)}>
                        Open
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-mist-300">
            <span>
              {meta?.total ?? 0} payments · page {meta?.current_page ?? 1} of {meta?.last_page ?? 1}
            </span>
            <div className="flex gap-2">
              <Button variant="ghost" onClick={() => setPage((current) => current - 1)} disabled={page <= 1}>
                Previous
              </Button>
              <Button variant="ghost" onClick={() => setPage((current) => current + 1)} disabled={!meta || page >= meta.last_page}>
                Next
              </Button>
            </div>
          </div>
        </>
      ) : null}
      <div ref={detailRef} className="scroll-mt-4">
        {selected ? (
          <Detail
            payment={selected}
            onAction={(action) => {
              setOutcome(null);
              setActing(action);
            }}
          />
        ) : rows.length > 0 ? (
          <Notice>Open a payment to see its history{hasPermission(me, 'payments.manage') ? ', refund it or record a chargeback' : ''}.</Notice>
        ) : null}
      </div>
      {selected && acting ? (
        <ReasonDialog
          title={acting === 'refund' ? 'Refund deposit' : 'Record chargeback'}
          effect={
            acting === 'refund'
              ? `Refund ${money(selected.reversible_amount, selected.currency)} of ${selected.player.name}'s (${selected.player.email}) ${method(selected.method)} deposit of ${dateTime(selected.created_at)}? The provider sends the money back to where it came from and it leaves the player's balance now. This cannot be undone.`
              : `Record that the bank took back ${money(selected.reversible_amount, selected.currency)} of ${selected.player.name}'s (${selected.player.email}) deposit of ${dateTime(selected.created_at)}? It leaves the player's balance now; what the balance does not hold, the player owes and repays from their next deposits.`
          }
          confirm={
            acting === 'refund'
              ? `Refund ${money(selected.reversible_amount, selected.currency)}`
              : `Record chargeback of ${money(selected.reversible_amount, selected.currency)}`
          }
          send={(reason) => adminApi<{ data: AdminPaymentDetail }>('POST', `/api/admin/payments/deposits/${selected.id}/${acting}`, { reason })}
          onClose={() => setActing(null)}
          onDone={(done) => {
            setActing(null);
            setSelected(done.body.data);
            setOutcome({ tone: 'success', text: acting === 'refund' ? 'Deposit refunded.' : 'Chargeback recorded.' });
            void load();
          }}
        />
      ) : null}
    </div>
  );
}
