// The back office's player page, section by section (issue 18): standing, bonuses, limits and exclusions, loyalty and
// VIP, and the action forms each section's permission allows (the game rounds are in player-rounds.tsx). The route
// (app/routes/admin/player.tsx) lays them out; every change posts to the operator API and reloads the page's data.
import { type FormEvent, type ReactNode, useState } from 'react';
import { LIMIT_PERIODS, LIMIT_TYPES, SELF_EXCLUSION_MONTHS, TIME_OUT_DAYS } from '../../../contract/limits.rules.ts';
import type { PlayerDetail } from '../../../contract/operators.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { type ApiBody, type ApiMethod, firstErrors } from '../../lib/api.ts';
import { adminApi } from './api.ts';
import { Badge, dateTime, money, Notice } from './ui.tsx';

type Outcome = { tone: 'success' | 'error'; text: string } | null;
const PERIOD_LABEL: Record<string, string> = { day: '24 hours', week: '7 days', month: '30 days' };
const TYPE_LABEL: Record<string, string> = { deposit: 'Deposit', loss: 'Loss', wager: 'Wager' };
const LIMIT_TYPE_OPTIONS = LIMIT_TYPES.map((value) => ({ value, label: TYPE_LABEL[value] ?? value }));
const LIMIT_PERIOD_OPTIONS = LIMIT_PERIODS.map((value) => ({ value, label: PERIOD_LABEL[value] ?? value }));
/** A select's value as one of `values` (the select offers no other), else the first. */
const oneOf = <V extends string>(values: readonly [V, ...V[]], value: FormDataEntryValue | null): V =>
  values.find((candidate) => candidate === value) ?? values[0];

export function Rows({ empty, children }: { empty: boolean; children: ReactNode }) {
  return empty ? <p className="text-sm text-mist-400">Nothing yet.</p> : <ul className="divide-y divide-night-700 text-sm">{children}</ul>;
}

