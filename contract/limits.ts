// Responsible gambling limits (issue 14, docs/decisions/0055-limits.md): the player's money limits, session limit,
// reality checks, time-out and self-exclusion, and the operator's view of them. The plain values (kinds, periods,
// choices, labels) are in limits.rules.ts, which the site's bundles import instead of this file (no zod there), and
// are re-exported here.
import { z } from 'zod';
import { defineEndpoint, noContent } from './endpoint.ts';
import { dataOf, matching } from './http.ts';
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

/** POST /api/testing/limits/rewind-session (staging only): the browser tests' stand-in for time passing. */
export const rewindSessionBodySchema = z.object({ minutes: z.int().min(1).max(1440) });

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
const limitsAnswer = { 200: dataOf(playerLimitsSchema) };
const sessionAnswer = { 200: dataOf(sessionSchema) };
const adminAnswer = { 200: dataOf(adminPlayerLimitsSchema) };
// The player's id, as contract/operators.ts has it (that file imports this one, so it is not imported back).
const playerIdParams = z.object({ id: matching(/^[1-9][0-9]{0,14}$/) });

export const limitEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/player/limits',
    responses: limitsAnswer,
    auth: 'not-blocked',
    summary: 'The player’s limits, session settings and exclusions',
    operationId: 'getLimits',
  }),
  set: defineEndpoint({
    method: 'PUT',
    path: '/api/player/limits',
    body: setLimitBodySchema,
    responses: limitsAnswer,
    auth: 'not-blocked',
    summary: 'Set, raise, lower or remove a money limit',
    operationId: 'setLimit',
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/api/player/limits/confirm',
    body: limitKeyBodySchema,
    responses: limitsAnswer,
    auth: 'not-blocked',
    summary: 'Confirm a raised or removed limit after its wait',
    operationId: 'confirmLimit',
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/player/limits/cancel',
    body: limitKeyBodySchema,
    responses: limitsAnswer,
    auth: 'not-blocked',
    summary: 'Cancel a pending limit change',
    operationId: 'cancelLimitChange',
  }),
  depositPrompt: defineEndpoint({
    method: 'POST',
    path: '/api/player/limits/deposit-prompt',
    body: depositPromptBodySchema,
    responses: limitsAnswer,
    auth: 'not-blocked',
    summary: 'Answer the deposit limit prompt',
    operationId: 'answerDepositLimitPrompt',
  }),
  rgInfo: defineEndpoint({
    method: 'POST',
    path: '/api/player/limits/rg-info',
    responses: limitsAnswer,
    auth: 'not-blocked',
    summary: 'Acknowledge the responsible-gambling information',
    operationId: 'acknowledgeRgInfo',
  }),
  sessionSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/player/limits/session',
    body: sessionSettingsBodySchema,
    responses: limitsAnswer,
    auth: 'not-blocked',
    summary: 'Set the session limit and reality check interval',
    operationId: 'setSessionSettings',
  }),
  session: defineEndpoint({
    method: 'GET',
    path: '/api/player/limits/session',
    responses: sessionAnswer,
    auth: 'not-blocked',
    summary: 'The current play session',
    operationId: 'getLimitSession',
  }),
  realityCheck: defineEndpoint({
    method: 'POST',
    path: '/api/player/limits/reality-check',
    body: realityCheckBodySchema,
    responses: sessionAnswer,
    auth: 'not-blocked',
    summary: 'Answer a reality check',
    operationId: 'answerRealityCheck',
  }),
  timeOut: defineEndpoint({
    method: 'POST',
    path: '/api/player/time-out',
    body: timeOutBodySchema,
    responses: limitsAnswer,
    auth: 'not-blocked',
    summary: 'Take a time-out',
    operationId: 'takeTimeOut',
  }),
  selfExclude: defineEndpoint({
    method: 'POST',
    path: '/api/player/self-exclusion',
    body: selfExclusionBodySchema,
    responses: limitsAnswer,
    auth: 'not-blocked',
    summary: 'Self-exclude',
    operationId: 'selfExclude',
  }),
  requestReturn: defineEndpoint({
    method: 'POST',
    path: '/api/player/self-exclusion/return',
    responses: limitsAnswer,
    auth: 'not-blocked',
    summary: 'Ask to return after a self-exclusion ended',
    operationId: 'requestSelfExclusionReturn',
  }),
  rewindSession: defineEndpoint({
    method: 'POST',
    path: '/api/testing/limits/rewind-session',
    body: rewindSessionBodySchema,
    responses: { 204: noContent('The session now started that many minutes earlier.') },
    auth: 'not-blocked',
    summary: 'Staging only: move the session’s start back (browser tests)',
    operationId: 'rewindLimitSession',
  }),
  adminView: defineEndpoint({
    method: 'GET',
    path: '/api/admin/players/:id/limits',
    params: playerIdParams,
    responses: adminAnswer,
    auth: 'operator',
    permission: 'limits.manage',
    summary: 'A player’s limits, breaches and change history',
    operationId: 'getPlayerLimits',
  }),
  adminTighten: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/players/:id/limits',
    params: playerIdParams,
    body: setLimitBodySchema,
    responses: adminAnswer,
    auth: 'operator',
    permission: 'limits.manage',
    summary: 'Tighten a player’s money limit',
    operationId: 'tightenPlayerLimit',
  }),
  adminTimeOut: defineEndpoint({
    method: 'POST',
    path: '/api/admin/players/:id/time-out',
    params: playerIdParams,
    body: operatorTimeOutBodySchema,
    responses: adminAnswer,
    auth: 'operator',
    permission: 'limits.manage',
    summary: 'Put a player on a time-out',
    operationId: 'timeOutPlayer',
  }),
  adminSelfExclude: defineEndpoint({
    method: 'POST',
    path: '/api/admin/players/:id/self-exclusion',
    params: playerIdParams,
    body: operatorSelfExclusionBodySchema,
    responses: adminAnswer,
    auth: 'operator',
    permission: 'limits.manage',
    summary: 'Self-exclude a player on their behalf',
    operationId: 'selfExcludePlayer',
  }),
};
