import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

// Budgets of password guesses (docs/decisions/0012-abuse-limits.md). A guess takes one
// unit BEFORE the password is checked, by an atomic increment-then-judge (one JavaScript step in memory, one
// Lua script in Redis), so however many guesses arrive at once, no more than the budget reach the check.

export type BudgetStore = { redis: Redis | undefined; nameSpace: string };
export type Reservation = { granted: true; giveBack: () => Promise<void> } | { granted: false; retryAfterMs: number };
export type AttemptBudget = { reserve(key: string): Promise<Reservation> };

export function createAttemptBudget(store: BudgetStore, { name, max, windowMs }: { name: string; max: number; windowMs: number }): AttemptBudget {
  const options = { keyPrefix: `${store.nameSpace}${name}`, points: max, duration: Math.ceil(windowMs / 1000) };
  const limiter = store.redis ? new RateLimiterRedis({ ...options, storeClient: store.redis }) : new RateLimiterMemory(options);
  return {
    /** Takes one unit for `key`; a store error rejects (the caller fails closed). */
    async reserve(key: string): Promise<Reservation> {
      try {
        await limiter.consume(key);
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) return { granted: false, retryAfterMs: outcome.msBeforeNext };
        throw outcome;
      }
      let given = false;
      return {
        granted: true,
        giveBack: async () => {
          if (given) return;
          given = true;
          await limiter.reward(key);
        },
      };
    },
  };
}

/**
 * Runs one password check on a granted reservation. A wrong password (`false` or `null`) keeps the unit: it
 * is the failure on record. Anything else gives it back, so players who know their password never use up
 * their budget; a thrown error gives it back too, because every check answers a wrong password with
 * false/null and throws only when the password was right (or never checked).
 */
export async function checkOnReservation<T>(giveBack: () => Promise<void>, check: () => Promise<T | null | false>): Promise<T | null | false> {
  let result: T | null | false;
  try {
    result = await check();
  } catch (error) {
    await giveBack();
    throw error;
  }
  if (result !== null && result !== false) await giveBack();
  return result;
}
