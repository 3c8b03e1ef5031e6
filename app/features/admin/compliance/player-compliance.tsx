// The player page's compliance section (issue 33 §5): the player's alerts, and the responses staff recorded to
// markers of harm (a message, a call, a limit suggested, an enforced break), with a form to record one.
import { type FormEvent, useState } from 'react';
import { INTERVENTION_KINDS } from '../../../../contract/compliance.rules.ts';
import { TIME_OUT_DAYS } from '../../../../contract/limits.rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { adminApi, useAdminData } from '../api.ts';
import { Badge, dateTime, Notice } from '../ui.tsx';
import { AlertKindBadge } from './facts.tsx';

const KIND_LABELS: Record<(typeof INTERVENTION_KINDS)[number], string> = {
  message: 'Message sent',
  call: 'Call logged',
  limit_suggested: 'Limit suggested',
  break: 'Enforced break',
};

export function PlayerCompliance({ playerId, canManage }: { playerId: string; canManage: boolean }) {
  const alerts = useAdminData(`/api/admin/compliance/alerts?player_id=${playerId}`);
  const responses = useAdminData(`/api/admin/compliance/players/${playerId}/interventions`);
  const [kind, setKind] = useState<(typeof INTERVENTION_KINDS)[number]>('call');
  const [alertId, setAlertId] = useState('');
  const [breakDays, setBreakDays] = useState<(typeof TIME_OUT_DAYS)[number]>(1);
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const alertRows = alerts.data ?? [];
  const responseRows = responses.data ?? [];
  const harm = alertRows.filter((alert) => alert.kind === 'rg');
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const result = await adminApi('POST', `/api/admin/compliance/players/${playerId}/interventions`, {
      kind,
      note,
      alert_id: alertId || null,
      ...(kind === 'break' ? { break_days: breakDays } : {}),
    });
    setBusy(false);
    const started = kind === 'break' ? ` The player is timed out for ${breakDays === 1 ? '1 day' : `${breakDays} days`}.` : '';
    setOutcome(result.ok ? { tone: 'success', text: `${KIND_LABELS[kind]}: recorded.${started}` } : { tone: 'error', text: result.message });
    if (result.ok) {
      setNote('');
      responses.reload();
    }
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title="Compliance alerts">
        {alerts.error ? <Notice tone="error">{alerts.error}</Notice> : null}
        {alertRows.length === 0 ? (
          <p className="text-sm text-mist-400">No alerts.</p>
        ) : (
          <ul className="divide-y divide-night-700 text-sm">
            {alertRows.map((alert) => (
              <li key={alert.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <AlertKindBadge kind={alert.kind} /> <span className="text-mist-100">{alert.label}</span>
                </span>
                <span className="text-mist-400">
                  <Badge tone={alert.status === 'open' ? 'warn' : 'good'}>{alert.status}</Badge> {dateTime(alert.created_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Responses to markers of harm">
        {responseRows.length === 0 ? (
          <p className="text-sm text-mist-400">None recorded.</p>
        ) : (
          <ul className="divide-y divide-night-700 text-sm">
            {responseRows.map((row) => (
              <li key={row.id} className="py-2">
                <span className="font-medium text-mist-100">{KIND_LABELS[row.kind as keyof typeof KIND_LABELS] ?? row.kind}</span>
                <span className="text-mist-400">
                  {' '}
                  · staff {row.staff_id} · {dateTime(row.created_at)}
                </span>
                <p className="whitespace-pre-wrap break-words text-mist-300">{row.note}</p>
              </li>
            ))}
          </ul>
        )}
        {canManage ? (
          <form onSubmit={submit} className="mt-4 space-y-3" aria-label="Record a response">
            <SelectField
              label="Response"
              value={kind}
              onChange={(event) => setKind(event.target.value as typeof kind)}
              options={INTERVENTION_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
            />
            {harm.length > 0 ? (
              <SelectField
                label="About the alert"
                value={alertId}
                onChange={(event) => setAlertId(event.target.value)}
                options={[
                  { value: '', label: 'No particular alert' },
                  ...harm.map((alert) => ({ value: alert.id, label: `${alert.label}, ${dateTime(alert.created_at)}` })),
                ]}
              />
            ) : null}
            <TextAreaField
              label="What was done"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              rows={3}
              required
              minLength={3}
              maxLength={500}
            />
            {kind === 'break' ? (
              <>
                <SelectField
                  label="Break length"
                  value={String(breakDays)}
                  onChange={(event) => setBreakDays(Number(event.target.value) as typeof breakDays)}
                  options={TIME_OUT_DAYS.map((days) => ({ value: String(days), label: days === 1 ? '1 day' : `${days} days` }))}
                />
                <p className="text-xs text-mist-400">
                  Recording the break starts it: the player is timed out at once and cannot play or deposit until it ends.
                </p>
              </>
            ) : null}
            {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
            <Button type="submit" busy={busy}>
              Record response
            </Button>
          </form>
        ) : null}
      </Card>
    </div>
  );
}
