import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import type { Route } from './+types/payments';
import type { AdminPayment, AdminPaymentDetail, PaymentHistoryEvent } from '../../../contract/payments-admin.ts';
import { PAYMENT_KINDS, PAYMENT_STATUSES, type PaymentEventKind, type PaymentStatus } from '../../../contract/payments-admin.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { AdminList, FilterForm, type ListColumn } from '../../features/admin/admin-list.tsx';
import { adminApi, adminLoad, adminLoadBody, filtersOf, type ListPage } from '../../features/admin/api.ts';
import { type Outcome, ReasonDialog } from '../../features/admin/reason-dialog.tsx';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Badge, dateTime, Loading, money, Notice } from '../../features/admin/ui.tsx';

// The Payments screen (docs/decisions/0104, issue 32): find a deposit or a withdrawal by player, reference,
// status, method and day; read its whole history from the provider's notifications and staff's actions; refund or
// record a chargeback with a reason. The search and the payment opened live in the address (`payment=deposit:12`).

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

/** The search's filters, as the address and the API both name them. */
const FILTERS = ['q', 'reference', 'kind', 'status', 'method', 'from', 'to'] as const;
/** The payment the address opens (`kind:id`), or null. */
function openedIn(params: URLSearchParams): Pick<AdminPayment, 'kind' | 'id'> | null {
  const [kind, id] = (params.get('payment') ?? '').split(':');
  const known = PAYMENT_KINDS.find((value) => value === kind);
  return known && id ? { kind: known, id } : null;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = filtersOf(request, FILTERS);
  const search = new URL(request.url).searchParams;
  params.set('page', search.get('page') ?? '1');
  const opened = openedIn(search);
  const [list, detail] = await Promise.all([
    adminLoadBody<ListPage<AdminPayment>>(request, `/api/admin/payments?${params}`),
    opened ? adminLoad<AdminPaymentDetail>(request, `/api/admin/payments/${opened.kind}s/${encodeURIComponent(opened.id)}`) : null,
  ]);
  return { list, detail };
}

export function HydrateFallback() {
  return <Loading />;
}

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

