import type { AlertKind } from '../shared/alerts.ts';

// The compliance rules (issue 33 §2 and §5; docs/decisions/0114 and 0115): pure functions over one player's recent
// events and the thresholds staff set. Each is asked once per new event and answers at most one hit, whose dedupe
// key names the window it fired for, so re-asking (a retried event, a second node) raises nothing new.

export const EVENT_KINDS = [
  'deposit',
  'withdrawal_request',
  'withdrawal_paid',
  'withdrawal_released',
  'play',
  'bonus_claim',
  'registration',
  'signin',
  'limit_increase',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** One event as the rules see it; amounts in minor units. `play` carries stakes as `amount` and `facts.wins`. */
export type RuleEvent = { kind: EventKind; amount: number; at: Date; reference: string; facts: Record<string, unknown> };

export type ThresholdValues = Record<string, number | boolean>;
export type RuleHit = { kind: AlertKind; rule: string; dedupeKey: string; facts: Record<string, unknown>; holdWithdrawals: boolean };

export type RuleInput = {
  playerId: number;
  /** The new event; also the last of `history`. */
  event: RuleEvent;
  /** The player's events in the look-back window, oldest first, ending with `event`. */
  history: readonly RuleEvent[];
  /** Other players linked to this one (shared device, payment instrument …) who claimed the same offer. */
  linkedClaims?: readonly number[];
};

type ParamSpec = { label: string; min: number; max: number };
export type RuleDefinition = {
  name: string;
  kind: 'aml' | 'rg';
  label: string;
  description: string;
  /** Numbers (minor units, counts, hours, percent) and `hold` (AML rules: hold withdrawals on a hit). */
  defaults: ThresholdValues;
  params: Record<string, ParamSpec>;
  evaluate: (input: RuleInput, t: ThresholdValues) => Omit<RuleHit, 'kind' | 'rule' | 'holdWithdrawals'> | null;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;
const num = (t: ThresholdValues, key: string) => Number(t[key]);
const day = (at: Date) => at.toISOString().slice(0, 10);
const hour = (at: Date) => at.toISOString().slice(0, 13);
/** Events of `kind` in the `ms` before `at` (inclusive of `at`, exclusive of the window's start). */
const within = (history: readonly RuleEvent[], kind: EventKind, at: Date, ms: number) =>
  history.filter((e) => e.kind === kind && e.at.getTime() > at.getTime() - ms && e.at.getTime() <= at.getTime());

const money = (label: string, max = 100_000_000): ParamSpec => ({ label: `${label} (cents)`, min: 1, max });
const count = (label: string, max = 1000): ParamSpec => ({ label, min: 1, max });
const capital = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

function velocity(kind: 'deposit' | 'withdrawal_request', name: string, noun: string): RuleDefinition {
  return {
    name,
    kind: 'aml',
    label: `Velocity of ${noun}`,
    description: `Many ${noun} in an hour or a day.`,
    defaults: { per_hour: 5, per_day: 10, hold: false },
    params: { per_hour: count(`${capital(noun)} in an hour`), per_day: count(`${capital(noun)} in a day`) },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== kind) return null;
      const lastHour = within(history, kind, event.at, HOUR).length;
      if (lastHour >= num(t, 'per_hour'))
        return { dedupeKey: `${name}:${playerId}:h:${hour(event.at)}`, facts: { window: 'hour', count: lastHour, limit: num(t, 'per_hour') } };
      const lastDay = within(history, kind, event.at, DAY).length;
      if (lastDay >= num(t, 'per_day'))
        return { dedupeKey: `${name}:${playerId}:d:${day(event.at)}`, facts: { window: 'day', count: lastDay, limit: num(t, 'per_day') } };
      return null;
    },
  };
}

