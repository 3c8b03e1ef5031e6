import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import type { Route } from './+types/outbox';
import type { OutboxItem } from '../../../contract/operators.ts';
import { OUTBOX_STATUSES } from '../../../contract/operators.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { AdminList } from '../../features/admin/admin-list.tsx';
import { adminApi, adminLoad, filtersOf } from '../../features/admin/api.ts';
import { AdminHeading, Badge, ChoiceGroup, dateTime, Loading, Notice } from '../../features/admin/ui.tsx';

const FILTERS = [
  { value: '', label: 'Failed and waiting' },
  ...OUTBOX_STATUSES.map((status) => ({ value: status, label: status[0]!.toUpperCase() + status.slice(1) })),
];
const TONES = { failed: 'bad', pending: 'warn', sending: 'neutral', sent: 'good' } as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filters = filtersOf(request, ['status']);
  return adminLoad(request, `/api/admin/outbox?${filters}`);
}

export function HydrateFallback() {
  return <Loading />;
}

/** Mail and SMS that did not go out: why, how often it was tried, and a retry. Recipients are masked. */
export default function AdminOutbox({ loaderData: outbox }: Route.ComponentProps) {
  const [params, setSearchParams] = useSearchParams();
  const status = FILTERS.find((filter) => filter.value === params.get('status'))?.value ?? '';
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  async function retry(item: OutboxItem) {
    setBusy(item.id);
    const result = await adminApi('POST', `/api/admin/outbox/${item.id}/retry`);
    setBusy(null);
    setOutcome(result.ok ? { tone: 'success', text: `Message ${item.id} is queued again and goes out in a moment.` } : { tone: 'error', text: result.message });
    await revalidator.revalidate();
  }
  return (
    <div className="space-y-5">
      <AdminHeading title="Outbox">
        <ChoiceGroup
          label="Status"
          value={status}
          choices={FILTERS}
          onChoose={(value) => setSearchParams(value ? { status: value } : {}, { preventScrollReset: true })}
        />
      </AdminHeading>
      <p className="text-sm text-mist-400">
        Mail and SMS are retried on their own for a while (30 s, 1 min, 2 min … up to 1 h between tries) and marked failed after 10 tries. Retry queues a
        message again with a fresh set of tries, once what stopped it is fixed.
      </p>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {outbox.error !== null ? (
        <Notice tone="error">{outbox.error}</Notice>
      ) : (
        <AdminList
          caption="Outgoing messages"
          rows={outbox.data}
          empty={status === '' ? 'Nothing is stuck: every message went out.' : 'No messages with this status.'}
          rowKey={(item) => item.id}
          columns={[
            { key: 'id', header: 'ID', cell: (item) => item.id },
            {
              key: 'kind',
              header: 'Kind',
              cell: (item) => (
                <span>
                  <span className="font-medium text-mist-100">{item.channel === 'mail' ? 'Mail' : 'SMS'}</span>
                  <span className="text-mist-400"> · {item.template}</span>
                  <span className="block whitespace-nowrap text-xs text-mist-400">Created {dateTime(item.created_at)}</span>
                </span>
              ),
            },
            { key: 'recipient', header: 'Recipient', cell: (item) => <span className="font-mono text-xs">{item.recipient}</span> },
            {
              key: 'status',
              header: 'Status',
              cell: (item) => (
                <span>
                  <Badge tone={TONES[item.status]}>{item.status}</Badge>
                  <span className="mt-1 block whitespace-nowrap text-xs text-mist-400">{item.attempts === 1 ? '1 try' : `${item.attempts} tries`}</span>
                </span>
              ),
            },
            {
              key: 'error',
              header: 'Last error',
              cell: (item) => (
                <span title={item.last_error ?? undefined} className="line-clamp-2 max-w-[14rem] break-words text-xs text-mist-300">
                  {item.last_error ?? '—'}
                </span>
              ),
            },
            {
              key: 'actions',
              header: 'Actions',
              align: 'right',
              cell: (item) =>
                item.status === 'failed' || item.status === 'pending' ? (
                  <Button
                    variant="ghost"
                    className="min-h-0 px-3 py-1.5"
                    busy={busy === item.id}
                    aria-label={`Retry message ${item.id}`}
                    onClick={() => retry(item)}
                  >
                    Retry
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
    </div>
  );
}
