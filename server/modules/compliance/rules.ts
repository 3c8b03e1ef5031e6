import { RG_RULES } from './rg-rules.ts';
import {
  capital,
  count,
  DAY,
  day,
  type EventKind,
  HOUR,
  hour,
  MINUTE,
  money,
  num,
  type RuleDefinition,
  type RuleEvent,
  type RuleHit,
  type RuleInput,
  type ThresholdValues,
  within,
} from './rule-kit.ts';

export { EVENT_KINDS, type EventKind, type RuleDefinition, type RuleEvent, type RuleHit, type RuleInput, type ThresholdValues } from './rule-kit.ts';

// The compliance rules (issue 33 §2 and §5; docs/decisions/0114 and 0115): pure functions over one player's recent
// events and the thresholds staff set. Each is asked once per new event and answers at most one hit, whose dedupe
// key names the window it fired for, so re-asking (a retried event, a second node) raises nothing new.

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
  ...RG_RULES,
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
