import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import type { Route } from './+types/compliance';
import type { AlertView, CaseView, ComplianceSummary } from '../../../contract/compliance.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox, TextField } from '../../components/ui/field.tsx';
import { AdminList } from '../../features/admin/admin-list.tsx';
import { AlertFacts, AlertKindBadge, OUTCOME_LABELS, STATE_TONES } from '../../features/admin/compliance/facts.tsx';
import { adminApi, adminLoad, type Loaded } from '../../features/admin/api.ts';
import { type Outcome, ReasonDialog } from '../../features/admin/reason-dialog.tsx';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Badge, ChoiceGroup, dateTime, Loading, Notice, PlayerLink, Stat } from '../../features/admin/ui.tsx';

const STATUS_CHOICES = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
] as const;
/** The alerts shown: the address's `alerts` (open unless it says closed). */
const alertStatusOf = (params: URLSearchParams): 'open' | 'closed' => (params.get('alerts') === 'closed' ? 'closed' : 'open');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const status = alertStatusOf(new URL(request.url).searchParams);
  const [summary, alerts, cases] = await Promise.all([
    adminLoad(request, '/api/admin/compliance/summary'),
    adminLoad(request, `/api/admin/compliance/alerts?status=${status}`),
    adminLoad(request, '/api/admin/compliance/cases'),
  ]);
  return { status, summary, alerts, cases };
}

export function HydrateFallback() {
  return <Loading />;
}

function Summary({ summary }: { summary: ComplianceSummary }) {
  return (
    <section aria-labelledby="by-age" className="space-y-3">
      <h2 id="by-age" className="text-lg font-semibold text-mist-100">
        Open alerts by age
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Stat label="Open alerts" value={summary.open} />
        <Stat label="Under a day" value={summary.by_age.under_a_day} />
        <Stat label="1 to 7 days" value={summary.by_age.one_to_seven_days} />
        <Stat label="Over 7 days" value={summary.by_age.over_seven_days} />
        <Stat label="Open cases" value={summary.open_cases} />
      </div>
      <h2 className="pt-2 text-lg font-semibold text-mist-100">Open alerts by rule</h2>
      <AdminList
        caption="Open alerts by rule"
        empty="No open alerts."
        minWidth="min-w-[32rem]"
        rows={summary.by_rule}
        rowKey={(row) => row.rule}
        columns={[
          {
            key: 'rule',
            header: 'Rule',
            cell: (row) => (
              <span>
                <AlertKindBadge kind={row.kind} /> <span className="text-mist-100">{row.label}</span>
              </span>
            ),
          },
          { key: 'open', header: 'Open', align: 'right', cell: (row) => row.open },
          { key: 'day', header: '< 1 day', align: 'right', cell: (row) => row.under_a_day },
          { key: 'week', header: '1–7 days', align: 'right', cell: (row) => row.one_to_seven_days },
          { key: 'older', header: '> 7 days', align: 'right', cell: (row) => row.over_seven_days },
        ]}
      />
    </section>
  );
}

