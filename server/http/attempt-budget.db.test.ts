// Password-guess budgets (docs/decisions/0012-abuse-limits.md): in memory, or in Redis
// when REDIS_URL is set (CI runs this suite again with it).
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { checkOnReservation, createAttemptBudget, type AttemptBudget } from './attempt-budget.ts';

const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
afterAll(async () => {
  await redis?.quit();
});
const WINDOW_MS = 15 * 60 * 1000;
const newBudget = (max: number): AttemptBudget =>
  createAttemptBudget({ redis, nameSpace: `croupier-test:${randomBytes(6).toString('hex')}:` }, { name: 'guesses', max, windowMs: WINDOW_MS });
const key = () => `player-${randomBytes(4).toString('hex')}@example.com`;

/** One login: reserve, then (if granted) a password check whose end the scheduler places among the others. */
async function attempt(budget: AttemptBudget, account: string, right: boolean, finish: <T>(value: T) => Promise<T>, tally: { checked: number; wrong: number }) {
  const reservation = await budget.reserve(account);
  if (!reservation.granted) return 'refused';
  return checkOnReservation(reservation.giveBack, async () => {
    tally.checked++;
    const correct = await finish(right);
    if (!correct) tally.wrong++;
    return correct ? 'signed in' : null;
  });
}

describe(`attempt budgets (${redis ? 'Redis' : 'memory'})`, () => {
  it('property: whatever the number of parallel attempts and the order they finish in, wrong passwords checked ≤ the budget', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 12 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }), fc.scheduler(), async (max, rights, s) => {
        const budget = newBudget(max);
        const account = key();
        const tally = { checked: 0, wrong: 0 };
        const finish = <T>(value: T) => s.schedule(Promise.resolve(value));
        await s.waitFor(Promise.all(rights.map((right) => attempt(budget, account, right, finish, tally))));
        expect(tally.wrong).toBeLessThanOrEqual(max);
        if (!rights.includes(true)) expect(tally.checked).toBe(Math.min(max, rights.length));
      }),
      { numRuns: redis ? 60 : 300 },
    );
  });

  it('property: any number of all-wrong attempts sent at once checks exactly min(budget, attempts)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 200 }), async (max, count) => {
        const budget = newBudget(max);
        const account = key();
        const tally = { checked: 0, wrong: 0 };
        const outcomes = await Promise.all(Array.from({ length: count }, () => attempt(budget, account, false, async (value) => value, tally)));
        expect(tally.checked).toBe(Math.min(max, count));
        expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(Math.max(0, count - max));
      }),
      { numRuns: redis ? 40 : 200 },
    );
  });

  it('a refusal says when to try again, within the window', async () => {
    const budget = newBudget(1);
    const account = key();
    expect((await budget.reserve(account)).granted).toBe(true);
    const refused = await budget.reserve(account);
    expect(refused.granted).toBe(false);
    if (!refused.granted) {
      expect(refused.retryAfterMs).toBeGreaterThan(WINDOW_MS - 60_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(WINDOW_MS);
    }
  });

  it('keys count apart', async () => {
    const budget = newBudget(1);
    const [a, b] = [key(), key()];
    expect((await budget.reserve(a)).granted).toBe(true);
    expect((await budget.reserve(a)).granted).toBe(false);
    expect((await budget.reserve(b)).granted).toBe(true);
  });

  it('a unit is given back once, however often giveBack is called', async () => {
    const budget = newBudget(2);
    const account = key();
    const first = await budget.reserve(account);
    expect(first.granted).toBe(true);
    if (first.granted) for (let i = 0; i < 5; i++) await first.giveBack();
    expect((await budget.reserve(account)).granted).toBe(true);
    expect((await budget.reserve(account)).granted).toBe(true);
    expect((await budget.reserve(account)).granted).toBe(false);
  });

  it('checkOnReservation keeps the unit for a wrong password (null or false) and gives it back otherwise, even on an error', async () => {
    const budget = newBudget(1);
    const run = async (check: () => Promise<unknown>) => {
      const account = key();
      const reservation = await budget.reserve(account);
      if (!reservation.granted) throw new Error('first reservation refused');
      await checkOnReservation(reservation.giveBack, check).catch(() => undefined);
      return (await budget.reserve(account)).granted;
    };
    expect(await run(async () => null)).toBe(false);
    expect(await run(async () => false)).toBe(false);
    expect(await run(async () => ({ token: 't' }))).toBe(true);
    expect(await run(async () => Promise.reject(new Error('new password too weak')))).toBe(true);
  });
});

describe('an unreachable store', () => {
  it('rejects the reservation, so the caller can refuse rather than let guesses through', async () => {
    const cut = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, connectTimeout: 500, lazyConnect: true });
    cut.on('error', () => undefined);
    try {
      const budget = createAttemptBudget({ redis: cut, nameSpace: 'croupier-test:cut:' }, { name: 'guesses', max: 10, windowMs: WINDOW_MS });
      await expect(budget.reserve(key())).rejects.toThrow();
    } finally {
      cut.disconnect();
    }
  });
});
