// The limits' own rules, pure and clock-free (the caller passes `now`): cooling-off of raises and removals,
// exclusions that only ever get longer, the slot stake cap by age, session limits and reality checks
// (docs/decisions/0055-limits.md).

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** A raise or removal applies no sooner than this after it was asked for, and only once confirmed. */
export const COOLING_OFF_MS = DAY_MS;
/** A pending raise not confirmed within this time lapses. */
export const PENDING_LAPSE_MS = 7 * DAY_MS;
/** After a self-exclusion ended and the player asked to return, play opens this much later. */
export const RETURN_WAIT_MS = DAY_MS;
/** A session with no activity for this long is over; the next activity starts a new one. */
export const SESSION_IDLE_MS = 30 * 60_000;

export type Pending = { amount: number | null; requestedAt: Date };
export type LimitState = { amount: number | null; pending: Pending | null };

/** The pending change still alive at `now` (a lapsed one is gone). */
export function livePending(pending: Pending | null, now: Date): Pending | null {
  if (!pending) return null;
  return now.getTime() - pending.requestedAt.getTime() > PENDING_LAPSE_MS ? null : pending;
}

/** Whether `requested` tightens `current`: a first limit, a lower one or the same one. */
export function tightens(current: number | null, requested: number | null): boolean {
  if (requested === null) return current === null;
  return current === null || requested <= current;
}

/**
 * A player's change of a limit: a first, a lower or an unchanged limit applies at once (and drops any pending
 * raise); a higher one or a removal waits as pending from `now`.
 */
export function requestChange(state: LimitState, requested: number | null, now: Date): LimitState {
  if (tightens(state.amount, requested)) return { amount: requested, pending: null };
  return { amount: state.amount, pending: { amount: requested, requestedAt: now } };
}

export type ConfirmOutcome = { ok: true; state: LimitState } | { ok: false; reason: 'none' | 'too_early'; effectiveAt?: Date };

/** The player's confirmation of a pending raise: only after the cooling-off and before it lapses. */
export function confirmChange(state: LimitState, now: Date): ConfirmOutcome {
  const pending = livePending(state.pending, now);
  if (!pending) return { ok: false, reason: 'none' };
  const effectiveAt = new Date(pending.requestedAt.getTime() + COOLING_OFF_MS);
  if (now < effectiveAt) return { ok: false, reason: 'too_early', effectiveAt };
  return { ok: true, state: { amount: pending.amount, pending: null } };
}

/** An operator may only tighten: a first limit or a lower one; never a raise or a removal. */
export function operatorMayApply(current: number | null, requested: number): boolean {
  return current === null || requested < current;
}

export type Exclusion = {
  timeoutUntil: Date | null;
  selfExcludedUntil: Date | null;
  returnRequestedAt: Date | null;
};

export type ExclusionState = { excluded: false } | { excluded: true; kind: 'timeout' | 'self_exclusion' | 'return_wait'; until: Date | null };

/**
 * Whether the player is kept from play and deposits at `now`: during a time-out or a self-exclusion, and after a
 * self-exclusion until the player asked to return and 24 hours passed (`until` null: until they ask).
 */
export function exclusionAt(exclusion: Exclusion, now: Date): ExclusionState {
  const { timeoutUntil, selfExcludedUntil, returnRequestedAt } = exclusion;
  if (selfExcludedUntil && now < selfExcludedUntil) {
    const until = timeoutUntil && timeoutUntil > selfExcludedUntil ? timeoutUntil : selfExcludedUntil;
    return { excluded: true, kind: 'self_exclusion', until };
  }
  if (timeoutUntil && now < timeoutUntil) return { excluded: true, kind: 'timeout', until: timeoutUntil };
  if (selfExcludedUntil) {
    if (!returnRequestedAt || returnRequestedAt < selfExcludedUntil) return { excluded: true, kind: 'return_wait', until: null };
    const opensAt = new Date(returnRequestedAt.getTime() + RETURN_WAIT_MS);
    if (now < opensAt) return { excluded: true, kind: 'return_wait', until: opensAt };
  }
  return { excluded: false };
}