export default function AdminPayments({ loaderData: { list, detail } }: Route.ComponentProps) {
  const me = useStaff();
  const [params, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [acting, setActing] = useState<'refund' | 'chargeback' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  const selected = detail?.data ?? null;

  // A payment just opened is scrolled to: its history is below the list.
  const openedId = selected?.id;
  useEffect(() => {
    if (openedId) detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [openedId]);

  function open(row: Pick<AdminPayment, 'kind' | 'id'>) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('payment', `${row.kind}:${row.id}`);
        return next;
      },
      { preventScrollReset: true },
    );
  }

  const columns: ListColumn<AdminPayment>[] = [
    {
      key: 'created_at',
      header: 'Date',
      sortBy: (row) => row.created_at,
      cell: (row) => (
        <span className="block whitespace-nowrap tabular-nums">
          {dateTime(row.created_at).slice(0, 10)}
          <span className="block text-xs text-mist-400">{dateTime(row.created_at).slice(11)} UTC</span>
        </span>
      ),
    },
    {
      key: 'player',
      header: 'Player',
      sortBy: (row) => row.player.name,
      cell: (row) => (
        <span className="block max-w-[14rem]">
          <span className="block truncate text-mist-100">{row.player.name}</span>
          <span className="block truncate text-xs text-mist-400">{row.player.email}</span>
        </span>
      ),
    },
    { key: 'kind', header: 'Type', sortBy: (row) => row.kind, cell: (row) => label(row.kind) },
    {
      key: 'amount',
      header: 'Amount',
      sortBy: (row) => row.amount,
      cell: (row) => <span className="whitespace-nowrap tabular-nums">{money(row.amount, row.currency)}</span>,
    },
    { key: 'status', header: 'Status', sortBy: (row) => row.status, cell: (row) => <StatusBadge status={row.status} /> },
    { key: 'method', header: 'Method', sortBy: (row) => row.method, cell: (row) => method(row.method) },
    {
      key: 'reference',
      header: 'Reference',
      sortBy: (row) => row.reference ?? row.id,
      cell: (row) => (
        <span className="block max-w-[8rem] truncate font-mono text-xs text-mist-300" title={row.reference ?? row.id}>
          {row.reference ?? row.id}
        </span>
      ),
    },
    {
      key: 'open',
      header: 'Open',
      quiet: true,
      cell: (row) => (
        <Button
          variant="ghost"
          className="px-3 py-1 text-sm"
          aria-label={`Open the ${row.kind} of ${money(row.amount, row.currency)} by ${row.player.email}`}
          onClick={() => open(row)}
        >
          Open
        </Button>
      ),
    },
  ];

  return (
    <div className="space-y-5">
      <AdminHeading title="Payments" />
      <FilterForm label="Search payments" className="grid gap-3 rounded-card border border-night-700 bg-night-850 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <TextField label="Player name or e-mail" name="q" type="search" maxLength={254} defaultValue={params.get('q') ?? ''} />
        </div>
        <div className="sm:col-span-2">
          <TextField
            label="Reference"
            name="reference"
            maxLength={200}
            hint="Our payment id or the provider's reference."
            defaultValue={params.get('reference') ?? ''}
          />
        </div>
        <SelectField
          label="Type"
          name="kind"
          defaultValue={params.get('kind') ?? ''}
          placeholder="Any"
          options={PAYMENT_KINDS.map((value) => ({ value, label: label(value) }))}
        />
        <SelectField
          label="Status"
          name="status"
          defaultValue={params.get('status') ?? ''}
          placeholder="Any"
          options={PAYMENT_STATUSES.map((value) => ({ value, label: label(value) }))}
        />
        <TextField label="Method" name="method" placeholder="sandbox-card" maxLength={50} defaultValue={params.get('method') ?? ''} />
        <div className="hidden lg:block" />
        <TextField label="From" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        <TextField label="To" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        <div className="flex items-end sm:col-span-2">
          <Button type="submit" className="w-full sm:w-auto">
            Search
          </Button>
        </div>
      </FilterForm>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {list.error !== null ? (
        <Notice tone="error">{list.error}</Notice>
      ) : (
        <AdminList
          caption="Payments"
          rows={list.data.data}
          columns={columns}
          rowKey={(row) => row.id}
          empty="No payments match."
          noun="payments"
          paging={{ meta: list.data.meta }}
          minWidth="min-w-[50rem]"
          rowProps={(row) => ({ 'data-payment': row.id, className: selected?.id === row.id ? 'bg-night-800' : '' })}
          // A phone gets each payment as a card: the table's eight columns would hide amount and status off-screen.
          cards={{ label: 'Payments', card: (row) => <PaymentCard row={row} selected={selected?.id === row.id} onOpen={() => open(row)} /> }}
        />
      )}
      <div ref={detailRef} className="scroll-mt-4">
        {detail?.error ? (
          <Notice tone="error">{detail.error}</Notice>
        ) : selected ? (
          <Detail
            payment={selected}
            onAction={(action) => {
              setOutcome(null);
              setActing(action);
            }}
          />
        ) : list.data && list.data.data.length > 0 ? (
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
          onDone={() => {
            setActing(null);
            setOutcome({ tone: 'success', text: acting === 'refund' ? 'Deposit refunded.' : 'Chargeback recorded.' });
            // The list and the opened payment are read again: the row's status and the history's new event.
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </div>
  );
}

/** A payment on a phone. */
function PaymentCard({ row, selected, onOpen }: { row: AdminPayment; selected: boolean; onOpen: () => void }) {
  return (
    <div className={`rounded-card border border-night-700 p-4 ${selected ? 'bg-night-800' : 'bg-night-850'}`}>
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
        <Button variant="ghost" className="shrink-0 px-3 py-1 text-sm" onClick={onOpen}>
          Open
        </Button>
      </div>
    </div>
  );
}
