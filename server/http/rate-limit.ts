import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { Problem } from '../problem.ts';
import { createAttemptBudget, type BudgetStore } from './attempt-budget.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where password-guess budgets keep their counters: the same store and prefix as the request limits. */
    attemptBudgetStore: BudgetStore;
  }
}

// Abuse limits (docs/decisions/0012-abuse-limits.md) on @fastify/rate-limit's counters, and budgets of
// password guesses (0012) on rate-limiter-flexible's: in memory, or in Redis when REDIS_URL is set so every
// node behind the load balancer shares them.

export type LimitKey = (request: FastifyRequest) => string | undefined;
export type Limit = {
  /** Names the counter; also the Redis key prefix. */
  name: string;
  max: number;
  windowMs: number;
  /** 'ip' for the client address; a function for an account (undefined: not counted). */
  by: 'ip' | LimitKey;
  /** Counts only the requests this accepts (default: all). */
  when?: (request: FastifyRequest) => boolean;
  /** What the player is told, before "Please try again in N minutes." */
  message: string;
};

export const MINUTES_15 = 15 * 60 * 1000;

export async function installRateLimits(app: FastifyInstance, options: { redis: Redis | undefined; nameSpace: string }) {
  await app.register(rateLimit, { global: false, redis: options.redis, nameSpace: options.nameSpace, skipOnError: false });
  app.decorate('attemptBudgetStore', { redis: options.redis, nameSpace: options.nameSpace });
}

export const ipOf = (request: FastifyRequest) => normalizeIP(request.ip);
/** The normalised e-mail of a JSON body, as the per-account key of the anonymous routes. */
export const bodyEmail: LimitKey = (request) => {
  const body: unknown = request.body;
  const email = typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : undefined;
};

function tooMany(reply: FastifyReply, message: string, ttlMs: number): Problem {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  reply.header('retry-after', String(seconds));
  return new Problem(429, `${message} Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, { type: 'throttled' });
}

type Counter = ReturnType<FastifyInstance['createRateLimit']>;

function counterFor(app: FastifyInstance, limit: Limit): { counter: Counter; key: LimitKey } {
  const key: LimitKey = (request) => {
    const value = limit.by === 'ip' ? ipOf(request) : limit.by(request);
    return value === undefined ? undefined : `${limit.name}:${value}`;
  };
  // The in-memory store is an LRU per counter; a large one so floods of new keys cannot evict a victim's count.
  const options = { max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request: FastifyRequest) => key(request) ?? '', cache: 100_000 };
  const counter = app.createRateLimit(options);
  return { counter, key };
}

async function failClosed<T>(request: FastifyRequest, consult: () => Promise<T>): Promise<T> {
  try {
    return await consult();
  } catch (error) {
    // Fail closed: without its counters the server cannot tell an attack from a player.
    request.log.error({ err: error }, 'rate-limit store unavailable');
    throw new Problem(503, 'The service is busy. Please try again in a moment.');
  }
}

/**
 * A preHandler counting every request against each limit; over any of them the request is refused
 * with 429. IPs in RATE_LIMIT_ALLOWLIST skip the per-IP limits only.
 */
export function limitRequests(app: FastifyInstance, allowList: readonly string[], limits: Limit[]) {
  const counters = limits.map((limit) => ({ limit, ...counterFor(app, limit) }));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Laravel's X-RateLimit-Limit / X-RateLimit-Remaining, for the tightest limit this request counted against.
    let tightest: { max: number; remaining: number } | undefined;
    const tell = () => {
      if (tightest) reply.header('x-ratelimit-limit', String(tightest.max)).header('x-ratelimit-remaining', String(tightest.remaining));
    };
    for (const { limit, counter, key } of counters) {
      if (limit.when && !limit.when(request)) continue;
      if (limit.by === 'ip' && allowList.includes(ipOf(request))) continue;
      if (key(request) === undefined) continue;
      const state = await failClosed(request, () => counter(request, { increment: true }));
      // isAllowed is the counter's own allow-list, which these counters do not use: it always counted.
      if (state.isAllowed) continue;
      const remaining = state.isExceeded ? 0 : state.remaining;
      if (!tightest || remaining < tightest.remaining) tightest = { max: limit.max, remaining };
      if (state.isExceeded) {
        tightest = { max: limit.max, remaining: 0 };
        tell();
        throw tooMany(reply, limit.message, state.ttl);
      }
    }
    tell();
  };
}

/**
 * A budget of password guesses per key (an account, a device, a player), reserved before the password is
 * checked: `reserve` takes one unit or refuses with 429 when none is left, and answers the function that
 * gives the unit back (never throws: a unit it could not give back only expires with its window).
 */
export function reserveAttempts(app: FastifyInstance, limit: Omit<Limit, 'by' | 'when'>) {
  const budget = createAttemptBudget(app.attemptBudgetStore, limit);
  return async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<() => Promise<void>> => {
    const reservation = await failClosed(request, () => budget.reserve(key));
    if (!reservation.granted) throw tooMany(reply, limit.message, reservation.retryAfterMs);
    return () => reservation.giveBack().catch((error: unknown) => request.log.warn({ err: error }, 'a reserved attempt could not be given back'));
  };
}
