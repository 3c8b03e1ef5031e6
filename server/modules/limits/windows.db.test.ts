// The limits service on its own with an injected clock: rolling windows for deposits and for stakes, when room
// frees up, cooling-off by the clock, session limits and reality checks coming due as time passes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { JURISDICTION_PROFILES } from '../../../contract/jurisdictions.ts';
import { createLimitsService, type GameTotals, type LimitsService } from './service.ts';
import { createEventBus } from '../shared/events.ts';
import type { LimitsEvents } from './events.ts';

/** The bus the limits publish on, as the composition root's; a failing listener fails the test. */
const events = createEventBus<LimitsEvents>({
  onError: (error) => {
    throw error;
  },
});

const HOUR = 3_600_000;
const T0 = new Date('2026-03-01T12:00:00Z').getTime();

let database: DatabaseHandle;
let clock = T0;
/** Rounds the fake games module has seen: [at, stake, win]. */
let rounds: [number, number, number][] = [];
let limits: LimitsService;
/** Birthdates the fake accounts module knows, by player; anyone else was born on 1990-06-01. */
const birthdates = new Map<number, string>();
const DEFAULT_BIRTHDATE = '1990-06-01';
let nextPlayer = 1;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table test_birthdates (player_id bigint primary key, birthdate text not null)`);
  limits = createLimitsService({
    db: database.db,
    publish: events.publish,
    currency: 'EUR',
    // The operator's own caps under the default profile (the UK profile's statutory ones: jurisdictions.db.test.ts).
    caps: { maxSlotStake: 500, maxSlotStakeUnder25: 200 },
    rulesFor: () => JURISDICTION_PROFILES.default,
    countryOf: async () => 'CA',
    countrySql: () => sql<string | null>`'CA'`,
    birthdateOf: async (playerId) => birthdates.get(playerId) ?? DEFAULT_BIRTHDATE,
    // A subquery like the accounts module's: the guard builds its statement once, so the value lives in a table.
    birthdateSql: (player) => sql<string | null>`coalesce((select birthdate from test_birthdates where player_id = ${player}), ${DEFAULT_BIRTHDATE})`,
    gameTotals: async (_playerId, since): Promise<GameTotals[]> =>
      since.map((from) => {
        const inside = rounds.filter(([at]) => at >= from.getTime());
        return {
          stakes: inside.reduce((sum, [, stake]) => sum + stake, 0),
          wins: inside.reduce((sum, [, , win]) => sum + win, 0),
          oldestAt: inside.length ? new Date(Math.min(...inside.map(([at]) => at))) : null,
        };
      }),
    checkPassword: async (_playerId, password) => password === 'right',
    now: () => new Date(clock),
  });
});
afterAll(async () => database.close());

function newPlayer(): number {
  clock = T0;
  rounds = [];
  return nextPlayer++;
}

const deposit = (playerId: number, amount: number) => limits.reserveDeposit({ playerId, amount, reference: `d-${playerId}-${clock}-${amount}` });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { statusCode: number; type?: string; body?: unknown }) => error,
  );

describe('rolling windows', () => {
  it('a deposit counts for exactly 24 hours in the day window and 7 days in the week window', async () => {
    const player = newPlayer();
    await limits.setLimit(player, { type: 'deposit', period: 'day', amount: 100_00 });
    await limits.setLimit(player, { type: 'deposit', period: 'week', amount: 250_00 });
    await deposit(player, 60_00);
    clock += 12 * HOUR;
    await deposit(player, 40_00);
    expect(await refusal(deposit(player, 1))).toMatchObject({ statusCode: 403, type: 'limit', body: { limit: { period: 'day', remaining: 0 } } });

    const day = (await limits.overview(player)).limits.find((l) => l.period === 'day')!;
    expect(day).toMatchObject({ used: 100_00, remaining: 0, resets_at: new Date(T0 + 24 * HOUR).toISOString() });

    clock = T0 + 24 * HOUR + 1;
    const later = (await limits.overview(player)).limits;
    expect(later.find((l) => l.period === 'day')).toMatchObject({ used: 40_00, resets_at: new Date(T0 + 36 * HOUR).toISOString() });
    expect(later.find((l) => l.period === 'week')).toMatchObject({ used: 100_00, remaining: 150_00 });
    await deposit(player, 60_00);
    // Two days on the day window is empty again, but the week holds 60 + 40 + 60 + 90 = 250.
    clock = T0 + 2 * 24 * HOUR + 2;
    await deposit(player, 90_00);
    expect(await refusal(deposit(player, 1))).toMatchObject({ body: { limit: { period: 'week', remaining: 0 } } });
    clock = T0 + 7 * 24 * HOUR + 1;
    expect((await limits.overview(player)).limits.find((l) => l.period === 'week')).toMatchObject({ used: 190_00 });
  });

  it('wager counts stakes and loss counts stakes minus wins, each over its own window; the stake is the worst case', async () => {
    const player = newPlayer();
    await limits.setLimit(player, { type: 'wager', period: 'day', amount: 50_00 });
    await limits.setLimit(player, { type: 'loss', period: 'week', amount: 30_00 });
    rounds.push([T0, 20_00, 0], [T0 + HOUR, 20_00, 15_00]);
    clock = T0 + 2 * HOUR;
    const stake = (amount: number) => limits.guardStake(player, { stake: amount, engine: 'roulette', field: 'bets' });
    // Loss so far 25_00 of 30_00; wager 40_00 of 50_00.
    expect(await refusal(stake(6_00))).toMatchObject({ body: { limit: { type: 'loss', period: 'week', remaining: 5_00 } } });
    await expect(stake(5_00)).resolves.toBeUndefined();
    clock = T0 + 25 * HOUR + 1;
    rounds.push([T0 + 24 * HOUR, 10_00, 40_00]);
    // The day window now holds only the last round (wager 10_00); over the week the player is 5_00 up, so no loss.
    await expect(stake(30_00)).resolves.toBeUndefined();
    expect(await refusal(stake(41_00))).toMatchObject({ body: { limit: { type: 'wager', period: 'day', remaining: 40_00 } } });
  });
});

describe('the clock decides', () => {
  it('a raise is confirmable from 24 hours after it was asked and lapses after 7 days', async () => {
    const player = newPlayer();
    await limits.setLimit(player, { type: 'wager', period: 'month', amount: 100_00 });
    await limits.setLimit(player, { type: 'wager', period: 'month', amount: 500_00 });
    clock = T0 + 24 * HOUR - 1;
    expect(await refusal(limits.confirm(player, { type: 'wager', period: 'month' }))).toMatchObject({ statusCode: 409, type: 'cooling_off' });
    clock = T0 + 24 * HOUR;
    expect((await limits.confirm(player, { type: 'wager', period: 'month' })).limits[0]).toMatchObject({ amount: 500_00, pending: null });

    await limits.setLimit(player, { type: 'wager', period: 'month', amount: null });
    clock += 7 * 24 * HOUR + 1;
    expect(await refusal(limits.confirm(player, { type: 'wager', period: 'month' }))).toMatchObject({ statusCode: 409, type: 'no_pending' });
    expect((await limits.overview(player)).limits[0]).toMatchObject({ amount: 500_00, pending: null });
  });

  it('a session limit and a reality check come due as the session runs; a new session starts after 30 idle minutes', async () => {
    const player = newPlayer();
    await limits.setSessionSettings(player, { session_minutes: 60, reality_check_minutes: 15 });
    const stake = () => limits.guardStake(player, { stake: 1_00, engine: 'slot', field: 'stake' });
    await stake();
    clock += 14 * 60_000;
    await stake();
    clock += 60_000;
    expect(await refusal(stake())).toMatchObject({ statusCode: 403, type: 'reality_check' });
    expect((await limits.session(player, 7)).reality_check).toMatchObject({ due: true });
    await limits.answerRealityCheck(player, 7);
    await stake();
    clock += 25 * 60_000;
    expect(await refusal(stake())).toMatchObject({ type: 'reality_check' });
    await limits.answerRealityCheck(player, 7);
    clock += 20 * 60_000;
    expect(await refusal(stake())).toMatchObject({ statusCode: 403, type: 'limit', body: { limit: { type: 'session', amount: 60 } } });
    expect((await limits.session(player, 7)).session_limit).toMatchObject({ minutes: 60, reached: true });
    clock += 31 * 60_000;
    await expect(stake()).resolves.toBeUndefined();
    // Raising the session limit waits 24 hours, then applies by itself.
    const raised = await limits.setSessionSettings(player, { session_minutes: 120 });
    expect(raised).toMatchObject({ session_minutes: 60, session_minutes_pending: { minutes: 120 } });
    clock += 24 * HOUR;
    expect(await limits.overview(player)).toMatchObject({ session_minutes: 120, session_minutes_pending: null });
  });

  it('the slot cap follows the birthday: €2.00 the day before the 25th birthday, €5.00 on it; other games have none', async () => {
    const player = newPlayer();
    birthdates.set(player, '2001-03-02');
    await database.db.execute(sql`insert into test_birthdates values (${player}, '2001-03-02')`);
    const spin = (stake: number, engine = 'slot') => limits.guardStake(player, { stake, engine, field: 'stake' });
    expect(await refusal(spin(2_20))).toMatchObject({ statusCode: 422, errors: { stake: ['The stake may not be greater than €2.00 a spin.'] } });
    await expect(spin(2_00)).resolves.toBeUndefined();
    await expect(spin(50_00, 'blackjack')).resolves.toBeUndefined();
    clock = new Date('2026-03-02T00:00:00Z').getTime();
    await expect(spin(5_00)).resolves.toBeUndefined();
    expect(await refusal(spin(5_20))).toMatchObject({ statusCode: 422 });
  });

  it('an exclusion refuses play and deposits until it ends and only lengthens; listeners hear of it', async () => {
    const player = newPlayer();
    const heard: string[] = [];
    events.on('PlayerExcluded', ({ kind }) => void heard.push(kind));
    expect(await refusal(limits.timeOut(player, 7, 'wrong'))).toMatchObject({ statusCode: 422 });
    await limits.timeOut(player, 7, 'right');
    expect(heard).toEqual(['timeout']);
    expect(await refusal(limits.assertMayPlay(player))).toMatchObject({ statusCode: 403, type: 'excluded' });
    expect(await refusal(deposit(player, 10_00))).toMatchObject({ statusCode: 403, type: 'excluded' });
    expect(await refusal(limits.timeOut(player, 1, 'right'))).toMatchObject({ statusCode: 409 });
    clock += 7 * 24 * HOUR;
    await expect(limits.assertMayPlay(player)).resolves.toBeUndefined();
    await expect(limits.assertMayDeposit(player, 10_00)).resolves.toBeUndefined();
  });
});
