// Responsible gambling limits' plain values (issue 14, docs/decisions/0055-limits.md): the kinds and periods of
// money limits, the choices of time-out, self-exclusion and reality check, the bounds and the labels. No zod here,
// so the site's bundles can import it; the schemas are in limits.ts, which re-exports all of this. Imports nothing.

export const LIMIT_TYPES = ['deposit', 'loss', 'wager'] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const TIME_OUT_DAYS = [1, 7, 30, 42] as const;
export const SELF_EXCLUSION_MONTHS = [6, 12, 24, 60] as const;
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
/** The most a limit can be: €10,000,000.00 in minor units, far above any real need but well inside an integer. */
export const MAX_LIMIT_AMOUNT = 1_000_000_000;
export const SESSION_MINUTES = { min: 10, max: 1440 } as const;

/** The period's length in milliseconds: rolling windows of 24 hours, 7 days and 30 days. */
export const PERIOD_MS: Record<LimitPeriod, number> = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 };
export const PERIOD_LABEL: Record<LimitPeriod, string> = { day: '24 hours', week: '7 days', month: '30 days' };
export const TYPE_LABEL: Record<LimitType, string> = { deposit: 'Deposit', loss: 'Loss', wager: 'Wager' };
