import { type ReactNode, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/jobs';
import type { JobRunView, JobView } from '../../../contract/jobs.ts';
import { Button } from '../../components/ui/button.tsx';
import { adminApi, adminLoad } from '../../features/admin/api.ts';
import { duration, JobRuns, RUN_TONES, startedBy, summary } from '../../features/admin/jobs/job-runs.tsx';
import { type Outcome, ReasonDialog } from '../../features/admin/reason-dialog.tsx';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Badge, dateTime, Loading, Notice } from '../../features/admin/ui.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-mist-400">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-mist-100">{children}</dd>
    </div>
  );
}

function JobCard({ job, canRun, onRun }: { job: JobView; canRun: boolean; onRun: (job: JobView) => void }) {
  const [open, setOpen] = useState(false);
  const last = job.last_runs[0];
  const panel = `runs-${job.name.replace(/[^a-z0-9]/g, '-')}`;
  return (
    <section className="rounded-card border border-night-700 bg-night-850 p-4 [overflow-wrap:anywhere]" aria-labelledby={`${panel}-title`} data-testid="job">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id={`${panel}-title`} className="break-all font-mono text-base font-semibold text-mist-100">
            {job.name}
          </h2>
          <p className="mt-1 text-sm text-mist-300">{job.description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" className="min-h-0 px-3 py-1.5" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
            {open ? 'Hide runs' : 'Runs'}
          </Button>
          {canRun && job.manual ? (
            <Button className="min-h-0 px-3 py-1.5" aria-label={`Run ${job.name} now`} onClick={() => onRun(job)}>
              Run now
            </Button>
          ) : null}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 lg:grid-cols-4">
        <Fact label="Schedule">
          {job.schedule}
          {job.schedule !== job.pattern ? <span className="block font-mono text-xs text-mist-400">{job.pattern}</span> : null}
        </Fact>
        <Fact label="Next run">{job.next_run ? `${dateTime(job.next_run)} UTC` : '—'}</Fact>
        <Fact label="Last run">
          {last ? (
            <>
              <Badge tone={RUN_TONES[last.status]}>{last.status}</Badge> <span className="whitespace-nowrap">{dateTime(last.started_at)}</span>
              <span className="block text-xs text-mist-400">
                {duration(last.duration_ms)} · {startedBy(last)}
              </span>
            </>
          ) : (
            <span className="text-mist-400">Not yet</span>
          )}
        </Fact>
        <Fact label="Last period, node">
          {last ? (
            <>
              <span className="font-mono text-xs">{last.period}</span>
              <span className="block break-all font-mono text-xs text-mist-400">{last.node ?? '—'}</span>
            </>
          ) : (
            <span className="text-mist-400">—</span>
          )}
        </Fact>
      </dl>
      {last ? <p className={`mt-3 break-words text-xs ${last.status === 'failed' ? 'text-ruby-500' : 'text-mist-400'}`}>{summary(last)}</p> : null}
      {open ? (
        <div id={panel} className="mt-4 rounded-lg border border-night-700 bg-night-900/40 px-3 py-1">
          <JobRuns name={job.name} first={job.last_runs} />
        </div>
      ) : null}
    </section>
  );
}

/** What a finished hand run says: its outcome, how long it took and what it did. */
function outcomeOf(run: JobRunView): Outcome {
  if (run.status === 'failed') return { tone: 'error', text: `${run.job} failed after ${duration(run.duration_ms)}: ${summary(run)}` };
  return { tone: 'success', text: `${run.job} ran for period ${run.period} in ${duration(run.duration_ms)}: ${summary(run)}.` };
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => adminLoad(request, '/api/admin/jobs');

export function HydrateFallback() {
  return <Loading />;
}

/** Scheduled jobs: what each does, when it runs, how its last runs went, and a run by hand for those allowed. */
export default function AdminJobs({ loaderData: { data, error } }: Route.ComponentProps) {
  const me = useStaff();
  const canRun = hasPermission(me, 'jobs.run');
  const revalidator = useRevalidator();
  const [running, setRunning] = useState<JobView | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <div className="space-y-5">
      <AdminHeading title="Jobs">
        <Button variant="ghost" onClick={() => revalidator.revalidate()} busy={revalidator.state === 'loading'}>
          Refresh
        </Button>
      </AdminHeading>
      <p className="text-sm text-mist-400">
        Every server runs these on their schedules (times in UTC); a lock lets one server at a time do each run, so the others record it as skipped. Every run
        is kept for 90 days{canRun ? '; a run by hand needs a reason and is written to the audit log' : ''}.
      </p>
      {outcome ? (
        <div data-testid="job-outcome" className="[overflow-wrap:anywhere]">
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {!data ? null : data.length === 0 ? (
        <Notice>No scheduled jobs.</Notice>
      ) : (
        <div className="space-y-4">
          {data.map((job) => (
            <JobCard key={job.name} job={job} canRun={canRun} onRun={setRunning} />
          ))}
        </div>
      )}
      {running ? (
        <ReasonDialog
          title={`Run ${running.name} now`}
          effect={
            <>
              Run <strong className="font-mono">{running.name}</strong> now, for the current period. {running.description} It takes the same lock as the
              schedule, and work already done for the period is not done twice.
            </>
          }
          confirm="Run now"
          tone="primary"
          send={(reason) => adminApi('POST', `/api/admin/jobs/${encodeURIComponent(running.name)}/run`, { reason })}
          onClose={() => setRunning(null)}
          onDone={(result) => {
            setRunning(null);
            setOutcome(outcomeOf(result.body.data));
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </div>
  );
}
