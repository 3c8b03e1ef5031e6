// One job's runs as a list that wraps on a phone (docs/decisions/0068): outcome, period, when, how long, where,
// who started it and what it did or why it failed; older runs page in from GET /api/admin/jobs/{name}/runs.
import { useState } from 'react';
import type { JobRunStatus, JobRunView } from '../../../../contract/jobs.ts';
import { Button } from '../../../components/ui/button.tsx';
import { adminApi } from '../api.ts';
import { Badge, dateTime } from '../ui.tsx';

export const RUN_TONES: Record<JobRunStatus, 'good' | 'warn' | 'bad'> = { ran: 'good', skipped: 'warn', failed: 'bad' };

/** 850 ms, 12.4 s, 3 min 5 s. */
export function duration(ms: number): string {
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1_000)} s`;
}

/** A job's summary in words: `paid 3 · amount 1250`; anything nested as JSON. */
export function summary(run: Pick<JobRunView, 'status' | 'result' | 'error'>): string {
  if (run.status === 'failed') return run.error ?? 'Failed';
  if (run.status === 'skipped') return 'Skipped: another run held the lock';
  const result = run.result;
  if (result === null || result === undefined) return 'Done';
  if (typeof result !== 'object' || Array.isArray(result)) return JSON.stringify(result);
  const parts = Object.entries(result).map(
    ([key, value]) => `${key.replace(/_/g, ' ')} ${value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
  );
  return parts.length ? parts.join(' · ') : 'Done';
}

export const startedBy = (run: JobRunView) => (run.trigger === 'schedule' ? 'Schedule' : (run.staff_email ?? `staff ${run.staff_id ?? '?'}`));

function RunItem({ run }: { run: JobRunView }) {
  return (
    <li
      className="grid grid-cols-[minmax(0,1fr)] gap-x-4 gap-y-1 border-t border-night-700 py-2.5 text-sm [overflow-wrap:anywhere] first:border-t-0 sm:grid-cols-[6rem_minmax(0,1fr)_minmax(0,1.6fr)]"
      data-testid="job-run"
    >
      <div className="flex items-center gap-2 sm:block">
        <Badge tone={RUN_TONES[run.status]}>{run.status}</Badge>
        <span className="text-xs tabular-nums text-mist-400 sm:mt-1 sm:block">{duration(run.duration_ms)}</span>
      </div>
      <div className="min-w-0">
        <p className="whitespace-nowrap text-mist-100">{dateTime(run.started_at)} UTC</p>
        <p className="break-words text-xs text-mist-400">
          Period <span className="font-mono text-mist-300">{run.period}</span>
        </p>
        <p className="break-words text-xs text-mist-400">
          {startedBy(run)}
          {run.node ? (
            <>
              {' · on '}
              <span className="font-mono">{run.node}</span>
            </>
          ) : null}
        </p>
      </div>
      <p className={`min-w-0 break-words text-xs ${run.status === 'failed' ? 'text-ruby-500' : 'text-mist-300'}`}>{summary(run)}</p>
    </li>
  );
}

/** The job's runs: the ones the list brought, then older pages on request. */
export function JobRuns({ name, first }: { name: string; first: JobRunView[] }) {
  const [older, setOlder] = useState<JobRunView[]>([]);
  const [page, setPage] = useState(1);
  const [done, setDone] = useState(first.length < 10);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const runs = [...first, ...older.filter((run) => !first.some((shown) => shown.id === run.id))];

  async function more() {
    setBusy(true);
    const next = page + 1;
    const result = await adminApi('GET', `/api/admin/jobs/${encodeURIComponent(name)}/runs?per_page=10&page=${next}`);
    setBusy(false);
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    setOlder((previous) => [...previous, ...result.body.data]);
    setPage(next);
    setDone(next >= result.body.meta.last_page);
  }

  if (runs.length === 0) return <p className="py-2 text-sm text-mist-400">No runs recorded yet: the first comes at the next scheduled time.</p>;
  return (
    <div>
      <ul aria-label={`Runs of ${name}`}>
        {runs.map((run, i) => (
          <RunItem key={run.id ?? `unrecorded-${i}`} run={run} />
        ))}
      </ul>
      {problem ? <p className="text-sm text-ruby-500">{problem}</p> : null}
      {done ? null : (
        <Button variant="ghost" className="mt-2 min-h-0 px-3 py-1.5" busy={busy} onClick={more}>
          Older runs
        </Button>
      )}
    </div>
  );
}
