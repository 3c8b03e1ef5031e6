// Responsible gambling limits (issue 14, docs/decisions/0055-limits.md): the player's money limits, session limit,
// reality checks, time-out and self-exclusion, and the operator's view of them. The plain values (kinds, periods,
// choices, labels) are in limits.rules.ts, which the site's bundles import instead of this file (no zod there), and
// are re-exported here.
import { z } from 'zod';
import './http.ts';
import { JURISDICTION_IDS } from './jurisdictions.ts';
import { LIMIT_PERIODS, LIMIT_TYPES, MAX_LIMIT_AMOUNT, REALITY_CHECK_MINUTES, SELF_EXCLUSION_MONTHS, SESSION_MINUTES, TIME_OUT_DAYS } from './limits.rules.ts';

export * from './limits.rules.ts';

const amount = z.int().min(1).max(MAX_LIMIT_AMOUNT);
const instant = z.string();

export const pendingLimitSchema = z.object({
  /** The new amount; null when the change removes the limit. */
  amount: z.int().nullable(),
  requested_at: instant,
  /** From then on the player may confirm it; it never applies without that confirmation. */
  effective_at: instant,
  /** Not confirmed by then, it lapses. */
  lapses_at: instant,
});

export const moneyLimitSchema = z.object({
  type: z.enum(LIMIT_TYPES),
  period: z.enum(LIMIT_PERIODS),
  /** The limit in force; null when only a change is pending (never: a first limit applies at once). */
  amount: z.int().nullable(),
  used: z.int(),
  remaining: z.int().nullable(),
  /** When the oldest amount counted in the rolling window leaves it; null when nothing is counted. */
  resets_at: instant.nullable(),
  pending: pendingLimitSchema.nullable(),
});
export type MoneyLimit = z.infer<typeof moneyLimitSchema>;

export const sessionSchema = z.object({
  started_at: instant,
  minutes: z.int(),
  stakes: z.int(),
  wins: z.int(),
  /** Wins minus stakes: negative when the session lost money. */
  net: z.int(),
  currency: z.string(),
  reality_check: z.object({ every_minutes: z.int(), due_at: instant, due: z.boolean() }).nullable(),
  session_limit: z.object({ minutes: z.int(), ends_at: instant, reached: z.boolean() }).nullable(),
});
export type LimitSession = z.infer<typeof sessionSchema>;

export const playerLimitsSchema = z.object({
  limits: z.array(moneyLimitSchema),
  currency: z.string(),
  session_minutes: z.int().nullable(),
  /** A raised or removed session limit waits 24 hours before it applies. */
  session_minutes_pending: z.object({ minutes: z.int().nullable(), effective_at: instant }).nullable(),
  reality_check_minutes: z.int().nullable(),
  timeout_until: instant.nullable(),
  self_excluded_until: instant.nullable(),
  /** After a self-exclusion ended and the player asked to return: play opens again at this time. */
  return_at: instant.nullable(),
  /** Whether play and deposits are refused now (a time-out, a self-exclusion, or the wait to return after one). */
  excluded: z.boolean(),
  /** Until when; null while excluded means until the player asks to return after a self-exclusion ended. */
  excluded_until: instant.nullable(),
  /** The most one slot spin may stake for this player (age-dependent); null: no cap under their jurisdiction. */
  slot_stake_cap: z.int().nullable(),
  /** The rules of the player's jurisdiction profile that the site's screens follow (docs/decisions/0120). */
  jurisdiction: z.object({
    profile: z.enum(JURISDICTION_IDS),
    /** The least time between two slot spins, in milliseconds; null: none. */
    min_spin_ms: z.int().nullable(),
    autoplay: z.boolean(),
    turbo: z.boolean(),
    /** Whether a deposit waits for the deposit limit prompt's answer (before the first deposit, then every 6 months). */
    deposit_limit_prompt_due: z.boolean(),
    deposit_limit_prompt_answered_at: instant.nullable(),
    /** Whether a stake waits for the responsible-gambling information to be acknowledged. */
    rg_info_due: z.boolean(),
    self_exclusion_months: z.array(z.int()),
  }),
});
export type PlayerLimits = z.infer<typeof playerLimitsSchema>;

export const setLimitBodySchema = z.object({
  type: z.enum(LIMIT_TYPES),
  period: z.enum(LIMIT_PERIODS),
  amount: amount.nullable(),
});
export const limitKeyBodySchema = z.object({ type: z.enum(LIMIT_TYPES), period: z.enum(LIMIT_PERIODS) });
export const sessionSettingsBodySchema = z.object({
  session_minutes: z.int().min(SESSION_MINUTES.min).max(SESSION_MINUTES.max).nullable().optional(),
  reality_check_minutes: z
    .union(REALITY_CHECK_MINUTES.map((m) => z.literal(m)))
    .nullable()
    .optional(),
});
export const timeOutBodySchema = z.object({ days: z.union(TIME_OUT_DAYS.map((d) => z.literal(d))), password: z.string().max(200) });
export const selfExclusionBodySchema = z.object({ months: z.union(SELF_EXCLUSION_MONTHS.map((m) => z.literal(m))), password: z.string().max(200) });
export const realityCheckBodySchema = z.object({ action: z.enum(['continue']) });
/** The deposit limit prompt's answer (decision 0121): a limit, or null to say no limit is wanted. */
export const depositPromptBodySchema = z.object({
  limit: z.object({ period: z.enum(LIMIT_PERIODS), amount }).nullable(),
});

export const operatorTimeOutBodySchema = z.object({ days: z.union(TIME_OUT_DAYS.map((d) => z.literal(d))) });
export const operatorSelfExclusionBodySchema = z.object({ months: z.union(SELF_EXCLUSION_MONTHS.map((m) => z.literal(m))) });

export const limitChangeSchema = z.object({
  at: instant,
  /** `player`, `operator` or `system` (a lapse). */
  actor: z.string(),
  actor_id: z.string().nullable(),
  subject: z.string(),
  old_value: z.unknown(),
  new_value: z.unknown(),
});
export const limitBreachSchema = z.object({ at: instant, kind: z.string(), amount: z.int(), reference: z.string(), detail: z.string() });
export const adminPlayerLimitsSchema = playerLimitsSchema.extend({
  breaches: z.array(limitBreachSchema),
  changes: z.array(limitChangeSchema),
});
export type AdminPlayerLimits = z.infer<typeof adminPlayerLimitsSchema>;
