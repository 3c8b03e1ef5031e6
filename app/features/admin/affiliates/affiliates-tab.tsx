// The Affiliates screen's first tab: applications and affiliates by status, and the one opened below the list. The
// filter, the page and the opened affiliate are in the address (load.ts reads them).
import { useEffect, useRef, useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { AdminList } from '../admin-list.tsx';
import type { Outcome } from '../reason-dialog.tsx';
import { Badge, ChoiceGroup, dateTime, Notice } from '../ui.tsx';
import { AffiliateDetail } from './affiliate-detail.tsx';
import { AFFILIATE_STATUS } from './labels.ts';
import { AFFILIATE_FILTERS, type TabOf } from './load.ts';

export function AffiliatesTab({ view, canManage }: { view: TabOf<'affiliates'>; canManage: boolean }) {
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  const plans = view.plans.data ?? [];
  const opened = view.open?.affiliate.data ?? null;
  const openedId = opened?.id ?? null;
  // An affiliate opened (by its Open button, or a link from a player's page) is brought into view.
  useEffect(() => {
    if (openedId) requestAnimationFrame(() => detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }, [openedId]);

  // The filter chosen now is kept, so that opening an affiliate leaves the list as it is.
  const open = (id: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('status', view.filter);
        next.set('open', id);
        next.delete('log');
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ChoiceGroup
          label="Status"
          value={view.filter}
          choices={AFFILIATE_FILTERS}
          onChoose={(value) => setSearchParams({ status: value }, { preventScrollReset: true })}
        />
        <Button variant="ghost" onClick={() => void revalidator.revalidate()}>
          Refresh
        </Button>
      </div>
      {view.plans.error !== null ? <Notice tone="error">{view.plans.error}</Notice> : null}
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {view.list.error !== null ? (
        <Notice tone="error">{view.list.error}</Notice>
      ) : (
        <AdminList
          caption="Affiliates"
          rows={view.list.data.data}
          rowKey={(row) => row.id}
          empty={view.filter === 'pending' ? 'No applications wait for a decision.' : 'No affiliates here.'}
          noun="affiliates"
          paging={{ meta: view.list.data.meta }}
          cards={{
            label: 'Affiliates',
            layout: 'space-y-2',
            card: (row) => (
              <div
                data-affiliate={row.email}
                className={`flex flex-wrap items-center justify-between gap-3 rounded-card border border-night-700 px-4 py-3 ${openedId === row.id ? 'bg-night-800' : 'bg-night-850'}`}
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
                <Button variant="ghost" className="min-h-0 px-3 py-1.5 text-sm" aria-label={`Open ${row.name}`} onClick={() => open(row.id)}>
                  Open
                </Button>
              </div>
            ),
          }}
        />
      )}
      <div ref={detailRef} className="scroll-mt-4">
        {view.open?.affiliate.error ? <Notice tone="error">{view.open.affiliate.error}</Notice> : null}
        {view.open && opened ? (
          <AffiliateDetail
            key={opened.id}
            affiliate={opened}
            postbacks={view.open.postbacks}
            plans={plans}
            canManage={canManage}
            onChanged={(next) => {
              setOutcome(next);
              void revalidator.revalidate();
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
