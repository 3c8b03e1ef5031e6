import type { AlertKind } from '../shared/alerts.ts';

// What a compliance rule is made of (rules.ts, rg-rules.ts): the events it reads, the thresholds staff set, the hit
// it answers, and the small time and threshold helpers the rules share.

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

export type ParamSpec = { label: string; min: number; max: number };
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

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const MINUTE = 60_000;
export const num = (t: ThresholdValues, key: string) => Number(t[key]);
export const day = (at: Date) => at.toISOString().slice(0, 10);
export const hour = (at: Date) => at.toISOString().slice(0, 13);
/** Events of `kind` in the `ms` before `at` (inclusive of `at`, exclusive of the window's start). */
export const within = (history: readonly RuleEvent[], kind: EventKind, at: Date, ms: number) =>
  history.filter((e) => e.kind === kind && e.at.getTime() > at.getTime() - ms && e.at.getTime() <= at.getTime());

export const money = (label: string, max = 100_000_000): ParamSpec => ({ label: `${label} (cents)`, min: 1, max });
export const count = (label: string, max = 1000): ParamSpec => ({ label, min: 1, max });
export const capital = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