/** Label and value pairs. */
export function Facts({ items, columns = 1 }: { items: [string, ReactNode][]; columns?: 1 | 2 }) {
  return (
    <dl className={`grid gap-x-6 gap-y-2 text-sm ${columns === 2 ? 'grid-cols-1 sm:grid-cols-2' : 'grid-cols-1'}`}>
      {items.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3">
          <dt className="text-mist-400">{label}</dt>
          <dd className="break-all text-right tabular-nums text-mist-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const errorText = (result: { message: string; errors?: Record<string, string[]> }) => Object.values(firstErrors(result.errors))[0] ?? result.message;

/** One action form: sends its fields (the body `method path` takes), shows the outcome, reloads the page's data. */
export function ActionForm<M extends ApiMethod, P extends string>({
  title,
  path,
  method,
  submit,
  reload,
  children,
  toBody,
}: {
  title: string;
  path: P;
  method: M;
  submit: string;
  reload: () => void;
  children: ReactNode;
  toBody: (form: FormData) => ApiBody<M, P>;
}) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    setBusy(true);
    const result = await adminApi(method, path, toBody(new FormData(element)));
    setBusy(false);
    if (result.ok) {
      element.reset();
      setOutcome({ tone: 'success', text: 'Done.' });
      reload();
    } else setOutcome({ tone: 'error', text: errorText(result) });
  }
  return (
    <form onSubmit={send} className="space-y-3" aria-label={title} noValidate>
      <h3 className="font-medium text-mist-100">{title}</h3>
      {children}
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      <Button type="submit" variant="ghost" busy={busy}>
        {submit}
      </Button>
    </form>
  );
}

/** A grave action (a time-out, a self-exclusion): choose, then confirm in a second step that says what happens. */
function ConfirmedAction<V extends number, P extends string>({
  title,
  label,
  options,
  confirmText,
  path,
  toBody,
  reload,
}: {
  title: string;
  label: string;
  options: readonly { value: V; label: string }[];
  confirmText: (value: V) => string;
  path: P;
  toBody: (value: V) => ApiBody<'POST', P>;
  reload: () => void;
}) {
  const [value, setValue] = useState(options[0]!.value);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function confirm() {
    setBusy(true);
    const result = await adminApi('POST', path, toBody(value));
    setBusy(false);
    setAsking(false);
    setOutcome(result.ok ? { tone: 'success', text: 'Done.' } : { tone: 'error', text: errorText(result) });
    if (result.ok) reload();
  }
  return (
    <section className="space-y-3" aria-label={title}>
      <h3 className="font-medium text-mist-100">{title}</h3>
      <SelectField
        label={label}
        value={String(value)}
        onChange={(event) => setValue(options.find((option) => String(option.value) === event.target.value)?.value ?? value)}
        options={options.map((option) => ({ value: String(option.value), label: option.label }))}
        disabled={asking}
      />
      {asking ? (
        <div role="alertdialog" aria-label={`Confirm ${title.toLowerCase()}`} className="space-y-2 rounded-lg border border-ruby-500/60 p-3">
          <p className="text-sm text-mist-100">{confirmText(value)}</p>
          <div className="flex gap-2">
            <Button variant="danger" busy={busy} onClick={() => void confirm()}>
              Confirm
            </Button>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="ghost" onClick={() => setAsking(true)}>
          {title}…
        </Button>
      )}
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
    </section>
  );
}

/** Where the player stands: active, inactive, blocked, timed out or self-excluded (with until when). */
export function standingOf(data: PlayerDetail): { label: string; tone: 'good' | 'bad' | 'warn' | 'neutral'; until: string | null } {
  const { profile, limits } = data;
  if (profile.blocked) return { label: 'blocked', tone: 'bad', until: null };
  if (limits.self_excluded_until || (limits.excluded && !limits.timeout_until))
    return { label: 'self-excluded', tone: 'bad', until: limits.excluded_until ?? limits.self_excluded_until };
  if (limits.excluded) return { label: 'timed out', tone: 'warn', until: limits.timeout_until };
  return profile.active ? { label: 'active', tone: 'good', until: null } : { label: 'inactive', tone: 'neutral', until: null };
}

export function BonusesSection({ data, id, canGrant, reload }: { data: PlayerDetail; id: string; canGrant: boolean; reload: () => void }) {
  const open = data.bonuses.filter((bonus) => bonus.status === 'active' || bonus.status === 'pending');
  const finished = data.bonuses.filter((bonus) => !open.includes(bonus));
  const row = (bonus: PlayerDetail['bonuses'][number]) => {
    const progress = bonus.wagering_required > 0 ? Math.min(100, Math.floor((bonus.wagered / bonus.wagering_required) * 100)) : 100;
    return (
      <li key={bonus.id} className="space-y-1 py-2" data-testid="bonus-row">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-mist-100">
            {bonus.title} <span className="text-xs text-mist-400">({bonus.slug})</span>
          </span>
          <Badge tone={bonus.status === 'active' ? 'good' : bonus.status === 'forfeited' || bonus.status === 'expired' ? 'bad' : 'neutral'}>
            {bonus.status}
          </Badge>
        </div>
        <div className="flex flex-wrap justify-between gap-2 text-xs text-mist-400">
          <span>
            {money(bonus.amount, data.wallet.currency)} granted {dateTime(bonus.created_at)}
            {bonus.expires_at && open.includes(bonus) ? ` · expires ${dateTime(bonus.expires_at)}` : ''}
          </span>
          <span className="tabular-nums">
            wagered {money(bonus.wagered, data.wallet.currency)} of {money(bonus.wagering_required, data.wallet.currency)}
          </span>
        </div>
        <div
          className="h-1.5 overflow-hidden rounded-full bg-night-700"
          role="progressbar"
          aria-label={`Wagering of ${bonus.title}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <div className="h-full bg-gold-400" style={{ width: `${progress}%` }} />
        </div>
      </li>
    );
  };
  return (
    <Card title="Bonuses">
      <div className="space-y-4">
        <div>
          <h3 className="mb-1 text-xs uppercase tracking-wide text-mist-400">Active</h3>
          <Rows empty={open.length === 0}>{open.map(row)}</Rows>
        </div>
        <div>
          <h3 className="mb-1 text-xs uppercase tracking-wide text-mist-400">Finished</h3>
          <Rows empty={finished.length === 0}>{finished.map(row)}</Rows>
        </div>
        {canGrant ? (
          <div className="border-t border-night-700 pt-4">
            <ActionForm
              title="Grant a bonus"
              path={`/api/admin/players/${id}/bonuses`}
              method="POST"
              submit="Grant bonus"
              reload={reload}
              toBody={(form) => ({ slug: String(form.get('slug') ?? '').trim() })}
            >
              <TextField label="Bonus slug" name="slug" maxLength={64} placeholder="demo-chip" />
            </ActionForm>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

export function LimitsSection({ data, id, canManage, reload }: { data: PlayerDetail; id: string; canManage: boolean; reload: () => void }) {
  const { limits } = data;
  const currency = limits.currency;
  const standing = standingOf(data);
  return (
    <Card title="Limits and exclusions">
      <div className="space-y-4">
        <Facts
          items={[
            [
              'Play and deposits',
              <Badge key="play" tone={limits.excluded ? 'bad' : 'good'}>
                {limits.excluded ? `refused (${standing.label})` : 'allowed'}
              </Badge>,
            ],
            ['Time-out until', dateTime(limits.timeout_until)],
            ['Self-excluded until', dateTime(limits.self_excluded_until)],
            ['Session limit', limits.session_minutes ? `${limits.session_minutes} min` : '—'],
            ['Reality check', limits.reality_check_minutes ? `every ${limits.reality_check_minutes} min` : '—'],
          ]}
        />
        <div>
          <h3 className="mb-1 text-xs uppercase tracking-wide text-mist-400">Money limits</h3>
          <Rows empty={limits.limits.length === 0}>
            {limits.limits.map((limit) => (
              <li key={`${limit.type}-${limit.period}`} className="py-2" data-testid="limit-row">
                <div className="flex flex-wrap justify-between gap-2">
                  <span className="text-mist-100">
                    {TYPE_LABEL[limit.type]} per {PERIOD_LABEL[limit.period]}
                  </span>
                  <span className="tabular-nums text-mist-100">{limit.amount === null ? '—' : money(limit.amount, currency)}</span>
                </div>
                <div className="flex flex-wrap justify-between gap-2 text-xs text-mist-400">
                  <span>used {money(limit.used, currency)}</span>
                  {limit.pending ? (
                    <Badge tone="warn">
                      pending: {limit.pending.amount === null ? 'removal' : money(limit.pending.amount, currency)} from {dateTime(limit.pending.effective_at)}
                    </Badge>
                  ) : null}
                </div>
              </li>
            ))}
          </Rows>
        </div>
        {canManage ? (
          <div className="grid gap-5 border-t border-night-700 pt-4">
            <ActionForm
              title="Tighten a limit"
              path={`/api/admin/players/${id}/limits`}
              method="PUT"
              submit="Set limit"
              reload={reload}
              toBody={(form) => ({
                type: oneOf(LIMIT_TYPES, form.get('type')),
                period: oneOf(LIMIT_PERIODS, form.get('period')),
                amount: Math.round(Number(form.get('amount')) * 100),
              })}
            >
              <div className="grid gap-3 sm:grid-cols-3">
                <SelectField label="Limit" name="type" options={LIMIT_TYPE_OPTIONS} defaultValue="deposit" />
                <SelectField label="Period" name="period" options={LIMIT_PERIOD_OPTIONS} defaultValue="day" />
                <TextField label={`Amount (${currency})`} name="amount" inputMode="decimal" />
              </div>
              <p className="text-xs text-mist-400">Only a first limit or a lower one: raising or removing is the player's own choice.</p>
            </ActionForm>
            <div className="grid gap-5 sm:grid-cols-2">
              <ConfirmedAction
                title="Time out"
                label="Length"
                options={TIME_OUT_DAYS.map((days) => ({ value: days, label: `${days} day${days === 1 ? '' : 's'}` }))}
                confirmText={(days) => `Time the player out for ${days} day(s)? They cannot play or deposit, and open bonuses are forfeited.`}
                path={`/api/admin/players/${id}/time-out`}
                toBody={(days) => ({ days })}
                reload={reload}
              />
              <ConfirmedAction
                title="Self-exclude"
                label="Length"
                options={SELF_EXCLUSION_MONTHS.map((months) => ({ value: months, label: `${months} months` }))}
                confirmText={(months) => `Exclude the player for ${months} months? It cannot be lifted early; open bonuses are forfeited and marketing stops.`}
                path={`/api/admin/players/${id}/self-exclusion`}
                toBody={(months) => ({ months })}
                reload={reload}
              />
            </div>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

export function LoyaltySection({ data, id, canAdjust, reload }: { data: PlayerDetail; id: string; canAdjust: boolean; reload: () => void }) {
  const { loyalty, vip } = data;
  return (
    <Card title="Loyalty and VIP" action={<Badge tone={vip.tier.slug === 'bronze' ? 'neutral' : 'warn'}>{vip.tier.name}</Badge>}>
      <div className="space-y-4">
        <Facts
          items={[
            ['Points', loyalty.points.toLocaleString('en')],
            ['Lifetime points', loyalty.lifetime_points.toLocaleString('en')],
            ['This month / last month', `${vip.points_this_month.toLocaleString('en')} / ${vip.points_last_month.toLocaleString('en')}`],
            ['Next tier', vip.next_tier ? `${vip.next_tier.name} in ${vip.next_tier.points_needed.toLocaleString('en')} points` : '—'],
            ['Cashback', `${vip.cashback.percent}% · ${money(vip.cashback.accrued, vip.currency)} accrued`],
            ['Next cashback', dateTime(vip.cashback.next_payout_at)],
            ['Daily withdrawal limit', money(vip.daily_withdrawal_limit, vip.currency)],
          ]}
        />
        <div>
          <h3 className="mb-1 text-xs uppercase tracking-wide text-mist-400">Recent points</h3>
          <Rows empty={loyalty.history.length === 0}>
            {loyalty.history.slice(0, 8).map((entry) => (
              <li key={entry.id} className="flex justify-between gap-3 py-1.5">
                <span className="text-mist-300">
                  {entry.type}
                  {entry.type === 'adjusted' && entry.reference ? ` · ${entry.reference}` : ''}
                </span>
                <span className="tabular-nums text-mist-100">
                  {entry.points > 0 ? '+' : ''}
                  {entry.points}
                </span>
              </li>
            ))}
          </Rows>
        </div>
        {canAdjust ? (
          <div className="border-t border-night-700 pt-4">
            <ActionForm
              title="Grant or take points"
              path={`/api/admin/players/${id}/loyalty`}
              method="POST"
              submit="Adjust points"
              reload={reload}
              toBody={(form) => ({ points: Number(form.get('points')), reason: String(form.get('reason') ?? '') })}
            >
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField label="Points (negative to take)" name="points" inputMode="numeric" />
                <TextField label="Reason" name="reason" maxLength={500} />
              </div>
            </ActionForm>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