export const RULES: readonly RuleDefinition[] = [
  velocity('deposit', 'velocity-deposits', 'deposits'),
  velocity('withdrawal_request', 'velocity-withdrawals', 'withdrawals'),
  {
    name: 'structuring',
    kind: 'aml',
    label: 'Structuring',
    description: 'Several deposits just under a reporting threshold within a window.',
    defaults: { threshold: 100_000, margin_percent: 10, count: 3, window_hours: 24, hold: false },
    params: {
      threshold: money('Threshold'),
      margin_percent: { label: 'Just under: within this percent', min: 1, max: 50 },
      count: count('Deposits'),
      window_hours: count('Window (hours)', 720),
    },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== 'deposit') return null;
      const threshold = num(t, 'threshold');
      const floor = Math.ceil((threshold * (100 - num(t, 'margin_percent'))) / 100);
      const under = (e: RuleEvent) => e.amount >= floor && e.amount < threshold;
      if (!under(event)) return null;
      const near = within(history, 'deposit', event.at, num(t, 'window_hours') * HOUR).filter(under);
      if (near.length < num(t, 'count')) return null;
      return {
        dedupeKey: `structuring:${playerId}:${day(event.at)}`,
        facts: { deposits: near.length, total: near.reduce((s, e) => s + e.amount, 0), threshold, from: floor },
      };
    },
  },
  {
    name: 'rapid-in-out',
    kind: 'aml',
    label: 'Rapid in and out',
    description: 'A withdrawal soon after a deposit with little play in between.',
    defaults: { window_hours: 24, min_play_percent: 25, hold: false },
    params: { window_hours: count('Window (hours)', 720), min_play_percent: { label: 'Play below this percent of the deposit', min: 1, max: 100 } },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== 'withdrawal_request') return null;
      const deposits = within(history, 'deposit', event.at, num(t, 'window_hours') * HOUR);
      const deposit = deposits.at(-1);
      if (!deposit) return null;
      const staked = Number(event.facts.staked_since_deposit ?? 0);
      if (staked * 100 >= num(t, 'min_play_percent') * deposit.amount) return null;
      return {
        dedupeKey: `rapid-in-out:${playerId}:${event.reference}`,
        facts: { deposit: deposit.amount, deposited_at: deposit.at.toISOString(), withdrawal: event.amount, staked },
      };
    },
  },
  {
    name: 'large-stake',
    kind: 'aml',
    label: 'Large stakes',
    description: 'Stakes on one round at or above an amount.',
    defaults: { amount: 500_000, hold: false },
    params: { amount: money('Stake') },
    evaluate: ({ playerId, event }, t) =>
      event.kind === 'play' && event.amount >= num(t, 'amount')
        ? { dedupeKey: `large-stake:${playerId}:${event.reference}`, facts: { stakes: event.amount } }
        : null,
  },
  {
    name: 'large-win',
    kind: 'aml',
    label: 'Large wins',
    description: 'Wins on one round at or above an amount.',
    defaults: { amount: 1_000_000, hold: false },
    params: { amount: money('Win') },
    evaluate: ({ playerId, event }, t) => {
      const wins = Number(event.facts.wins ?? 0);
      return event.kind === 'play' && wins >= num(t, 'amount')
        ? { dedupeKey: `large-win:${playerId}:${event.reference}`, facts: { wins, stakes: event.amount } }
        : null;
    },
  },
  {
    name: 'bonus-hunting',
    kind: 'aml',
    label: 'Bonus hunting',
    description: 'Many bonus offers claimed within a window.',
    defaults: { claims: 3, window_days: 30, hold: false },
    params: { claims: count('Claims'), window_days: count('Window (days)', 365) },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== 'bonus_claim') return null;
      const claims = within(history, 'bonus_claim', event.at, num(t, 'window_days') * DAY);
      if (claims.length < num(t, 'claims')) return null;
      return {
        dedupeKey: `bonus-hunting:${playerId}:${day(event.at)}`,
        facts: { claims: claims.length, offers: [...new Set(claims.map((c) => c.facts.offer))] },
      };
    },
  },
  {
    name: 'bonus-linked',
    kind: 'aml',
    label: 'Linked accounts on one offer',
    description: 'A bonus offer claimed by accounts linked to each other.',
    defaults: { hold: false },
    params: {},
    evaluate: ({ playerId, event, linkedClaims }) =>
      event.kind === 'bonus_claim' && linkedClaims && linkedClaims.length > 0
        ? { dedupeKey: `bonus-linked:${playerId}:${String(event.facts.offer)}`, facts: { offer: event.facts.offer, linked_players: [...linkedClaims] } }
        : null,
  },
  {
    name: 'new-destination',
    kind: 'aml',
    label: 'Withdrawal to a new destination',
    description: 'A withdrawal to a card or address the player never withdrew to before.',
    defaults: { hold: false },
    params: {},
    evaluate: ({ playerId, event, history }) => {
      if (event.kind !== 'withdrawal_request' || typeof event.facts.destination !== 'string') return null;
      const before = history.filter((e) => e.kind === 'withdrawal_request' && e !== event && e.reference !== event.reference);
      if (before.length === 0 || before.some((e) => e.facts.destination === event.facts.destination)) return null;
      return {
        dedupeKey: `new-destination:${playerId}:${event.reference}`,
        facts: { destination: event.facts.destination, method: event.facts.method, amount: event.amount },
      };
    },
  },
  {
    name: 'new-account-withdrawal',
    kind: 'aml',
    label: 'Withdrawal from a new account',
    description: 'A large withdrawal asked for soon after registration.',
    defaults: { hours: 72, amount: 500_00, hold: false },
    params: { hours: count('Within (hours) of registration', 720), amount: money('Withdrawal at least') },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== 'withdrawal_request' || event.amount < num(t, 'amount')) return null;
      const registered = within(history, 'registration', event.at, num(t, 'hours') * HOUR).at(-1);
      if (!registered) return null;
      return {
        dedupeKey: `new-account-withdrawal:${playerId}:${event.reference}`,
        facts: { withdrawal: event.amount, registered_at: registered.at.toISOString(), hours: num(t, 'hours') },
      };
    },
  },
  {
    name: 'signin-devices',
    kind: 'aml',
    label: 'Sign-ins from many devices',
    description: 'Sign-ins from several devices within a day: an account shared or taken over.',
    defaults: { devices: 3, hold: false },
    params: { devices: count('Devices within a day', 50) },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== 'signin') return null;
      const devices = new Set(
        within(history, 'signin', event.at, DAY)
          .map((e) => e.facts.device)
          .filter((device): device is string => typeof device === 'string'),
      );
      return devices.size >= num(t, 'devices')
        ? { dedupeKey: `signin-devices:${playerId}:${day(event.at)}`, facts: { devices: devices.size, limit: num(t, 'devices') } }
        : null;
    },
  },
  {
    name: 'rising-deposits',
    kind: 'rg',
    label: 'Rising deposits',
    description: 'Deposits in the last days well above the days before.',
    defaults: { days: 7, factor_percent: 200, min_amount: 50_000 },
    params: {
      days: count('Days compared', 90),
      factor_percent: { label: 'At least this percent of before', min: 101, max: 10_000 },
      min_amount: money('At least (recent total)'),
    },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== 'deposit') return null;
      const span = num(t, 'days') * DAY;
      const recent = within(history, 'deposit', event.at, span).reduce((s, e) => s + e.amount, 0);
      const earlier = within(history, 'deposit', new Date(event.at.getTime() - span), span).reduce((s, e) => s + e.amount, 0);
      if (earlier === 0 || recent < num(t, 'min_amount') || recent * 100 < num(t, 'factor_percent') * earlier) return null;
      return { dedupeKey: `rising-deposits:${playerId}:${day(event.at)}`, facts: { recent, earlier, days: num(t, 'days') } };
    },
  },
  {
    name: 'chasing-losses',
    kind: 'rg',
    label: 'Chasing losses',
    description: 'Deposits made straight after losing play, several times in a day.',
    defaults: { loss: 10_000, minutes: 30, count: 3 },
    params: { loss: money('Loss before the deposit'), minutes: count('Within (minutes)', 1440), count: count('Times in a day') },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== 'deposit') return null;
      // The play of the day before this deposit, read once: each deposit of the day looks back `minutes` in it.
      const plays = within(history, 'play', event.at, DAY + num(t, 'minutes') * MINUTE);
      const chased = (deposit: RuleEvent) => {
        const lost = within(plays, 'play', deposit.at, num(t, 'minutes') * MINUTE).reduce((s, e) => s + e.amount - Number(e.facts.wins ?? 0), 0);
        return lost >= num(t, 'loss');
      };
      if (!chased(event)) return null;
      const times = within(history, 'deposit', event.at, DAY).filter(chased).length;
      if (times < num(t, 'count')) return null;
      return { dedupeKey: `chasing-losses:${playerId}:${day(event.at)}`, facts: { deposits_after_losses: times } };
    },
  },
  {
    name: 'long-session',
    kind: 'rg',
    label: 'Long sessions',
    description: 'Play without a break longer than some hours.',
    defaults: { hours: 4, gap_minutes: 30 },
    params: { hours: count('Hours', 48), gap_minutes: count('A break is at least (minutes)', 1440) },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== 'play') return null;
      const plays = history.filter((e) => e.kind === 'play' && e.at.getTime() <= event.at.getTime());
      let start = event.at;
      for (let i = plays.length - 1; i > 0; i--) {
        if (plays[i]!.at.getTime() - plays[i - 1]!.at.getTime() > num(t, 'gap_minutes') * MINUTE) break;
        start = plays[i - 1]!.at;
      }
      const minutes = Math.floor((event.at.getTime() - start.getTime()) / MINUTE);
      if (minutes < num(t, 'hours') * 60) return null;
      return { dedupeKey: `long-session:${playerId}:${start.toISOString()}`, facts: { started_at: start.toISOString(), minutes } };
    },
  },
  {
    name: 'night-play',
    kind: 'rg',
    label: 'Night-time play',
    description: 'Play in the night hours (UTC) on several nights of a week.',
    defaults: { start_hour: 0, end_hour: 6, nights: 3, days: 7 },
    params: {
      start_hour: { label: 'Night starts (hour, UTC)', min: 0, max: 23 },
      end_hour: { label: 'Night ends (hour, UTC)', min: 1, max: 24 },
      nights: count('Nights', 31),
      days: count('Within (days)', 31),
    },
    evaluate: ({ playerId, event, history }, t) => {
      const atNight = (e: RuleEvent) => e.at.getUTCHours() >= num(t, 'start_hour') && e.at.getUTCHours() < num(t, 'end_hour');
      if (event.kind !== 'play' || !atNight(event)) return null;
      const nights = new Set(
        within(history, 'play', event.at, num(t, 'days') * DAY)
          .filter(atNight)
          .map((e) => day(e.at)),
      );
      if (nights.size < num(t, 'nights')) return null;
      return { dedupeKey: `night-play:${playerId}:${day(event.at)}`, facts: { nights: nights.size, days: num(t, 'days') } };
    },
  },
  {
    name: 'limit-increases',
    kind: 'rg',
    label: 'Repeated limit increases',
    description: 'Deposit, loss or wager limits raised several times.',
    defaults: { count: 3, days: 30 },
    params: { count: count('Increases'), days: count('Within (days)', 365) },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== 'limit_increase') return null;
      const raised = within(history, 'limit_increase', event.at, num(t, 'days') * DAY).length;
      return raised >= num(t, 'count')
        ? { dedupeKey: `limit-increases:${playerId}:${day(event.at)}`, facts: { increases: raised, days: num(t, 'days') } }
        : null;
    },
  },
  {
    name: 'cancelled-withdrawals',
    kind: 'rg',
    label: 'Cancelled withdrawals',
    description: 'Withdrawals turned back into balance (rejected or reversed) several times.',
    defaults: { count: 2, days: 30 },
    params: { count: count('Withdrawals'), days: count('Within (days)', 365) },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== 'withdrawal_released') return null;
      const released = within(history, 'withdrawal_released', event.at, num(t, 'days') * DAY).length;
      return released >= num(t, 'count')
        ? { dedupeKey: `cancelled-withdrawals:${playerId}:${day(event.at)}`, facts: { withdrawals: released, days: num(t, 'days') } }
        : null;
    },
  },
];

