import { type FormEvent, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/compliance-case';
import { CASE_OUTCOMES } from '../../../contract/compliance.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextAreaField } from '../../components/ui/field.tsx';
import { AlertFacts, AlertKindBadge, OUTCOME_LABELS, STATE_TONES } from '../../features/admin/compliance/facts.tsx';
import { adminApi, adminLoad, staffFetch } from '../../features/admin/api.ts';
import { type Outcome, ReasonDialog } from '../../features/admin/reason-dialog.tsx';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Badge, dateTime, Loading, Notice, PlayerLink } from '../../features/admin/ui.tsx';
import type { ApiResult } from '../../lib/api.ts';

const MAX_FILE_BYTES = 256 * 1024;
/** The attachments the API takes, as the file picker offers them. */
const FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain', 'text/csv'] as const;

async function download(path: string, filename: string) {
  const response = await staffFetch(path);
  if (!response.ok) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
  return true;
}

function NoteForm({ caseId, onDone }: { caseId: string; onDone: (outcome: Outcome) => void }) {
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (file && file.size > MAX_FILE_BYTES) {
      setProblem('The attachment must be a file of at most 256 KB.');
      return;
    }
    const contentType = file ? FILE_TYPES.find((type) => type === file.type) : undefined;
    if (file && !contentType) {
      setProblem('The attachment must be a PDF, PNG, JPEG, text or CSV file.');
      return;
    }
    setBusy(true);
    const attachment =
      file && contentType
        ? { file_name: file.name.replace(/[^A-Za-z0-9 ._()-]/g, '_').slice(0, 120), content_type: contentType, data_base64: await base64(file) }
        : undefined;
    const result = await adminApi('POST', `/api/admin/compliance/cases/${caseId}/notes`, { body, attachment });
    setBusy(false);
    if (!result.ok) return setProblem(result.message);
    setBody('');
    setFile(null);
    setProblem(null);
    onDone({ tone: 'success', text: attachment ? 'Note and attachment added.' : 'Note added.' });
  }
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Add a note">
      <TextAreaField label="Note" value={body} onChange={(event) => setBody(event.target.value)} required maxLength={5000} rows={3} />
      <label className="block text-sm text-mist-300">
        Attachment (PDF, PNG, JPEG, text or CSV, up to 256 KB)
        <input
          type="file"
          accept={FILE_TYPES.join(',')}
          className="mt-1 block w-full text-sm text-mist-300"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </label>
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      <Button type="submit" busy={busy}>
        Add note
      </Button>
    </form>
  );
}

async function base64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return { id: params.id, found: await adminLoad(request, `/api/admin/compliance/cases/${params.id}`) };
}

export function HydrateFallback() {
  return <Loading />;
}

