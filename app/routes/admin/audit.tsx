import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/audit';
import type { AuditRecord } from '../../../contract/operators.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { AdminList, FilterForm, type ListColumn } from '../../features/admin/admin-list.tsx';
import { adminApi, adminLoadBody, filtersOf } from '../../features/admin/api.ts';
import { AdminHeading, dateTime, Loading, Notice } from '../../features/admin/ui.tsx';

const short = (value: unknown) => (value && Object.keys(value).length > 0 ? JSON.stringify(value) : '—');
/** Why it was done: the reason a consequential action requires (decision 0099), kept in the row's `after`. */
const reasonOf = (row: AuditRecord) => (typeof row.after?.reason === 'string' ? row.after.reason : null);
/** Before and after, the reason shown on its own. */
function changeOf(row: AuditRecord) {
  const { reason: _reason, ...after } = row.after ?? {};
  return `${short(row.before)} → ${short(row.after ? after : null)}`;
}

/** The log's filters, as the address and the API both name them (the player first: a test waits for that request). */
const FILTERS = ['player_id', 'staff_id', 'action', 'from', 'to'] as const;
const ACTIONS = [
  'job.run',
  'staff.login',
  'staff.login_failed',
  'staff.invite',
  'staff.password_reset',
  'player.block',
  'player.unblock',
  'withdrawal.reject',
  'adjustment.request',
  'staff.update',
  'settings.update',
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = filtersOf(request, FILTERS);
  params.set('page', new URL(request.url).searchParams.get('page') ?? '1');
  params.set('per_page', '25');
  return adminLoadBody(request, `/api/admin/audit?${params}`);
}

export function HydrateFallback() {
  return <Loading />;
}

const columns: ListColumn<AuditRecord>[] = [
  { key: 'id', header: '#', cell: (row) => <span className="tabular-nums">{row.id}</span> },
  { key: 'at', header: 'At (UTC)', cell: (row) => <span className="whitespace-nowrap">{dateTime(row.at)}</span> },
  { key: 'staff', header: 'Staff', cell: (row) => row.staff_id ?? '—' },
  { key: 'action', header: 'Action', cell: (row) => <span className="font-mono text-xs">{row.action}</span> },
  { key: 'player', header: 'Player', cell: (row) => row.player_id ?? '—' },
  {
    key: 'reason',
    header: 'Reason',
    cell: (row) => <span className="block max-w-56 break-words text-mist-100">{reasonOf(row) ?? <span className="text-mist-400">—</span>}</span>,
  },
  { key: 'change', header: 'Before → after', cell: (row) => <span className="block max-w-xs font-mono text-xs break-all text-mist-300">{changeOf(row)}</span> },
  {
    key: 'hash',
    header: 'Hash',
    cell: (row) => (
      <span className="font-mono text-xs text-mist-400" title={row.hash}>
        {row.hash.slice(0, 10)}…
      </span>
    ),
  },
];

/** A row on a phone, where the table's columns would not fit. */
function AuditCard({ row }: { row: AuditRecord }) {
  return (
    <div className="space-y-1.5 rounded-card border border-night-700 bg-night-850 p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-mono text-xs text-mist-100">{row.action}</span>
        <span className="text-xs text-mist-400 tabular-nums">
          #{row.id} · {dateTime(row.at)}
        </span>
      </div>
      <p className="text-xs text-mist-400">
        {row.staff_id ? `Staff ${row.staff_id}` : 'No staff'}
        {row.player_id ? ` · player ${row.player_id}` : ''}
      </p>
      {reasonOf(row) ? (
        <p className="break-words text-mist-100">
          <span className="text-mist-400">Reason: </span>
          {reasonOf(row)}
        </p>
      ) : null}
      {changeOf(row) === '— → —' ? null : <p className="font-mono text-xs break-all text-mist-300">{changeOf(row)}</p>}
    </div>
  );
}

/**
 * The audit log: who did what to whom and why, with before and after, and a check that the hash chain is intact.
 * A table on wide screens; a list of cards on a phone, where the table's columns would not fit.
 */
export default function AdminAudit({ loaderData: log }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const [verification, setVerification] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function verify() {
    const result = await adminApi('GET', '/api/admin/audit/verify');
    if (!result.ok) setVerification({ tone: 'error', text: result.message });
    else if (result.body.data.intact) setVerification({ tone: 'success', text: `The chain is intact: ${result.body.data.rows} rows verified.` });
    else setVerification({ tone: 'error', text: `Row ${result.body.data.first_broken_id} is broken: ${result.body.data.reason}.` });
  }

  return (
    <div className="space-y-5">
      <AdminHeading title="Audit log">
        <Button variant="ghost" onClick={verify}>
          Verify the chain
        </Button>
      </AdminHeading>
      {verification ? <Notice tone={verification.tone}>{verification.text}</Notice> : null}
      <FilterForm label="Filter the audit log" className="grid gap-3 rounded-card border border-night-700 bg-night-850 p-4 sm:grid-cols-3 lg:grid-cols-6">
        <TextField label="Player ID" name="player_id" inputMode="numeric" defaultValue={params.get('player_id') ?? ''} />
        <TextField label="Staff ID" name="staff_id" inputMode="numeric" defaultValue={params.get('staff_id') ?? ''} />
        <TextField label="Action" name="action" placeholder="player.block" list="audit-actions" defaultValue={params.get('action') ?? ''} />
        <datalist id="audit-actions">
          {ACTIONS.map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
        <TextField label="From" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        <TextField label="To" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        <div className="flex items-end">
          <Button type="submit">Filter</Button>
        </div>
      </FilterForm>
      {log.error !== null ? (
        <Notice tone="error">{log.error}</Notice>
      ) : (
        <AdminList
          caption="Audit log"
          rows={log.data.data}
          columns={columns}
          rowKey={(row) => row.id}
          empty="No entries match."
          noun="entries"
          paging={{ meta: log.data.meta }}
          minWidth="min-w-[60rem]"
          cards={{ label: 'Audit log', card: (row) => <AuditCard row={row} />, below: 'md' }}
        />
      )}
    </div>
  );
}
