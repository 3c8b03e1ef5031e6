// Monthly statements: review and approve them, pay an approved one (four-eyes above the threshold), and correct one
// with a new row, never an edit.
import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { AdminList } from '../admin-list.tsx';
import { adminApi } from '../api.ts';
import { type Outcome, ReasonDialog } from '../reason-dialog.tsx';
import { minorUnits } from '../stake-input.ts';
import { Badge, ChoiceGroup, dateTime, money, Notice } from '../ui.tsx';
import { STATEMENT_STATUS } from './labels.ts';
import { STATEMENT_FILTERS, type TabOf } from './load.ts';

type View = TabOf<'statements'>;
type Row = NonNullable<View['list']['data']>['data'][number];
type Action = { kind: 'approve' | 'payout' | 'correct'; row: Row };

function Figures({ row }: { row: Row }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
      {(
        [
          ['CPA', `${row.cpa_count} ${row.cpa_count === 1 ? 'player' : 'players'} · ${money(row.cpa_amount, row.currency)}`],
          ['NGR', `${money(row.ngr, row.currency)} (${row.active_players} active)`],
          ['Revenue share', `${row.revshare_percent}% · ${money(row.revshare_amount, row.currency)}`],
          ['Carry-over', `in ${money(row.carry_over_in, row.currency)} · out ${money(row.carry_over_out, row.currency)}`],
        ] as const
      ).map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-mist-400">{label}</dt>
          <dd className="break-words tabular-nums text-mist-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The statements the screen's loader read for the filter and page in the address. */
export function StatementsTab({ view, canPay }: { view: View; canPay: boolean }) {
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [action, setAction] = useState<Action | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [correcting, setCorrecting] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);

  function done(text: string) {
    setOutcome({ tone: 'success', text });
    setAction(null);
    setCorrecting(null);
    setAmount('');
    void revalidator.revalidate();
  }

  // A statement with its figures, and for finance its actions and the correction form.
  const card = (row: Row) => (
    <div className="space-y-3 rounded-card border border-night-700 bg-night-850 p-4" data-statement={`${row.affiliate_name} ${row.period}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-mist-100">
            {row.affiliate_name} · {row.period}
            {row.kind === 'correction' ? ' · correction' : ''}
          </p>
          <p className="text-xs text-mist-400">
            Made {dateTime(row.created_at)}
            {row.note ? ` · ${row.note}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STATEMENT_STATUS[row.status].tone}>{STATEMENT_STATUS[row.status].label}</Badge>
          <span className="font-semibold tabular-nums text-mist-100">{money(row.commission, row.currency)}</span>
        </div>
      </div>
      {row.kind === 'statement' ? <Figures row={row} /> : null}
      {canPay ? (
        <div className="flex flex-wrap gap-2">
          {row.status === 'pending' ? (
            <Button className="min-h-0 px-3 py-1.5 text-sm" onClick={() => setAction({ kind: 'approve', row })}>
              Approve…
            </Button>
          ) : null}
          {row.status === 'approved' && row.commission > 0 ? (
            <Button className="min-h-0 px-3 py-1.5 text-sm" onClick={() => setAction({ kind: 'payout', row })}>
              Pay…
            </Button>
          ) : null}
          <Button
            variant="ghost"
            className="min-h-0 px-3 py-1.5 text-sm"
            aria-expanded={correcting === row.id}
            onClick={() => {
              setCorrecting(correcting === row.id ? null : row.id);
              setAmount('');
              setAmountError(null);
            }}
          >
            Correct…
          </Button>
        </div>
      ) : null}
      {canPay && correcting === row.id ? (
        <form
          noValidate
          aria-label={`Correct ${row.affiliate_name} ${row.period}`}
          className="flex flex-wrap items-start gap-2 rounded-lg border border-night-700 p-3"
          onSubmit={(event) => {
            event.preventDefault();
            const minor = minorUnits(amount, { signed: true });
            if (minor === null || minor === 0) {
              setAmountError('Enter the correction’s amount, e.g. 25.00, or -10.00 to take back.');
              return;
            }
            setAction({ kind: 'correct', row });
          }}
        >
          <div className="min-w-0 flex-1 basis-48">
            <TextField
              label={`Correction (${row.currency})`}
              name="amount"
              inputMode="decimal"
              placeholder="25.00 or -10.00"
              value={amount}
              error={amountError ?? undefined}
              onChange={(event) => {
                setAmount(event.target.value);
                setAmountError(null);
              }}
            />
          </div>
          <Button type="submit" variant="ghost" className="mt-7">
            Continue…
          </Button>
        </form>
      ) : null}
    </div>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ChoiceGroup
          label="Statement status"
          value={view.filter}
          choices={STATEMENT_FILTERS}
          onChoose={(value) => setSearchParams({ tab: 'statements', status: value }, { preventScrollReset: true })}
        />
        <Button variant="ghost" onClick={() => void revalidator.revalidate()}>
          Refresh
        </Button>
      </div>
      <p className="text-sm text-mist-400">
        The job <span className="font-mono">affiliates:monthly-statements</span> makes each month’s statements on the 1st (Jobs screen). Statements never
        change: a correction is a new row.
      </p>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {view.list.error !== null ? (
        <Notice tone="error">{view.list.error}</Notice>
      ) : (
        <AdminList
          caption="Statements"
          rows={view.list.data.data}
          rowKey={(row) => row.id}
          empty="No statements here."
          noun="statements"
          paging={{ meta: view.list.data.meta }}
          cards={{ label: 'Statements', card: (row) => card(row) }}
        />
      )}
      {action && action.kind !== 'payout' ? (
        <ReasonDialog
          title={action.kind === 'approve' ? 'Approve statement' : 'Correct statement'}
          effect={
            action.kind === 'approve'
              ? `Approve ${action.row.affiliate_name}'s statement for ${action.row.period}: ${money(action.row.commission, action.row.currency)}? It can then be paid.`
              : `Add a correction of ${money(minorUnits(amount, { signed: true }) ?? 0, action.row.currency)} to ${action.row.affiliate_name}'s ${action.row.period}: a new row to review, approve and pay like a statement.`
          }
          confirm={action.kind === 'approve' ? 'Approve' : 'Add correction'}
          tone="primary"
          send={(reason) =>
            action.kind === 'approve'
              ? adminApi('POST', `/api/admin/affiliate-statements/${action.row.id}/approve`, { reason })
              : adminApi('POST', `/api/admin/affiliate-statements/${action.row.id}/corrections`, { amount: minorUnits(amount, { signed: true }) ?? 0, reason })
          }
          onClose={() => setAction(null)}
          onDone={() =>
            done(
              action.kind === 'approve'
                ? `${action.row.affiliate_name}'s statement for ${action.row.period} is approved.`
                : `A correction to ${action.row.affiliate_name}'s ${action.row.period} is added for review.`,
            )
          }
        />
      ) : null}
      {action?.kind === 'payout' ? (
        <ReasonDialog
          title="Pay statement"
          effect={`Pay ${money(action.row.commission, action.row.currency)} to ${action.row.affiliate_name} for ${action.row.period}? It is booked to the affiliate payable account once; above the four-eyes threshold a second staff member approves it first.`}
          confirm={`Pay ${money(action.row.commission, action.row.currency)}`}
          tone="primary"
          send={(reason) => adminApi('POST', `/api/admin/affiliate-statements/${action.row.id}/payout`, { reason })}
          onClose={() => setAction(null)}
          onDone={({ body: { data: payout } }) =>
            done(
              payout.status === 'paid'
                ? `${money(payout.amount, payout.currency)} paid to ${action.row.affiliate_name}.`
                : `The payout of ${money(payout.amount, payout.currency)} to ${action.row.affiliate_name} waits for a second staff member's approval (Payouts tab).`,
            )
          }
        />
      ) : null}
    </div>
  );
}
