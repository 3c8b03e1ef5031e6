import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import type { Route } from './+types/screening';
import type { ScreeningHitView } from '../../../contract/screening.ts';
import { Button } from '../../components/ui/button.tsx';
import { AdminList } from '../../features/admin/admin-list.tsx';
import { adminApi, adminLoad, adminLoadBody } from '../../features/admin/api.ts';
import { type Outcome, ReasonDialog } from '../../features/admin/reason-dialog.tsx';
import { AdminHeading, Badge, ChoiceGroup, dateTime, Loading, Notice, PlayerLink, Stat } from '../../features/admin/ui.tsx';

const CATEGORIES = { sanctions: 'Sanctions', pep: 'Politically exposed persons' } as const;

const FILTERS = [
  { value: 'open', label: 'Open' },
  { value: 'false_positive', label: 'False positives' },
  { value: '', label: 'All' },
];
const TRIGGERS = { registration: 'At registration', profile: 'At a profile change', rescreen: 'Nightly re-screen' } as const;

/** The matches shown, as the API names them: the address's `status` (open unless it says otherwise; `all` is ''). */
function statusOf(params: URLSearchParams): string {
  const named = params.get('status');
  return named === 'all' ? '' : named === 'false_positive' ? named : 'open';
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const status = statusOf(search);
  const query = new URLSearchParams({ page: search.get('page') ?? '1', ...(status ? { status } : {}) });
  const [list, hits] = await Promise.all([adminLoad(request, '/api/admin/screening/list'), adminLoadBody(request, `/api/admin/screening/hits?${query}`)]);
  return { status, list, hits };
}

export function HydrateFallback() {
  return <Loading />;
}

/** Sanctions and PEP screening (docs/decisions/0116): the lists in force and the players they matched; a hit may be marked a false positive. */
export default function AdminScreening({ loaderData: { status, list, hits } }: Route.ComponentProps) {
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  /** Which kind of list a hit came from, by its source (a PEP hit holds nothing). */
  const categoryOf = (source: string) => list.data?.lists.find((one) => one.source === source)?.category;
  const [marking, setMarking] = useState<ScreeningHitView | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  return (
    <div className="space-y-5">
      <AdminHeading title="Screening">
        <Button variant="ghost" onClick={() => revalidator.revalidate()} busy={revalidator.state === 'loading'}>
          Refresh
        </Button>
      </AdminHeading>
      <p className="text-sm text-mist-400">
        Every player is screened against the sanctions and PEP (politically exposed persons) lists when they register, when their name or birthdate changes, and
        every night. A sanctions match holds their withdrawals through a compliance alert until the alert or its case is closed; a PEP match holds nothing and
        asks for enhanced due diligence, which the officer records on the alert.
      </p>
      {list.error ? <Notice tone="error">{list.error}</Notice> : null}
      {list.data && !list.data.enabled ? (
        <Notice tone="error">Screening is off: no sanctions or PEP list is configured on this server, so nobody is being screened.</Notice>
      ) : list.data ? (
        <div className="space-y-3" data-testid="screening-list">
          <ul aria-label="Lists screened against" className="divide-y divide-night-700 rounded-card border border-night-700 bg-night-850">
            {list.data.lists.map((one) => (
              <li key={one.source} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
                <span className="font-medium text-mist-100">{one.source}</span>
                <span className="text-sm text-mist-400">
                  {CATEGORIES[one.category]} · {one.entries} people listed · published {dateTime(one.generated_at)}
                </span>
              </li>
            ))}
          </ul>
          <div className="grid grid-cols-2 gap-3">
            <Stat label="People listed" value={list.data.entries} />
            <Stat label="Read" value={<span className="text-base">{dateTime(list.data.loaded_at)}</span>} />
          </div>
        </div>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-mist-100">Matches</h2>
        <ChoiceGroup
          label="Status"
          value={status}
          choices={FILTERS}
          onChoose={(value) => setSearchParams(value === 'open' ? {} : { status: value || 'all' }, { preventScrollReset: true })}
        />
      </div>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {hits.error !== null ? (
        <Notice tone="error">{hits.error}</Notice>
      ) : (
        <AdminList
          caption="List matches"
          empty={status === 'open' ? 'No open matches: nobody screened so far is on a list.' : 'No matches here.'}
          noun="matches"
          paging={{ meta: hits.data.meta }}
          rows={hits.data.data}
          rowKey={(hit) => hit.id}
          columns={[
            { key: 'player', header: 'Player', cell: (hit) => <PlayerLink id={hit.player_id} /> },
            {
              key: 'listed',
              header: 'Listed as',
              cell: (hit) => (
                <span className="block min-w-44 break-words">
                  <span className="font-medium text-mist-100">{hit.matched_name}</span>
                  <span className="block text-xs text-mist-400">
                    {hit.entry_reference} · {hit.source}
                  </span>
                  {categoryOf(hit.source) === 'pep' ? (
                    <span className="block text-xs text-mist-300">{CATEGORIES.pep}: no hold, enhanced due diligence</span>
                  ) : null}
                </span>
              ),
            },
            {
              key: 'score',
              header: 'Match',
              cell: (hit) => (
                <span>
                  {Math.round(hit.score * 100)}% name
                  <span className="block text-xs text-mist-400">{hit.birthdate === 'match' ? 'birthdate matches' : 'no birthdate listed'}</span>
                </span>
              ),
            },
            {
              key: 'found',
              header: 'Found',
              cell: (hit) => (
                <span>
                  <span className="whitespace-nowrap">{dateTime(hit.created_at)}</span>
                  <span className="block text-xs text-mist-400">{TRIGGERS[hit.trigger]}</span>
                </span>
              ),
            },
            {
              key: 'status',
              header: 'Status',
              cell: (hit) =>
                hit.status === 'open' ? (
                  <Badge tone="bad">open</Badge>
                ) : (
                  <span>
                    <Badge tone="good">false positive</Badge>
                    <span className="mt-1 block text-xs text-mist-400 [overflow-wrap:anywhere]">{hit.decision_reason}</span>
                  </span>
                ),
            },
            {
              key: 'action',
              header: '',
              quiet: true,
              cell: (hit) =>
                hit.status === 'open' ? (
                  <Button variant="ghost" className="min-h-0 px-3 py-1.5" aria-label={`Mark match ${hit.id} a false positive`} onClick={() => setMarking(hit)}>
                    False positive
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
      {marking ? (
        <ReasonDialog
          title="Mark a false positive"
          effect={
            <>
              Player {marking.player_id} is not <strong>{marking.matched_name}</strong> ({marking.entry_reference}). Later screenings keep this decision while
              the player’s name stays the same.{' '}
              {categoryOf(marking.source) === 'pep'
                ? 'Close the player’s PEP alert in Compliance; it holds nothing.'
                : 'Close the player’s sanctions alert in Compliance to release their withdrawals.'}
            </>
          }
          confirm="Mark false positive"
          tone="primary"
          reasonLabel="How you know"
          send={(reason) => adminApi('POST', `/api/admin/screening/hits/${marking.id}/false-positive`, { reason })}
          onClose={() => setMarking(null)}
          onDone={() => {
            setOutcome({ tone: 'success', text: `Match ${marking.id} is marked a false positive.` });
            setMarking(null);
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </div>
  );
}
