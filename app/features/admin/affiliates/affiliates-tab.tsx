// The Affiliates screen's first tab: applications and affiliates by status, and the one opened below the list.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { adminAffiliatesPageSchema, PlanView } from '../../../../contract/affiliates.ts';
import { Button } from '../../../components/ui/button.tsx';
import { adminApi } from '../api.ts';
import type { Outcome } from '../reason-dialog.tsx';
import { Badge, ChoiceGroup, dateTime, Loading, Notice, Pager } from '../ui.tsx';
import { type AdminAffiliateDetail, AffiliateDetail } from './affiliate-detail.tsx';
import { AFFILIATE_STATUS } from './labels.ts';

type Page = z.output<typeof adminAffiliatesPageSchema>;
type Filter = 'pending' | 'approved' | 'suspended' | 'all';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'pending', label: 'Applications' },
  { value: 'approved', label: 'Approved' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'all', label: 'All' },
];

/** `initial`: an affiliate to open at once (a player page links here with ?open={id}), with the list showing all. */
export function AffiliatesTab({ plans, canManage, initial }: { plans: PlanView[]; canManage: boolean; initial?: string | null }) {
  const [filter, setFilter] = useState<Filter>(initial ? 'all' : 'pending');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<{ page: Page | null; error: string | null }>({ page: null, error: null });
  const [selected, setSelected] = useState<AdminAffiliateDetail | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const detailRef = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    const query = new URLSearchParams({ page: String(page), ...(filter === 'all' ? {} : { status: filter }) });
    const result = await adminApi<Page>('GET', `/api/admin/affiliates?${query}`);
    setList(result.ok ? { page: result.body, error: null } : { page: null, error: result.message });
  }, [filter, page]);
  useEffect(() => {
    void load();
  }, [load]);

  async function open(id: string, scroll = true) {
    const result = await adminApi<{ data: AdminAffiliateDetail }>('GET', `/api/admin/affiliates/${id}`);
    if (!result.ok) {
      setOutcome({ tone: 'error', text: result.message });
      return;
    }
    setSelected(result.body.data);
    if (scroll) requestAnimationFrame(() => detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }

  useEffect(() => {
    if (initial) void open(initial);
  }, [initial]);

  const rows = list.page?.data ?? [];
  const meta = list.page?.meta;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ChoiceGroup
          label="Status"
          value={filter}
          choices={FILTERS}
          onChoose={(value) => {
            setFilter(value);
            setPage(1);
            setSelected(null);
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
        <Notice>{filter === 'pending' ? 'No applications wait for a decision.' : 'No affiliates here.'}</Notice>
      ) : (
        <ul className="space-y-2" aria-label="Affiliates">
          {rows.map((row) => (
            <li
              key={row.id}
              data-affiliate={row.email}
              className={`flex flex-wrap items-center justify-between gap-3 rounded-card border border-night-700 px-4 py-3 ${selected?.id === row.id ? 'bg-night-800' : 'bg-night-850'}`}
            >
              <div className="min-w-0 flex-1 basis-60">
                <p className="truncate font-medium text-mist-100">{row.name}</p>
                <p className="truncate text-xs text-mist-400">
                  {row.contact_name} · {row.email} · {row.country}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-mist-300">
                <Badge tone={AFFILIATE_STATUS[row.status].tone}>{AFFILIATE_STATUS[row.status].label}</Badge>
                <span>{row.plan ? row.plan.name : 'No plan'}</span>
                <span className="tabular-nums">
                  {row.links} links · {row.registrations} players · {row.ftds} deposited
                </span>
                <span className="tabular-nums text-mist-400">{dateTime(row.created_at)}</span>
              </div>
              <Button variant="ghost" className="min-h-0 px-3 py-1.5 text-sm" aria-label={`Open ${row.name}`} onClick={() => void open(row.id)}>
                Open
              </Button>
            </li>
          ))}
        </ul>
      )}
      {meta ? (
        <Pager label={`${meta.total} affiliates · page ${meta.current_page} of ${meta.last_page}`} page={page} lastPage={meta.last_page} onPage={setPage} />
      ) : null}
      <div ref={detailRef} className="scroll-mt-4">
        {selected ? (
          <AffiliateDetail
            affiliate={selected}
            plans={plans}
            canManage={canManage}
            onChanged={(next) => {
              setOutcome(next);
              void open(selected.id, false);
              void load();
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