/** A new end for a time-out or self-exclusion: accepted only when it is not earlier than the one in force. */
export function extends_(current: Date | null, proposed: Date, now: Date): boolean {
  return !current || current <= now || proposed >= current;
}

/** Adds calendar months in UTC (a self-exclusion of 6 months ends on the same day of the month). */
export function addMonths(at: Date, months: number): Date {
  const next = new Date(at.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** Whole years of age at `now` for a `YYYY-MM-DD` birthdate. */
export function ageAt(birthdate: string, now: Date): number {
  const [year, month, day] = birthdate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - year;
  const beforeBirthday = now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export type StakeCaps = { maxSlotStake: number; maxSlotStakeUnder25: number };
/** The operator's own caps (MAX_SLOT_STAKE, MAX_SLOT_STAKE_UNDER_25); either may be unset. */
export type OperatorStakeCaps = { maxSlotStake: number | null; maxSlotStakeUnder25: number | null };

/**
 * The caps a player's slot spins are held to: the lower of the jurisdiction's statutory cap (stated in its currency,
 * applied as the same amount in the wallet's currency, decision 0121) and the operator's own; null when neither has one.
 */
export function stakeCapsFor(statutory: { amount: number; under25: number } | null, operator: OperatorStakeCaps): StakeCaps | null {
  const lower = (a: number | null | undefined, b: number | null | undefined) => (a == null ? (b ?? null) : b == null ? a : Math.min(a, b));
  const maxSlotStake = lower(statutory?.amount, operator.maxSlotStake);
  const maxSlotStakeUnder25 = lower(statutory?.under25, operator.maxSlotStakeUnder25);
  if (maxSlotStake === null && maxSlotStakeUnder25 === null) return null;
  return { maxSlotStake: maxSlotStake ?? Number.MAX_SAFE_INTEGER, maxSlotStakeUnder25: maxSlotStakeUnder25 ?? Number.MAX_SAFE_INTEGER };
}

/** The most one slot spin may stake: the lower cap for players aged 18 to 24 (and when the age is unknown); null: no cap. */
export function slotStakeCap(birthdate: string | null, now: Date, caps: StakeCaps | null): number | null {
  if (!caps) return null;
  if (!birthdate || ageAt(birthdate, now) < 25) return Math.min(caps.maxSlotStakeUnder25, caps.maxSlotStake);
  return caps.maxSlotStake;
}

/** How long a player must still wait before a slot spin may start, in milliseconds (0: it may start now). */
export function spinWaitMs(lastSpinAt: Date | null, now: Date, minSpinMs: number | null): number {
  if (!minSpinMs || !lastSpinAt) return 0;
  return Math.max(0, lastSpinAt.getTime() + minSpinMs - now.getTime());
}

/**
 * Whether the deposit limit prompt must be answered before a deposit: never answered, or answered `remindEveryMonths`
 * or more ago (the reminder asks again). Never for a profile without the prompt.
 */
export function depositPromptDue(prompt: { remindEveryMonths: number } | null, answeredAt: Date | null, now: Date): boolean {
  if (!prompt) return false;
  if (!answeredAt) return true;
  return now >= addMonths(answeredAt, prompt.remindEveryMonths);
}

export type SessionClock = {
  startedAt: Date;
  realityCheckAnsweredAt: Date | null;
  realityCheckMinutes: number | null;
  sessionMinutes: number | null;
};

/** When the next reality check is due (null when the player has none). */
export function realityCheckDueAt(session: SessionClock): Date | null {
  if (!session.realityCheckMinutes) return null;
  const from = session.realityCheckAnsweredAt && session.realityCheckAnsweredAt > session.startedAt ? session.realityCheckAnsweredAt : session.startedAt;
  return new Date(from.getTime() + session.realityCheckMinutes * 60_000);
}

/** When the session limit ends the session (null without a session limit). */
export function sessionEndsAt(session: SessionClock): Date | null {
  return session.sessionMinutes ? new Date(session.startedAt.getTime() + session.sessionMinutes * 60_000) : null;
}

/** Whether the last activity at `seenAt` belongs to a session still running at `now`. */
export function sessionAlive(seenAt: Date | null, now: Date): boolean {
  return seenAt !== null && now.getTime() - seenAt.getTime() < SESSION_IDLE_MS;
}
