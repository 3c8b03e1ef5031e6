import { useState, type FormEvent } from 'react';
import { REALITY_CHECK_MINUTES } from '../../../contract/limits.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { formatDuration, formatWhen } from './format.ts';
import { limitsApi } from './limits-api.ts';
import type { LimitsState } from './use-limits.ts';

const SESSION_CHOICES = [30, 60, 90, 120, 180, 240, 360];

export function SessionSettings({ state }: { state: LimitsState }) {
  const limits = state.limits!;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const sessionOptions = [...new Set([...SESSION_CHOICES, ...(limits.session_minutes ? [limits.session_minutes] : [])])].sort((a, b) => a - b);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const session = String(form.get('session_minutes'));
    const reality = String(form.get('reality_check_minutes'));
    setBusy(true);
    const failed = await state.run(
      () =>
        limitsApi.session({
          session_minutes: session === 'none' ? null : Number(session),
          reality_check_minutes: reality === 'off' ? null : Number(reality),
        }),
      'Your session settings are saved.',
    );
    setBusy(false);
    setProblem(failed ? (Object.values(failed)[0] ?? null) : null);
  }

  return (
    <Card title="Session time and reality checks">
      <p className="text-sm text-mist-300">
        A session limit pauses games once a session has lasted that long. A reality check stops play every so often to show how long you have played and what
        you won or lost; games wait until you answer it.
      </p>
      <form onSubmit={(event) => void submit(event)} className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <SelectField
          name="session_minutes"
          label="Session limit"
          defaultValue={limits.session_minutes ? String(limits.session_minutes) : 'none'}
          key={`session-${limits.session_minutes}`}
          options={[{ value: 'none', label: 'No limit' }, ...sessionOptions.map((m) => ({ value: String(m), label: formatDuration(m) }))]}
        />
        <SelectField
          name="reality_check_minutes"
          label="Reality check"
          defaultValue={limits.reality_check_minutes ? String(limits.reality_check_minutes) : 'off'}
          key={`reality-${limits.reality_check_minutes}`}
          options={[{ value: 'off', label: 'Off' }, ...REALITY_CHECK_MINUTES.map((m) => ({ value: String(m), label: `Every ${formatDuration(m)}` }))]}
        />
        <Button type="submit" busy={busy}>
          Save
        </Button>
      </form>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-ruby-500">
          {problem}
        </p>
      ) : null}
      {limits.session_minutes_pending ? (
        <p className="mt-3 rounded-lg border border-gold-500/40 bg-gold-400/10 p-3 text-sm text-mist-100">
          {limits.session_minutes_pending.minutes === null
            ? 'Removing your session limit'
            : `Raising your session limit to ${formatDuration(limits.session_minutes_pending.minutes)}`}{' '}
          applies from {formatWhen(limits.session_minutes_pending.effective_at)}.
        </p>
      ) : null}
    </Card>
  );
}
