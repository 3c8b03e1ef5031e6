// A payment of the console's Payments screen (app/routes/admin/payments.tsx, docs/decisions/0104): its status in
// words, its facts and its whole history from the provider's notifications and staff's actions.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminPaymentDetail, PaymentHistoryEvent } from '../../../contract/payments-admin.ts';
import type { PaymentEventKind, PaymentStatus } from '../../../contract/payments-admin.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Badge, dateTime, money, Notice } from './ui.tsx';

export const label = (value: string) => (value[0]!.toUpperCase() + value.slice(1)).replace('_', ' ');
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
export const method = (id: string) => id.replace(/^sandbox-/, '');

export function StatusBadge({ status }: { status: PaymentStatus }) {
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

/** A payment opened below the list: its facts, its history, and refund or chargeback for finance. */
export function Detail({ payment, onAction }: { payment: AdminPaymentDetail; onAction: (action: 'refund' | 'chargeback') => void }) {
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
