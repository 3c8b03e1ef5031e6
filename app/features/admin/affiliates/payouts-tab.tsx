// Affiliate payouts: what was paid, and those above the four-eyes threshold waiting for a second staff member.
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { adminPayoutsPageSchema } from '../../../../contract/affiliates.ts';
import { Button } from '../../../components/ui/button.tsx';
import { adminApi } from '../api.ts';
import { type Outcome, ReasonDialog } from '../reason-dialog.tsx';
import { Badge, ChoiceGroup, dateTime, Loading, money, Notice, Pager } from '../ui.tsx';
import { PAYOUT_STATUS } from './labels.ts';

type Page = z.output<typeof adminPayoutsPageSchema>;
type Row = Page['data'][number];
type Filter = Row['status'] | 'all';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'awaiting_approval', label: 'Awaiting approval' },
  { value: 'paid', label: 'Paid' },
  { value: 'all', label: 'All' },
];

export function PayoutsTab({ canPay, staffId }: { canPay: boolean; staffId: string }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<{ page: Page | null; error: string | null }>({ page: null, error: null });
  const [approving, setApproving] = useState<Row | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const load = useCallback(async () => {
    const query = new URLSearchParams({ page: String(page), ...(filter === 'all' ? {} : { status: filter }) });
    const result = await adminApi<Page>('GET', `/api/admin/affiliate-payouts?${query}`);
    setList(result.ok ? { page: result.body, error: null } : { page: null, error: result.message });
  }, [filter, page]);
  useEffect(() => {
    void load();
  }, [load]);

  // The API names staff by their id; the console knows only its own member's.
  const who = (id: string) => (id === staffId ? 'you' : `staff member ${id}`);
  const rows = list.page?.data ?? [];
  const meta = list.page?.meta;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ChoiceGroup
          label="Payout status"
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
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {list.error ? <Notice tone="error">{list.error}</Notice> : null}
      {!list.page && !list.error ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Notice>No payouts here.</Notice>
      ) : (
        <ul className="space-y-2" aria-label="Payouts">
          {rows.map((row) => (
            <li
              key={row.id}
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
            </li>
          ))}
        </ul>
      )}
      {meta ? <Pager label={`Page ${meta.current_page} of ${meta.last_page}`} page={page} lastPage={meta.last_page} onPage={setPage} /> : null}
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
            void load();
          }}
        />
      ) : null}
    </div>
  );
}
