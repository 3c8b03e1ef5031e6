// Monthly statements: review and approve them, pay an approved one (four-eyes above the threshold), and correct one
// with a new row, never an edit.
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { adminStatementsPageSchema, PayoutView } from '../../../../contract/affiliates.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import type { ApiResult } from '../../../lib/api.ts';
import { adminApi } from '../api.ts';
import { type Outcome, ReasonDialog } from '../reason-dialog.tsx';
import { minorUnits } from '../stake-input.ts';
import { Badge, ChoiceGroup, dateTime, Loading, money, Notice, Pager } from '../ui.tsx';
import { STATEMENT_STATUS } from './labels.ts';

type Page = z.output<typeof adminStatementsPageSchema>;
type Row = Page['data'][number];
type Filter = Row['status'] | 'all';
type Action = { kind: 'approve' | 'payout' | 'correct'; row: Row };

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'pending', label: 'To review' },
  { value: 'approved', label: 'Approved' },
  { value: 'paid', label: 'Paid' },
  { value: 'all', label: 'All' },
];

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

export function StatementsTab({ canPay }: { canPay: boolean }) {
  const [filter, setFilter] = useState<Filter>('pending');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<{ page: Page | null; error: string | null }>({ page: null, error: null });
  const [action, setAction] = useState<Action | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [correcting, setCorrecting] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const query = new URLSearchParams({ page: String(page), ...(filter === 'all' ? {} : { status: filter }) });
    const result = await adminApi<Page>('GET', `/api/admin/affiliate-statements?${query}`);
    setList(result.ok ? { page: result.body, error: null } : { page: null, error: result.message });
  }, [filter, page]);
  useEffect(() => {
    void load();
  }, [load]);

  function send(current: Action, reason: string): Promise<ApiResult<{ data: unknown }>> {
    const base = `/api/admin/affiliate-statements/${current.row.id}`;
    if (current.kind === 'approve') return adminApi('POST', `${base}/approve`, { reason });
    if (current.kind === 'payout') return adminApi('POST', `${base}/payout`, { reason });
    return adminApi('POST', `${base}/corrections`, { amount: minorUnits(amount, { signed: true }), reason });
  }

  function done(current: Action, body: unknown) {
    const name = current.row.affiliate_name;
    if (current.kind === 'approve') setOutcome({ tone: 'success', text: `${name}'s statement for ${current.row.period} is approved.` });
    else if (current.kind === 'correct') setOutcome({ tone: 'success', text: `A correction to ${name}'s ${current.row.period} is added for review.` });
    else {
      const payout = (body as { data: PayoutView }).data;
      setOutcome({
        tone: 'success',
        text:
          payout.status === 'paid'
            ? `${money(payout.amount, payout.currency)} paid to ${name}.`
            : `The payout of ${money(payout.amount, payout.currency)} to ${name} waits for a second staff member's approval (Payouts tab).`,
      });
    }
    setAction(null);
    setCorrecting(null);
    setAmount('');
    void load();
  }

  const rows = list.page?.data ?? [];
  const meta = list.page?.meta;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ChoiceGroup
          label="Statement status"
          value={filter}
          choices={FILTERS}
          onChoose={(value) => {
            setFilter(value);
            setPage(1);
          }}
        />
        <Button variant="ghost" onClick={() => void load()}>
          Refresh
        </Button>
      </div>
      <p className="text-sm text-mist-400">
        The job <span className="font-mono">affiliates:monthly-statements</span> makes each month’s statements on the 1st (Jobs screen). Statements never
        change: a correction is a new row.
      </p>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {list.error ? <Notice tone="error">{list.error}</Notice> : null}
      {!list.page && !list.error ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Notice>No statements here.</Notice>
      ) : (
        <ul className="space-y-3" aria-label="Statements">
          {rows.map((row) => (
            <li key={row.id} className="space-y-3 rounded-card border border-night-700 bg-night-850 p-4" data-statement={`${row.affiliate_name} ${row.period}`}>
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
            </li>
          ))}
        </ul>
      )}
      {meta ? <Pager label={`Page ${meta.current_page} of ${meta.last_page}`} page={page} lastPage={meta.last_page} onPage={setPage} /> : null}
      {action ? (
        <ReasonDialog
          title={action.kind === 'approve' ? 'Approve statement' : action.kind === 'payout' ? 'Pay statement' : 'Correct statement'}
          effect={
            action.kind === 'approve'
              ? `Approve ${action.row.affiliate_name}'s statement for ${action.row.period}: ${money(action.row.commission, action.row.currency)}? It can then be paid.`
              : action.kind === 'payout'
                ? `Pay ${money(action.row.commission, action.row.currency)} to ${action.row.affiliate_name} for ${action.row.period}? It is booked to the affiliate payable account once; above the four-eyes threshold a second staff member approves it first.`
                : `Add a correction of ${money(minorUnits(amount, { signed: true }) ?? 0, action.row.currency)} to ${action.row.affiliate_name}'s ${action.row.period}: a new row to review, approve and pay like a statement.`
          }
          confirm={
            action.kind === 'approve' ? 'Approve' : action.kind === 'payout' ? `Pay ${money(action.row.commission, action.row.currency)}` : 'Add correction'
          }
          tone="primary"
          send={(reason) => send(action, reason)}
          onClose={() => setAction(null)}
          onDone={(result) => done(action, result.body)}
        />
      ) : null}
    </div>
  );
}
