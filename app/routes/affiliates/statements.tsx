import type { Route } from './+types/statements';
import { affiliateLoadBody, dataOf } from '../../features/affiliates/portal-load.ts';
import { Badge, count, DataTable, day, Loading, Money, Notice, Panel, PortalHeading } from '../../features/affiliates/portal-ui.tsx';
import type { Payout, Statement } from '../../features/affiliates/types.ts';

const STATUS: Record<Statement['status'], { label: string; tone: 'warn' | 'good' | 'neutral' }> = {
  pending: { label: 'In review', tone: 'warn' },
  approved: { label: 'Approved', tone: 'neutral' },
  paid: { label: 'Paid', tone: 'good' },
};
const PAYOUT_STATUS: Record<Payout['status'], { label: string; tone: 'warn' | 'good' }> = {
  awaiting_approval: { label: 'Being approved', tone: 'warn' },
  paid: { label: 'Paid', tone: 'good' },
};

function monthName(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return new Date(Date.UTC(year!, (month ?? 1) - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function StatementCard({ statement }: { statement: Statement }) {
  const status = STATUS[statement.status];
  // Only the parts of the plan that paid or could have: a CPA plan's statement has no revenue share line.
  const lines: [string, number][] = [
    ...(statement.cpa_count > 0 || statement.cpa_amount !== 0
      ? ([[`CPA: ${count(statement.cpa_count)} qualified ${statement.cpa_count === 1 ? 'player' : 'players'}`, statement.cpa_amount]] as [string, number][])
      : []),
    ...(statement.revshare_percent > 0 || statement.revshare_amount !== 0
      ? ([[`Revenue share: ${statement.revshare_percent}% of NGR`, statement.revshare_amount]] as [string, number][])
      : []),
    ...(statement.carry_over_in !== 0 ? ([['Carried over from earlier months', statement.carry_over_in]] as [string, number][]) : []),
  ];
  return (
    <li className="rounded-card border border-night-700 bg-night-850 p-4 sm:p-5" data-statement={statement.period}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-mist-100">
            {statement.kind === 'correction' ? `Correction to ${monthName(statement.period)}` : monthName(statement.period)}
          </h2>
          <p className="text-xs text-mist-400">
            Made {day(statement.created_at)}
            {statement.paid_at ? ` · paid ${day(statement.paid_at)}` : statement.approved_at ? ` · approved ${day(statement.approved_at)}` : ''}
          </p>
        </div>
        <div className="text-right">
          <Badge tone={status.tone}>{status.label}</Badge>
          <p className="mt-1 text-xl font-semibold text-mist-100" data-testid="statement-commission">
            <Money minor={statement.commission} currency={statement.currency} />
          </p>
        </div>
      </div>
      {statement.kind === 'statement' ? (
        <dl className="mt-4 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-mist-400">Net gaming revenue ({count(statement.active_players)} active players)</dt>
          <dd className="text-right text-mist-100">
            <Money minor={statement.ngr} currency={statement.currency} />
          </dd>
          {lines.map(([label, amount]) => (
            <div key={label} className="contents">
              <dt className="text-mist-400">{label}</dt>
              <dd className="text-right text-mist-100">
                <Money minor={amount} currency={statement.currency} />
              </dd>
            </div>
          ))}
          {statement.carry_over_out !== 0 ? (
            <>
              <dt className="text-mist-400">Carried to next month</dt>
              <dd className="text-right text-mist-100">
                <Money minor={statement.carry_over_out} currency={statement.currency} />
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {statement.note ? <p className="mt-3 text-sm text-mist-300 [overflow-wrap:anywhere]">{statement.note}</p> : null}
    </li>
  );
}

/** The statements and the payouts made from them. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [statements, payouts] = await Promise.all([
    affiliateLoadBody(request, '/api/affiliates/statements'),
    affiliateLoadBody(request, '/api/affiliates/payouts'),
  ]);
  return { statements: dataOf(statements), payouts: dataOf(payouts) };
}

export function HydrateFallback() {
  return <Loading />;
}

/** Monthly statements (the binding figures) and the payouts made from them. */
export default function AffiliateStatements({ loaderData: { statements, payouts } }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <PortalHeading
        title="Statements and payouts"
        lead="Each month’s statement is made on the 1st of the next month, reviewed by the casino, then paid to your payout details. A correction is a new line, never a change to an old one."
      />
      {statements.error ? <Notice tone="error">{statements.error}</Notice> : null}
      {statements.data && statements.data.length === 0 ? (
        <Notice>No statements yet: your first one comes after your first full month.</Notice>
      ) : statements.data ? (
        <ul className="space-y-3" aria-label="Statements">
          {statements.data.map((statement) => (
            <StatementCard key={statement.id} statement={statement} />
          ))}
        </ul>
      ) : null}
      <Panel title="Payouts">
        {payouts.error ? <Notice tone="error">{payouts.error}</Notice> : null}
        {payouts.data && payouts.data.length === 0 ? (
          <p className="text-sm text-mist-400">No payouts yet.</p>
        ) : payouts.data ? (
          <DataTable caption="Payouts" head={['Month', 'Amount', 'Status']} minWidth="min-w-[18rem]">
            {payouts.data.map((payout) => (
              <tr key={payout.id}>
                <td className="text-mist-100">{monthName(payout.period)}</td>
                <td>
                  <Money minor={payout.amount} currency={payout.currency} />
                </td>
                <td>
                  <Badge tone={PAYOUT_STATUS[payout.status].tone}>{PAYOUT_STATUS[payout.status].label}</Badge>
                  {payout.paid_at ? <span className="block whitespace-nowrap text-xs tabular-nums text-mist-400">{day(payout.paid_at)}</span> : null}
                </td>
              </tr>
            ))}
          </DataTable>
        ) : null}
      </Panel>
    </div>
  );
}
