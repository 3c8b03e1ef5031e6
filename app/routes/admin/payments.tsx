import { useEffect, useRef, useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import type { Route } from './+types/payments';
import type { AdminPayment } from '../../../contract/payments-admin.ts';
import { PAYMENT_KINDS, PAYMENT_STATUSES } from '../../../contract/payments-admin.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { AdminList, FilterForm, type ListColumn } from '../../features/admin/admin-list.tsx';
import { adminApi, adminLoad, adminLoadBody, filtersOf } from '../../features/admin/api.ts';
import { Detail, label, method, StatusBadge } from '../../features/admin/payment-detail.tsx';
import { type Outcome, ReasonDialog } from '../../features/admin/reason-dialog.tsx';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, dateTime, Loading, money, Notice } from '../../features/admin/ui.tsx';

// The Payments screen (docs/decisions/0104, issue 32): find a deposit or a withdrawal by player, reference,
// status, method and day; read its whole history from the provider's notifications and staff's actions; refund or
// record a chargeback with a reason. The search and the payment opened live in the address (`payment=deposit:12`).

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
    adminLoadBody(request, `/api/admin/payments?${params}`),
    opened ? adminLoad(request, `/api/admin/payments/${opened.kind}s/${encodeURIComponent(opened.id)}`) : null,
  ]);
  return { list, detail };
}

export function HydrateFallback() {
  return <Loading />;
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
          send={(reason) => adminApi('POST', `/api/admin/payments/deposits/${selected.id}/${acting}`, { reason })}
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