/** One case: its alerts and their facts, notes and attachments, its state, the close (four-eyes for a filed report). */
export default function AdminComplianceCase({ loaderData: { id, found } }: Route.ComponentProps) {
  const me = useStaff();
  const canManage = hasPermission(me, 'compliance.manage');
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [closing, setClosing] = useState(false);
  const [closeAs, setCloseAs] = useState<(typeof CASE_OUTCOMES)[number]>('no_action');
  const reload = () => void revalidator.revalidate();
  const act = async (send: Promise<ApiResult<unknown>>, done: string) => {
    const result = await send;
    setOutcome(result.ok ? { tone: 'success', text: done } : { tone: 'error', text: result.message });
    reload();
  };
  const data = found.data;
  if (!data)
    return (
      <div className="space-y-4">
        <AdminHeading title={`Case ${id}`} />
        <Notice tone="error">{found.error ?? 'No case with that id.'}</Notice>
      </div>
    );
  const casePath = `/api/admin/compliance/cases/${data.id}` as const;
  const open = data.state !== 'closed';
  const awaiting = open && data.close_requested_by !== null;
  const mine = data.close_requested_by === me.id;
  return (
    <div className="space-y-5 [overflow-wrap:anywhere]">
      <AdminHeading title={`Case ${data.id}: ${data.title}`}>
        <Button variant="ghost" onClick={() => void download(`/api/admin/compliance/cases/${data.id}/report`, `case-${data.id}-report.json`)}>
          Download report
        </Button>
      </AdminHeading>
      <p className="text-sm">
        <Link className="text-gold-400 underline" to="/admin/compliance">
          Back to compliance
        </Link>
      </p>
      <dl className="grid grid-cols-2 gap-3 rounded-card border border-night-700 bg-night-850 p-4 text-sm lg:grid-cols-4">
        <div>
          <dt className="text-xs uppercase tracking-wide text-mist-400">State</dt>
          <dd className="mt-1">
            <Badge tone={STATE_TONES[data.state as keyof typeof STATE_TONES] ?? 'neutral'}>{data.state}</Badge>
            {data.outcome ? <span className="ml-2 text-mist-200">{OUTCOME_LABELS[data.outcome] ?? data.outcome}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-mist-400">Assigned to</dt>
          <dd className="mt-1 text-mist-100">{data.assigned_to ? (data.assigned_to === me.id ? 'You' : `Staff ${data.assigned_to}`) : 'Nobody'}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-mist-400">Opened</dt>
          <dd className="mt-1 text-mist-100">{dateTime(data.created_at)}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-mist-400">Closed</dt>
          <dd className="mt-1 text-mist-100">{dateTime(data.closed_at)}</dd>
        </div>
      </dl>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {awaiting ? (
        <Notice>
          {mine
            ? `You asked to close this case as "${OUTCOME_LABELS[data.close_requested_outcome ?? ''] ?? data.close_requested_outcome}"; another compliance member must confirm.`
            : `Staff ${data.close_requested_by} asked to close this case as "${OUTCOME_LABELS[data.close_requested_outcome ?? ''] ?? data.close_requested_outcome}"; confirm it as the second pair of eyes.`}
        </Notice>
      ) : null}
      {canManage && open ? (
        <div className="flex flex-wrap gap-2">
          {data.assigned_to !== me.id ? (
            <Button variant="ghost" onClick={() => void act(adminApi('POST', `${casePath}/assign`, { assigned_to: me.id }), 'The case is assigned to you.')}>
              Assign to me
            </Button>
          ) : null}
          {data.state === 'open' || data.state === 'escalated' ? (
            <Button
              variant="ghost"
              onClick={() => void act(adminApi('POST', `${casePath}/state`, { state: 'investigating' }), 'The case is being investigated.')}
            >
              Investigate
            </Button>
          ) : null}
          {data.state !== 'escalated' ? (
            <Button variant="ghost" onClick={() => void act(adminApi('POST', `${casePath}/state`, { state: 'escalated' }), 'The case is escalated.')}>
              Escalate
            </Button>
          ) : null}
          {awaiting && !mine ? (
            <Button onClick={() => void act(adminApi('POST', `${casePath}/confirm-close`, {}), 'The case is closed.')}>Confirm close</Button>
          ) : null}
          {awaiting ? (
            <Button variant="ghost" onClick={() => void act(adminApi('POST', `${casePath}/withdraw-close`, {}), 'The request to close is withdrawn.')}>
              Withdraw close request
            </Button>
          ) : (
            <Button onClick={() => setClosing(true)}>Close case</Button>
          )}
        </div>
      ) : null}
      <section aria-labelledby="case-alerts" className="space-y-3">
        <h2 id="case-alerts" className="text-lg font-semibold text-mist-100">
          Alerts ({data.alerts.length})
        </h2>
        <ul className="space-y-3">
          {data.alerts.map((alert) => (
            <li key={alert.id} className="rounded-card border border-night-700 bg-night-850 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <AlertKindBadge kind={alert.kind} />
                <span className="font-medium text-mist-100">{alert.label}</span>
                <Badge tone={alert.status === 'open' ? 'warn' : 'good'}>{alert.status}</Badge>
                {alert.hold_withdrawals && alert.status === 'open' ? <Badge tone="bad">Holds withdrawals</Badge> : null}
                <span className="text-mist-400">
                  <PlayerLink id={alert.player_id} /> · {dateTime(alert.created_at)}
                </span>
              </div>
              <div className="mt-2">
                <AlertFacts facts={alert.facts} />
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="case-notes" className="space-y-3">
        <h2 id="case-notes" className="text-lg font-semibold text-mist-100">
          Notes
        </h2>
        {data.notes.length === 0 ? <Notice>No notes yet.</Notice> : null}
        <ul className="space-y-2">
          {data.notes.map((note) => (
            <li key={note.id} className="rounded-card border border-night-700 bg-night-850 p-3 text-sm">
              <p className="whitespace-pre-wrap text-mist-100">{note.body}</p>
              {note.attachment ? (
                <button
                  type="button"
                  className="mt-1 text-gold-400 underline"
                  onClick={() => void download(`/api/admin/compliance/cases/${data.id}/notes/${note.id}/file`, note.attachment!.file_name)}
                >
                  {note.attachment.file_name} ({Math.ceil(note.attachment.bytes / 1024)} KB)
                </button>
              ) : null}
              <p className="mt-1 text-xs text-mist-400">
                Staff {note.staff_id} · {dateTime(note.created_at)}
              </p>
            </li>
          ))}
        </ul>
        {canManage && open ? (
          <NoteForm
            caseId={data.id}
            onDone={(done) => {
              setOutcome(done);
              reload();
            }}
          />
        ) : null}
      </section>
      {closing ? (
        <ReasonDialog
          title={`Close case ${data.id}`}
          effect={
            <>
              <label className="block text-sm text-mist-300">
                Outcome
                <select
                  className="mt-1 block w-full rounded-lg border border-night-600 bg-night-900 px-3 py-2 text-mist-100"
                  value={closeAs}
                  onChange={(event) => setCloseAs(event.target.value as (typeof CASE_OUTCOMES)[number])}
                >
                  {CASE_OUTCOMES.map((value) => (
                    <option key={value} value={value}>
                      {OUTCOME_LABELS[value]}
                    </option>
                  ))}
                </select>
              </label>
              <span className="mt-2 block">
                Closing closes the case&apos;s alerts and releases their withdrawal holds.
                {closeAs === 'report_filed' ? ' A filed report needs a second compliance member to confirm before the case closes.' : ''}
              </span>
            </>
          }
          confirm={closeAs === 'report_filed' ? 'Ask to close' : 'Close case'}
          tone="primary"
          reasonLabel="Closing note"
          send={(note) => adminApi('POST', `${casePath}/close`, { outcome: closeAs, note })}
          onClose={() => setClosing(false)}
          onDone={(result) => {
            setClosing(false);
            setOutcome({ tone: 'success', text: result.body.closed ? 'The case is closed.' : 'Asked to close; another member must confirm.' });
            reload();
          }}
        />
      ) : null}
    </div>
  );
}
