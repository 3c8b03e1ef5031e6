import { useEffect, useState, type FormEvent } from 'react';
import type { MoneyLimit } from '../../../contract/limits.ts';
import { LIMIT_PERIODS, LIMIT_TYPES, type LimitPeriod, type LimitType, PERIOD_LABEL, TYPE_LABEL } from '../../../contract/limits.rules.ts';
import { formatMoney } from '../../../contract/money.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { countdown, formatWhen, parseMajor } from './format.ts';
import { limitsApi } from './limits-api.ts';
import type { LimitsState } from './use-limits.ts';

const TYPE_HINT: Record<LimitType, string> = {
  deposit: 'The most you can deposit: every deposit counts, withdrawals are not taken off.',
  loss: 'The most you can lose: your stakes minus your wins.',
  wager: 'The most you can stake in games.',
};

/** Renders again every 30 seconds so countdowns move on their own. */
function useNow(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((tick) => tick + 1), 30_000);
    return () => window.clearInterval(timer);
  }, []);
}

export function MoneyLimits({ state, currency }: { state: LimitsState; currency: string }) {
  const limits = state.limits?.limits ?? [];
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const money = (minor: number) => formatMoney(minor, currency);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const type = String(form.get('type')) as LimitType;
    const period = String(form.get('period')) as LimitPeriod;
    const amount = parseMajor(String(form.get('amount') ?? ''));
    if (amount === null || amount <= 0) {
      setErrors({ amount: 'Enter an amount, for example 20.00.' });
      return;
    }
    const current = limits.find((limit) => limit.type === type && limit.period === period);
    const raising = current?.amount != null && amount > current.amount;
    setBusy(true);
    const failed = await state.run(
      () => limitsApi.set(type, period, amount),
      raising
        ? `Your raise to ${money(amount)} is waiting: you can confirm it in 24 hours.`
        : `Your ${type} limit is now ${money(amount)} for ${PERIOD_LABEL[period]}.`,
    );
    setBusy(false);
    setErrors(failed ?? {});
  }

  return (
    <Card title="Deposit, loss and wager limits">
      <p className="text-sm text-mist-300">
        Lowering a limit works at once. Raising or removing one takes 24 hours to cool off, and then applies only when you confirm it here; unconfirmed, it
        lapses after 7 days. Each limit counts a rolling window: the last 24 hours, 7 days or 30 days.
      </p>
      <p className="mt-2 text-sm text-mist-400">
        A deposit counts from the moment you ask for it; a declined one stops counting. Crypto sent to your deposit address cannot be turned back on the
        network: if it arrives past your limit, it is still credited to you and we review it.
      </p>
      <form onSubmit={(event) => void submit(event)} className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" noValidate>
        <SelectField name="type" label="Limit" options={LIMIT_TYPES.map((type) => ({ value: type, label: TYPE_LABEL[type] }))} />
        <SelectField name="period" label="Per" options={LIMIT_PERIODS.map((period) => ({ value: period, label: PERIOD_LABEL[period] }))} />
        <TextField name="amount" label={`Amount (${currency})`} inputMode="decimal" autoComplete="off" placeholder="20.00" error={errors.amount} />
        <Button type="submit" busy={busy}>
          Save limit
        </Button>
      </form>
      {limits.length === 0 ? (
        <p className="mt-5 rounded-lg border border-dashed border-night-600 px-4 py-6 text-center text-sm text-mist-400">
          You have no deposit, loss or wager limits yet.
        </p>
      ) : (
        <ul className="mt-5 grid gap-3 lg:grid-cols-2" aria-label="Your limits">
          {limits.map((limit) => (
            <LimitItem key={`${limit.type}-${limit.period}`} limit={limit} state={state} money={money} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function LimitItem({ limit, state, money }: { limit: MoneyLimit; state: LimitsState; money: (minor: number) => string }) {
  useNow();
  const now = Date.now();
  const [busy, setBusy] = useState<string | null>(null);
  const name = `${TYPE_LABEL[limit.type]} limit · ${PERIOD_LABEL[limit.period]}`;
  const share = limit.amount ? Math.min(100, Math.round((limit.used / limit.amount) * 100)) : 0;
  const pending = limit.pending;
  const wait = pending ? countdown(pending.effective_at, now) : null;

  async function act(kind: string, action: () => ReturnType<typeof limitsApi.set>, done: string) {
    setBusy(kind);
    await state.run(action, done);
    setBusy(null);
  }

  return (
    <li className="rounded-lg border border-night-700 bg-night-900 p-4" data-testid={`limit-${limit.type}-${limit.period}`}>
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="font-semibold text-mist-100">{name}</h3>
        <p className="font-bold text-gold-300">{limit.amount === null ? 'No limit' : money(limit.amount)}</p>
      </div>
      <p className="mt-0.5 text-xs text-mist-400">{TYPE_HINT[limit.type]}</p>
      {limit.amount !== null ? (
        <>
          <div
            className="mt-3 h-2 overflow-hidden rounded-full bg-night-700"
            role="progressbar"
            aria-label={`${name} used`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={share}
          >
            <div
              className={`h-full rounded-full ${share >= 100 ? 'bg-ruby-500' : share >= 80 ? 'bg-gold-500' : 'bg-felt-500'}`}
              style={{ width: `${share}%` }}
            />
          </div>
          <p className="mt-2 flex flex-wrap justify-between gap-x-3 text-sm text-mist-300">
            <span>{money(limit.used)} used</span>
            <span className="text-mist-100">{money(limit.remaining ?? 0)} left</span>
          </p>
          {limit.resets_at ? <p className="mt-1 text-xs text-mist-400">Room frees up from {formatWhen(limit.resets_at)}</p> : null}
        </>
      ) : null}
      {pending ? (
        <div className="mt-3 rounded-lg border border-gold-500/40 bg-gold-400/10 p-3 text-sm" data-testid="pending-change">
          <p className="text-mist-100">
            {pending.amount === null ? 'Removing this limit' : `Raising to ${money(pending.amount)}`}:{' '}
            {wait ? (
              <>
                you can confirm in <strong data-testid="countdown">{wait}</strong> ({formatWhen(pending.effective_at)}).
              </>
            ) : (
              <>ready for your confirmation until {formatWhen(pending.lapses_at)}.</>
            )}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              className="min-h-9 py-1"
              disabled={wait !== null}
              busy={busy === 'confirm'}
              onClick={() => void act('confirm', () => limitsApi.confirm(limit.type, limit.period), 'Your change is confirmed and applies now.')}
            >
              Confirm change
            </Button>
            <Button
              variant="ghost"
              className="min-h-9 py-1"
              busy={busy === 'cancel'}
              onClick={() => void act('cancel', () => limitsApi.cancel(limit.type, limit.period), 'The change was cancelled; your limit stays.')}
            >
              Cancel change
            </Button>
          </div>
        </div>
      ) : limit.amount !== null ? (
        <button
          type="button"
          className="mt-3 text-sm text-mist-400 underline decoration-dotted underline-offset-4 hover:text-mist-100"
          disabled={busy !== null}
          onClick={() => void act('remove', () => limitsApi.set(limit.type, limit.period, null), 'Removing the limit waits 24 hours and your confirmation.')}
        >
          Remove this limit
        </button>
      ) : null}
    </li>
  );
}
