import { type FormEvent, useState } from 'react';
import type { AuditRecord } from '../../../contract/operators.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { adminApi, staffFetch } from '../../features/admin/api.ts';
import { AdminHeading, dateTime, Loading, Notice } from '../../features/admin/ui.tsx';
import { useEffect } from 'react';

type Page = { data: AuditRecord[]; meta: { current_page: number; last_page: number; total: number } };
const short = (value: unknown) => (value && Object.keys(value).length > 0 ? JSON.stringify(value) : '—');
/** Why it was done: the reason a consequential action requires (decision 0099), kept in the row's `after`. */
const reasonOf = (row: AuditRecord) => (typeof row.after?.reason === 'string' ? row.after.reason : null);
/** Before and after, the reason shown on its own. */
function changeOf(row: AuditRecord) {
  const { reason: _reason, ...after } = row.after ?? {};
  return `${short(row.before)} → ${short(row.after ? after : null)}`;
}

/**
 * The audit log: who did what to whom and why, with before and after, and a check that the hash chain is intact.
 * A table on wide screens; a list of cards on a phone, where the table's columns would not fit.
 */
export default function AdminAudit() {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [verification, setVerification] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    const separator = query ? '&' : '?';
    void staffFetch(`/api/admin/audit${query}${separator}page=${page}&per_page=25`, { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        const body = await response.json();
        if (response.ok) {
          setData(body as Page);
          setError(null);
        } else setError(body.message ?? 'The audit log could not be loaded.');
      })
      .catch(() => setError('We could not reach the server.'));
  }, [query, page]);

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === 'string' && value.trim()) params.set(key, value.trim());
    setPage(1);
    setQuery(params.size ? `?${params}` : '');
  }
  async function verify() {
    const result = await adminApi<{ data: { intact: boolean; rows: number; first_broken_id: string | null; reason: string | null } }>(
      'GET',
      '/api/admin/audit/verify',
    );
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
      <form
        onSubmit={filter}
        className="grid gap-3 rounded-card border border-night-700 bg-night-850 p-4 sm:grid-cols-3 lg:grid-cols-6"
        aria-label="Filter the audit log"
      >
        <TextField label="Player ID" name="player_id" inputMode="numeric" />
        <TextField label="Staff ID" name="staff_id" inputMode="numeric" />
        <TextField label="Action" name="action" placeholder="player.block" list="audit-actions" />
        <datalist id="audit-actions">
          {[
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
          ].map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
        <TextField label="From" name="from" type="date" />
        <TextField label="To" name="to" type="date" />
        <div className="flex items-end">
          <Button type="submit">Filter</Button>
        </div>
      </form>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {!data ? (
        <Loading />
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-card border border-night-700 md:block">
            <table className="w-full min-w-[60rem] text-sm">
              <caption className="sr-only">Audit log</caption>
              <thead className="bg-night-800 text-left text-mist-400">
                <tr>
                  <th className="px-4 py-2.5 font-medium">#</th>
                  <th className="px-4 py-2.5 font-medium">At (UTC)</th>
                  <th className="px-4 py-2.5 font-medium">Staff</th>
                  <th className="px-4 py-2.5 font-medium">Action</th>
                  <th className="px-4 py-2.5 font-medium">Player</th>
                  <th className="px-4 py-2.5 font-medium">Reason</th>
                  <th className="px-4 py-2.5 font-medium">Before → after</th>
                  <th className="px-4 py-2.5 font-medium">Hash</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((row) => (
                  <tr key={row.id} className="border-t border-night-700 align-top">
                    <td className="px-4 py-2.5 tabular-nums">{row.id}</td>
                    <td className="px-4 py-2.5 whitespace-nowrap">{dateTime(row.at)}</td>
                    <td className="px-4 py-2.5">{row.staff_id ?? '—'}</td>
                    <td className="px-4 py-2.5 font-mono text-xs">{row.action}</td>
                    <td className="px-4 py-2.5">{row.player_id ?? '—'}</td>
                    <td className="max-w-56 px-4 py-2.5 break-words text-mist-100">{reasonOf(row) ?? <span className="text-mist-400">—</span>}</td>
                    <td className="max-w-xs px-4 py-2.5 font-mono text-xs break-all text-mist-300">{changeOf(row)}</td>
                    <td className="px-4 py-2.5 font-mono text-xs text-mist-400" title={row.hash}>
                      {row.hash.slice(0, 10)}…
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 md:hidden" aria-label="Audit log">
            {data.data.map((row) => (
              <li key={row.id} className="space-y-1.5 rounded-card border border-night-700 bg-night-850 p-3 text-sm">
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
              </li>
            ))}
          </ul>
          <div className="flex items-center justify-between text-sm text-mist-300">
            <span>
              {data.meta.total} entries · page {data.meta.current_page} of {data.meta.last_page}
            </span>
            <div className="flex gap-2">
              <Button variant="ghost" onClick={() => setPage(page - 1)} disabled={page <= 1}>
                Previous
              </Button>
              <Button variant="ghost" onClick={() => setPage(page + 1)} disabled={page >= data.meta.last_page}>
                Next
              </Button>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
