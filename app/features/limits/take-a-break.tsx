import { useState, type FormEvent } from 'react';
import { SELF_EXCLUSION_MONTHS, TIME_OUT_DAYS } from '../../../contract/limits.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { formatWhen } from './format.ts';
import { limitsApi } from './limits-api.ts';
import type { LimitsState } from './use-limits.ts';

const DAYS_LABEL: Record<number, string> = { 1: '24 hours', 7: '7 days', 30: '30 days', 42: '6 weeks' };
const MONTHS_LABEL: Record<number, string> = { 6: '6 months', 12: '1 year', 24: '2 years', 60: '5 years' };

const CONSEQUENCES = [
  'You cannot deposit, play games for real money or claim bonuses until it ends; nobody can shorten or lift it, not even our support team.',
  'You can still sign in, see your history and withdraw your balance.',
  'We stop sending you marketing and switch off the newsletter. Open bonuses are forfeited.',
];

export function TakeABreak({ state }: { state: LimitsState }) {
  const limits = state.limits!;
  return (
    <Card title="Take a break">
      {limits.excluded ? <CurrentBreak state={state} /> : null}
      <ul className="list-disc space-y-1 pl-5 text-sm text-mist-300">
        {CONSEQUENCES.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="mt-5 grid gap-5 lg:grid-cols-2">
        <BreakForm
          kind="time-out"
          title="Time-out"
          lead="A short break from 24 hours to 6 weeks."
          choices={TIME_OUT_DAYS.map((days) => ({ value: String(days), label: DAYS_LABEL[days]! }))}
          button="Start time-out"
          onSubmit={(choice, password) => state.run(() => limitsApi.timeOut(Number(choice), password), 'Your time-out has started.')}
        />
        <BreakForm
          kind="self-exclusion"
          title="Self-exclusion"
          lead="At least 6 months. When it ends, your account stays closed to play until you ask to return and 24 more hours pass."
          choices={SELF_EXCLUSION_MONTHS.map((months) => ({ value: String(months), label: MONTHS_LABEL[months]! }))}
          button="Exclude me"
          onSubmit={(choice, password) => state.run(() => limitsApi.selfExclude(Number(choice), password), 'Your self-exclusion has started.')}
        />
      </div>
    </Card>
  );
}

function CurrentBreak({ state }: { state: LimitsState }) {
  const limits = state.limits!;
  const [busy, setBusy] = useState(false);
  const now = Date.now();
  const selfExcluded = limits.self_excluded_until !== null && Date.parse(limits.self_excluded_until) > now;
  const timedOut = limits.timeout_until !== null && Date.parse(limits.timeout_until) > now;
  const canAskToReturn = limits.self_excluded_until !== null && !selfExcluded && !timedOut && limits.return_at === null;
  let text: string;
  if (selfExcluded) text = `You have excluded yourself until ${formatWhen(limits.self_excluded_until!)}.`;
  else if (timedOut) text = `You are taking a time-out until ${formatWhen(limits.timeout_until!)}.`;
  else if (limits.return_at) text = `You asked to return: play opens again at ${formatWhen(limits.return_at)}.`;
  else text = 'Your self-exclusion has ended. Your account stays closed to play until you ask to return; play then opens 24 hours later.';
  return (
    <div className="mb-4 rounded-lg border border-ruby-500/50 bg-ruby-500/10 p-4 text-sm text-mist-100" data-testid="current-break">
      <p>{text}</p>
      {canAskToReturn ? (
        <Button
          className="mt-3"
          busy={busy}
          onClick={async () => {
            setBusy(true);
            await state.run(() => limitsApi.requestReturn(), 'You asked to return: play opens in 24 hours.');
            setBusy(false);
          }}
        >
          Ask to return
        </Button>
      ) : null}
    </div>
  );
}

function BreakForm({
  kind,
  title,
  lead,
  choices,
  button,
  onSubmit,
}: {
  kind: string;
  title: string;
  lead: string;
  choices: { value: string; label: string }[];
  button: string;
  onSubmit: (choice: string, password: string) => Promise<Record<string, string> | null>;
}) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const password = String(form.get('password') ?? '');
    if (!password) {
      setErrors({ password: 'Enter your password to confirm.' });
      return;
    }
    setBusy(true);
    const failed = await onSubmit(String(form.get('length')), password);
    setBusy(false);
    setErrors(failed ?? {});
    if (!failed) formElement.reset();
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3 rounded-lg border border-night-700 bg-night-900 p-4" data-testid={kind} noValidate>
      <div>
        <h3 className="font-semibold text-mist-100">{title}</h3>
        <p className="mt-1 text-sm text-mist-400">{lead}</p>
      </div>
      <SelectField name="length" label="For" options={choices} />
      <TextField name="password" type="password" label="Your password, to confirm" autoComplete="current-password" error={errors.password} />
      {errors.form ? (
        <p role="alert" className="text-sm text-ruby-500">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" variant="danger" busy={busy}>
        {button}
      </Button>
    </form>
  );
}
