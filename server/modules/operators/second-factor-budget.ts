// The second-factor budget of one account (docs/decisions/0099-console-reasons-and-second-factor-budget.md): wrong
// codes across all of the account's challenges, from any address, share one budget. Pure functions over the stored
// state, so the rule is tested on its own (a property test drives every interleaving) and the store only applies it
// under a row lock. The subject is a type and an id: staff today, affiliates later with the same rule.

export type SecondFactorSubject = { type: 'staff' | 'affiliate'; id: number };
export type SecondFactorPolicy = {
  /** Wrong codes that lock the second factor, counted over a sliding window of `windowMs`. */
  maxWrong: number;
  windowMs: number;
  /** How long a lock lasts; during it no code is checked at all, the right one included. */
  lockMs: number;
};

/** 10 wrong codes in any 15 minutes lock the account's second factor for 15 minutes. */
export const SECOND_FACTOR_BUDGET: SecondFactorPolicy = { maxWrong: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/**
 * One check taken from the budget, timed by when it was granted (ms). It is pending until its code is judged: a
 * wrong code keeps it (marked `wrong`); a right code, or a check that never ran, gives it back. Pending checks count
 * as spent, so however many requests arrive at once, no more than the budget are ever checked.
 */
export type BudgetCheck = { id: string; at: number; wrong: boolean };
export type BudgetState = { checks: BudgetCheck[]; lockedUntil: number | null };
export const EMPTY_BUDGET: BudgetState = { checks: [], lockedUntil: null };

export type Reservation =
  | { granted: true; state: BudgetState }
  | { granted: false; state: BudgetState /** When a check may be granted again (ms). */; retryAt: number; locked: boolean };

const isLocked = (state: BudgetState, now: number) => state.lockedUntil !== null && now < state.lockedUntil;
const inWindow = (check: BudgetCheck, now: number, policy: SecondFactorPolicy) => check.at > now - policy.windowMs;

/** Takes one check (`id`) from the budget at `now`, or refuses: locked, or every check of the window is spent or in flight. */
export function reserveCheck(state: BudgetState, now: number, id: string, policy: SecondFactorPolicy = SECOND_FACTOR_BUDGET): Reservation {
  if (isLocked(state, now)) return { granted: false, state, retryAt: state.lockedUntil!, locked: true };
  // Checks older than the window no longer count; an expired lock is forgotten.
  const live: BudgetState = { checks: state.checks.filter((check) => inWindow(check, now, policy)), lockedUntil: null };
  if (live.checks.length >= policy.maxWrong) {
    const oldest = Math.min(...live.checks.map((check) => check.at));
    return { granted: false, state: live, retryAt: oldest + policy.windowMs, locked: false };
  }
  return { granted: true, state: { ...live, checks: [...live.checks, { id, at: now, wrong: false }] } };
}

export type CheckOutcome = 'wrong' | 'right' | 'unchecked';

/**
 * Records how the check `id` ended. A wrong code keeps its place; when the wrong codes of the window reach the
 * budget, the second factor locks for `lockMs` and `lockedNow` is true, once per lock (the caller alerts admins).
 */
export function settleCheck(
  state: BudgetState,
  now: number,
  id: string,
  outcome: CheckOutcome,
  policy: SecondFactorPolicy = SECOND_FACTOR_BUDGET,
): { state: BudgetState; lockedNow: boolean } {
  if (outcome !== 'wrong') return { state: { ...state, checks: state.checks.filter((check) => check.id !== id) }, lockedNow: false };
  const checks = state.checks.map((check) => (check.id === id ? { ...check, wrong: true } : check));
  const wrong = checks.filter((check) => check.wrong && inWindow(check, now, policy)).length;
  if (isLocked(state, now) || wrong < policy.maxWrong) return { state: { ...state, checks }, lockedNow: false };
  return { state: { checks, lockedUntil: now + policy.lockMs }, lockedNow: true };
}
