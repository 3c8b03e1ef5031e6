// Affiliate payouts: what was paid, and those above the four-eyes threshold waiting for a second staff member.
import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { AdminList } from '../admin-list.tsx';
import { adminApi } from '../api.ts';
import { type Outcome, ReasonDialog } from '../reason-dialog.tsx';
import { Badge, ChoiceGroup, dateTime, money, Notice } from '../ui.tsx';
import { PAYOUT_STATUS } from './labels.ts';
import { PAYOUT_FILTERS, type TabOf } from './load.ts';

type View = TabOf<'payouts'>;
type Row = NonNullable<View['list']['data']>['data'][number];

/** The payouts the screen's loader read for the filter and page in the address. */
export function PayoutsTab({ view, canPay, staffId }: { view: View; canPay: boolean; staffId: string }) {
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [approving, setApproving] = useState<Row | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  // The API names staff by their id; the console knows only its own member's.
  const who = (id: string) => (id === staffId ? 'you' : `staff member ${id}`);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ChoiceGroup
          label="Payout status"
          value={view.filter}
          choices={PAYOUT_FILTERS}
          onChoose={(value) => setSearchParams({ tab: 'payouts', status: value }, { preventScrollReset: true })}
        />
        <Button variant="ghost" onClick={() => void revalidator.revalidate()}>
          Refresh
        </Button>
      </div>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {view.list.error !== null ? (
        <Notice tone="error">{view.list.error}</Notice>
      ) : (
        <AdminList
          caption="Payouts"
          rows={view.list.data.data}
          rowKey={(row) => row.id}
          empty="No payouts here."
          noun="payouts"
          paging={{ meta: view.list.data.meta }}
          cards={{
            label: 'Payouts',
            layout: 'space-y-2',
            card: (row) => (
              <div
                className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-night-700 bg-night-850 px-4 py-3"
                data-payout={row.id}
              >
                <div className="min-w-0 flex-1 basis-60">
                  <p className="font-medium text-mist-100">
                    {row.affiliate_name} · {row.period}
                  </p>
                  <p className="break-words text-xs text-mist-400">
                    Requested by {who(row.requested_by)} {dateTime(row.created_at)}
                    {row.approved_by ? ` · approved by ${who(row.approved_by)}` : ''}
                    {row.paid_at ? ` · paid ${dateTime(row.paid_at)}` : ''}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={PAYOUT_STATUS[row.status].tone}>{PAYOUT_STATUS[row.status].label}</Badge>
                  <span className="font-semibold tabular-nums text-mist-100">{money(row.amount, row.currency)}</span>
                  {canPay && row.status === 'awaiting_approval' ? (
                    row.requested_by === staffId ? (
                      <span className="text-xs text-mist-400">Another staff member approves</span>
                    ) : (
                      <Button className="min-h-0 px-3 py-1.5 text-sm" onClick={() => setApproving(row)}>
                        Approve…
                      </Button>
                    )
                  ) : null}
                </div>
              </div>
            ),
          }}
        />
      )}
      {approving ? (
        <ReasonDialog
          title="Approve payout"
          effect={`Pay ${money(approving.amount, approving.currency)} to ${approving.affiliate_name} for ${approving.period}, as ${who(approving.requested_by)} asked? The money leaves the affiliate payable account now.`}
          confirm={`Pay ${money(approving.amount, approving.currency)}`}
          tone="primary"
          send={(reason) => adminApi('POST', `/api/admin/affiliate-payouts/${approving.id}/approve`, { reason })}
          onClose={() => setApproving(null)}
          onDone={() => {
            setOutcome({ tone: 'success', text: `${money(approving.amount, approving.currency)} paid to ${approving.affiliate_name}.` });
            setApproving(null);
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </div>
  );
}