export const RULE_NAMES = RULES.map((rule) => rule.name);
/** The rules on a `play` event that read nothing but the event itself (the service runs them on every round). */
export const PLAY_RULES_WITHOUT_HISTORY: readonly RuleDefinition[] = RULES.filter((rule) => rule.name === 'large-stake' || rule.name === 'large-win');
export const ruleNamed = (name: string) => RULES.find((rule) => rule.name === name);
/**
 * What the rules asked about an event of `kind` read: which kinds of earlier events, and how far back. Null when no
 * rule reads anything for it (the event is kept for later rules, nothing is evaluated now).
 */
export function historyNeeded(kind: EventKind, thresholds: Readonly<Record<string, ThresholdValues>> = {}): { kinds: EventKind[]; ms: number } | null {
  const t = (rule: string, key: string) => Number({ ...ruleNamed(rule)?.defaults, ...thresholds[rule] }[key] ?? 0);
  switch (kind) {
    case 'deposit':
      return {
        kinds: ['deposit', 'play'],
        ms: Math.max(DAY + t('chasing-losses', 'minutes') * MINUTE, t('structuring', 'window_hours') * HOUR, 2 * t('rising-deposits', 'days') * DAY),
      };
    case 'withdrawal_request':
      return {
        kinds: ['deposit', 'withdrawal_request', 'registration'],
        ms: Math.max(DAY, t('rapid-in-out', 'window_hours') * HOUR, 30 * DAY, t('new-account-withdrawal', 'hours') * HOUR),
      };
    case 'signin':
      return { kinds: ['signin'], ms: DAY };
    case 'play':
      return { kinds: ['play'], ms: Math.max(t('long-session', 'hours') * HOUR + t('long-session', 'gap_minutes') * MINUTE, t('night-play', 'days') * DAY) };
    case 'bonus_claim':
      return { kinds: ['bonus_claim'], ms: t('bonus-hunting', 'window_days') * DAY };
    case 'withdrawal_released':
      return { kinds: ['withdrawal_released'], ms: t('cancelled-withdrawals', 'days') * DAY };
    case 'limit_increase':
      return { kinds: ['limit_increase'], ms: t('limit-increases', 'days') * DAY };
    default:
      return null;
  }
}