/** Opens a case from the chosen alerts and goes to it. */
function NewCase({ alertIds, onCancel }: { alertIds: string[]; onCancel: () => void }) {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const result = await adminApi('POST', '/api/admin/compliance/cases', { title, alert_ids: alertIds });
    setBusy(false);
    if (result.ok) navigate(`/admin/compliance/cases/${result.body.data.id}`);
    else setProblem(result.message);
  }
  return (
    <form onSubmit={submit} className="space-y-3 rounded-card border border-night-700 bg-night-850 p-4" aria-label="Open a case">
      <p className="text-sm text-mist-300">
        Open a case with {alertIds.length} {alertIds.length === 1 ? 'alert' : 'alerts'}.
      </p>
      <TextField label="Case title" value={title} onChange={(event) => setTitle(event.target.value)} required minLength={3} maxLength={120} />
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy}>
          Open case
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Alerts({ canManage, status, alerts }: { canManage: boolean; status: 'open' | 'closed'; alerts: Loaded<AlertView[]> }) {
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [chosen, setChosen] = useState<string[]>([]);
  const [opening, setOpening] = useState(false);
  const [closing, setClosing] = useState<AlertView | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const toggle = (id: string) => setChosen((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));
  return (
    <section aria-labelledby="alerts" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="alerts" className="text-lg font-semibold text-mist-100">
          Alerts
        </h2>
        <ChoiceGroup
          label="Alert status"
          value={status}
          choices={STATUS_CHOICES}
          onChoose={(value) => {
            setSearchParams(value === 'open' ? {} : { alerts: value }, { preventScrollReset: true });
            setChosen([]);
          }}
        />
      </div>
      {canManage && status === 'open' && chosen.length > 0 && !opening ? (
        <Button onClick={() => setOpening(true)}>Open a case with {chosen.length} chosen</Button>
      ) : null}
      {opening ? <NewCase alertIds={chosen} onCancel={() => setOpening(false)} /> : null}
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {alerts.error !== null ? (
        <Notice tone="error">{alerts.error}</Notice>
      ) : (
        <AdminList
          caption="Alerts"
          empty={status === 'open' ? 'No open alerts.' : 'No closed alerts yet.'}
          rows={alerts.data}
          rowKey={(alert) => alert.id}
          columns={[
            {
              key: 'alert',
              header: 'Alert',
              cell: (alert) => (
                <span className="block min-w-40">
                  {canManage && alert.status === 'open' && alert.case_id === null ? (
                    <Checkbox
                      label={<span className="text-mist-100">{alert.label}</span>}
                      checked={chosen.includes(alert.id)}
                      onChange={() => toggle(alert.id)}
                    />
                  ) : (
                    <span className="text-mist-100">{alert.label}</span>
                  )}
                  <span className="mt-1 block">
                    <AlertKindBadge kind={alert.kind} />{' '}
                    {alert.hold_withdrawals && alert.status === 'open' ? <Badge tone="bad">Holds withdrawals</Badge> : null}
                  </span>
                </span>
              ),
            },
            { key: 'player', header: 'Player', cell: (alert) => <PlayerLink id={alert.player_id} /> },
            { key: 'facts', header: 'Facts', cell: (alert) => <AlertFacts facts={alert.facts} /> },
            {
              key: 'case',
              header: 'Case',
              cell: (alert) =>
                alert.case_id ? (
                  <Link className="text-gold-400 underline" to={`/admin/compliance/cases/${alert.case_id}`}>{`Case ${alert.case_id}`}</Link>
                ) : (
                  '—'
                ),
            },
            { key: 'at', header: 'Raised', cell: (alert) => <span className="whitespace-nowrap">{dateTime(alert.created_at)}</span> },
            {
              key: 'actions',
              header: '',
              quiet: true,
              cell: (alert) =>
                canManage && alert.status === 'open' && alert.case_id === null ? (
                  <Button variant="ghost" className="min-h-0 px-3 py-1.5" aria-label={`Close alert ${alert.id}`} onClick={() => setClosing(alert)}>
                    Close
                  </Button>
                ) : (
                  (alert.resolution ?? '')
                ),
            },
          ]}
        />
      )}
      {closing ? (
        <ReasonDialog
          title={`Close alert ${closing.id}`}
          effect={
            <>
              Close the {closing.label.toLowerCase()} alert about player {closing.player_id} without a case
              {closing.hold_withdrawals ? '; this releases its hold on their withdrawals' : ''}.
            </>
          }
          confirm="Close alert"
          tone="primary"
          reasonLabel="Resolution"
          send={(resolution) => adminApi('POST', `/api/admin/compliance/alerts/${closing.id}/close`, { resolution })}
          onClose={() => setClosing(null)}
          onDone={() => {
            setOutcome({ tone: 'success', text: `Alert ${closing.id} is closed.` });
            setClosing(null);
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </section>
  );
}

function Cases({ cases }: { cases: Loaded<CaseView[]> }) {
  return (
    <section aria-labelledby="cases" className="space-y-3">
      <h2 id="cases" className="text-lg font-semibold text-mist-100">
        Cases
      </h2>
      {cases.error !== null ? (
        <Notice tone="error">{cases.error}</Notice>
      ) : (
        <AdminList
          caption="Cases"
          empty="No cases yet. Choose open alerts above to open one."
          minWidth="min-w-[32rem]"
          rows={cases.data}
          rowKey={(row) => row.id}
          columns={[
            {
              key: 'title',
              header: 'Case',
              cell: (row) => (
                <Link className="text-gold-400 underline" to={`/admin/compliance/cases/${row.id}`}>
                  {`#${row.id} ${row.title}`}
                </Link>
              ),
            },
            {
              key: 'state',
              header: 'State',
              cell: (row) => (
                <span>
                  <Badge tone={STATE_TONES[row.state as keyof typeof STATE_TONES] ?? 'neutral'}>{row.state}</Badge>
                  {row.outcome ? <span className="block text-xs text-mist-400">{OUTCOME_LABELS[row.outcome] ?? row.outcome}</span> : null}
                  {row.close_requested_by && row.state !== 'closed' ? <span className="block text-xs text-mist-400">Close awaits a second member</span> : null}
                </span>
              ),
            },
            { key: 'updated', header: 'Updated', cell: (row) => <span className="whitespace-nowrap">{dateTime(row.updated_at)}</span> },
          ]}
        />
      )}
    </section>
  );
}

/** The compliance dashboard: open alerts by rule and age, the alerts themselves (chosen into a case), and the cases. */
export default function AdminCompliance({ loaderData: { status, summary, alerts, cases } }: Route.ComponentProps) {
  const me = useStaff();
  const canManage = hasPermission(me, 'compliance.manage');
  const revalidator = useRevalidator();
  return (
    <div className="space-y-6">
      <AdminHeading title="Compliance">
        <Link className="text-sm text-gold-400 underline" to="/admin/compliance/rules">
          Rules and thresholds
        </Link>
        <Button variant="ghost" onClick={() => revalidator.revalidate()} busy={revalidator.state === 'loading'}>
          Refresh
        </Button>
      </AdminHeading>
      <p className="text-sm text-mist-400">
        Alerts come from the money and behaviour rules, the markers of harm, linked accounts and sanctions screening. An alert that holds withdrawals keeps the
        player&apos;s withdrawals pending until it is closed, alone or with its case.
      </p>
      {summary.error !== null ? <Notice tone="error">{summary.error}</Notice> : <Summary summary={summary.data} />}
      <Alerts canManage={canManage} status={status} alerts={alerts} />
      <Cases cases={cases} />
    </div>
  );
}