/** How far back the rules read with these thresholds: the longest window any of them needs (at least a day). */
export function lookBackMs(thresholds: Readonly<Record<string, ThresholdValues>> = {}): number {
  const t = (rule: string, key: string) => Number({ ...ruleNamed(rule)?.defaults, ...thresholds[rule] }[key] ?? 0);
  return Math.max(
    DAY,
    t('structuring', 'window_hours') * HOUR,
    t('rapid-in-out', 'window_hours') * HOUR,
    t('new-account-withdrawal', 'hours') * HOUR,
    t('bonus-hunting', 'window_days') * DAY,
    2 * t('rising-deposits', 'days') * DAY,
    t('night-play', 'days') * DAY,
    t('limit-increases', 'days') * DAY,
    t('cancelled-withdrawals', 'days') * DAY,
  );
}

/** Every rule's answer to one new event, with the staff's thresholds over the defaults. */
export function evaluateRules(input: RuleInput, thresholds: Readonly<Record<string, ThresholdValues>> = {}, only?: readonly RuleDefinition[]): RuleHit[] {
  const hits: RuleHit[] = [];
  for (const rule of only ?? RULES) {
    const t = { ...rule.defaults, ...thresholds[rule.name] };
    const hit = rule.evaluate(input, t);
    if (hit) hits.push({ ...hit, kind: rule.kind, rule: rule.name, holdWithdrawals: t.hold === true });
  }
  return hits;
}
