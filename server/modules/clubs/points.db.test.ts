// Loyalty points over HTTP: earned by real-money rounds by category, what is below a point carried to the next stake; the
// exchange's limits and idempotency; the operators' adjustment; expiry oldest first with an injected clock.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { OPERATOR_ENV } from '../payments/testing.ts';
import { gamesKit } from '../games/testing.ts';
import { createClubsService } from './service.ts';
import { loyaltyBalances as loyaltyBalancesTable, loyaltyEntries } from './schema.ts';

// The slot stake cap (default 5.00 a spin) is lifted here: these tests are about the points rule on any stake.
const t = useTestApp({ ...OPERATOR_ENV, MAX_SLOT_STAKE: '1000000' });
const kit = gamesKit(t);

const loyalty = async (token: string) => {
  const response = await kit.call('GET', '/api/player/loyalty', { token });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    data: {
      points: number;
      lifetime_points: number;
      points_this_month: number;
      expiring: unknown;
      history: { type: string; points: number; reference: string | null }[];
    };
    meta: { total: number };
  };
};
const exchange = (token: string, points: unknown, key: string | null = randomUUID()) =>
  kit.call('POST', '/api/player/loyalty/exchange', { token, ...(key ? { key } : {}), payload: { points } });
const adjust = async (playerId: string, points: number, reason = 'Goodwill for a test') =>
  kit.call('POST', `/api/admin/players/${playerId}/loyalty`, { token: await kit.operator(), payload: { points, reason } });

describe('points on real-money rounds', () => {
  it('slots earn one point per 10.00 staked and table games one per 50.00, what is left carried per category', async () => {
    const player = await kit.fundedPlayer(2_000_00);
    const stakes = [
      ['lantern-orchard', { stake: 10_00 }, 1],
      // 25.40: two points, 5.40 carried.
      ['lantern-orchard', { stake: 25_40 }, 2],
      // 5.40 + 9.80 = 15.20: one point, 5.20 carried.
      ['lantern-orchard', { stake: 9_80 }, 1],
      // 5.20 + 100.00: ten points, 5.20 carried.
      ['lantern-orchard', { stake: 100_00 }, 10],
      // Table games carry their own remainder: 49.99 earns nothing yet, and the slots' 5.20 does not join it.
      ['european-roulette', { bets: [{ type: 'red', amount: 49_99 }] }, 0],
      [
        'european-roulette',
        {
          bets: [
            { type: 'red', amount: 100_00 },
            { type: 'black', amount: 50_00 },
          ],
        },
        // 49.99 + 150.00 = 199.99: three points, 49.99 carried.
        3,
      ],
    ] as const;
    let expected = 0;
    for (const [slug, body, points] of stakes) {
      const response = await kit.play(slug, { mode: 'real', ...body }, { token: player.token });
      expect(response.statusCode).toBe(201);
      expected += points;
      const after = await loyalty(player.token);
      expect(after.data.points).toBe(expected);
    }
    const after = await loyalty(player.token);
    expect(after.data).toMatchObject({ points: 17, lifetime_points: 17, points_this_month: 17 });
    expect(after.data.history.map((entry) => [entry.type, entry.points])).toEqual([
      ['earned', 3],
      ['earned', 10],
      ['earned', 1],
      ['earned', 2],
      ['earned', 1],
    ]);
  });

  it('small slot spins add up: ten 1.00 spins earn the point one 10.00 spin does, and parallel spins lose nothing', async () => {
    const player = await kit.fundedPlayer(100_00);
    for (let spin = 1; spin <= 10; spin++) {
      expect((await kit.play('lantern-orchard', { mode: 'real', stake: 1_00 }, { token: player.token })).statusCode).toBe(201);
      expect((await loyalty(player.token)).data.points).toBe(spin === 10 ? 1 : 0);
    }
    // Twenty spins at once: each adds its 1.00 to the carry under the row's lock, so exactly two more points.
    const spins = await Promise.all(Array.from({ length: 20 }, () => kit.play('lantern-orchard', { mode: 'real', stake: 1_00 }, { token: player.token })));
    expect(spins.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    expect((await loyalty(player.token)).data.points).toBe(3);
  });

  it('a replayed round earns nothing more, and demo rounds earn nothing', async () => {
    const player = await kit.fundedPlayer(200_00);
    const key = randomUUID();
    expect((await kit.play('lantern-orchard', { mode: 'real', stake: 50_00 }, { token: player.token, key })).statusCode).toBe(201);
    expect((await kit.play('lantern-orchard', { mode: 'real', stake: 50_00 }, { token: player.token, key })).statusCode).toBe(201);
    expect((await kit.play('lantern-orchard', { mode: 'demo', stake: 100_00 }, { token: player.token })).statusCode).toBe(201);
    expect((await loyalty(player.token)).data.points).toBe(5);
  });

  it('a blackjack double is a stake of its own: it adds to what the hands before it carried', async () => {
    const player = await kit.fundedPlayer(1_000_00);
    // Deal until a hand can be doubled; every hand dealt stakes 30.00, at one point per 50.00.
    let staked = 0;
    for (let i = 0; i < 40; i++) {
      const round = (await kit.play('blackjack', { mode: 'real', stake: 30_00 }, { token: player.token })).json().data;
      staked += 30_00;
      if (round.status !== 'open' || !round.outcome.actions?.includes('double')) {
        if (round.status === 'open') await kit.act('blackjack', round.round_id, 'stand', { token: player.token });
        continue;
      }
      expect((await loyalty(player.token)).data.points).toBe(Math.floor(staked / 50_00));
      const doubled = await kit.act('blackjack', round.round_id, 'double', { token: player.token });
      expect(doubled.statusCode).toBe(200);
      expect((await loyalty(player.token)).data.points).toBe(Math.floor((staked + 30_00) / 50_00));
      return;
    }
    throw new Error('no hand could be doubled in 40 deals');
  });
});

describe('POST /api/player/loyalty/exchange', () => {
  it('refuses less than 1,000 points, more than the balance and a missing key, changing nothing', async () => {
    const player = await kit.fundedPlayer(0);
    expect((await adjust(player.id, 1_500)).statusCode).toBe(201);
    const before = await kit.wallet(player.token);
    const small = await exchange(player.token, 999);
    expect([small.statusCode, small.json().errors]).toEqual([422, { points: ['The smallest exchange is 1,000 points.'] }]);
    const much = await exchange(player.token, 2_000);
    expect([much.statusCode, much.json().errors]).toEqual([422, { points: ['You have 1,500 points; you cannot exchange more than that.'] }]);
    expect((await exchange(player.token, 'lots')).statusCode).toBe(422);
    expect((await exchange(player.token, 1_000, null)).statusCode).toBe(400);
    expect((await kit.call('POST', '/api/player/loyalty/exchange', { key: randomUUID(), payload: { points: 1_000 } })).statusCode).toBe(401);
    expect(await kit.wallet(player.token)).toEqual(before);
    expect((await loyalty(player.token)).data.points).toBe(1_500);
  });

  it('pays 1,000 points as 10.00 cash with no wagering, once per Idempotency-Key', async () => {
    const player = await kit.fundedPlayer(0);
    await adjust(player.id, 2_500);
    const key = randomUUID();
    const first = await exchange(player.token, 1_000, key);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ points: 1_000, amount: 10_00, currency: 'EUR', points_left: 1_500 });
    const again = await exchange(player.token, 1_000, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await exchange(player.token, 1_200, key)).statusCode).toBe(409);
    const wallet = await kit.wallet(player.token);
    expect([wallet.cash, wallet.withdrawable]).toEqual([10_00, 10_00]);
    const after = await loyalty(player.token);
    expect(after.data).toMatchObject({ points: 1_500, lifetime_points: 2_500 });
    expect(after.data.history[0]).toMatchObject({ type: 'exchanged', points: -1_000 });
  });

  it('two exchanges at once that only one balance covers: one is paid', async () => {
    const player = await kit.fundedPlayer(0);
    await adjust(player.id, 1_000);
    const answers = await Promise.all([exchange(player.token, 1_000), exchange(player.token, 1_000)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect((await kit.wallet(player.token)).cash).toBe(10_00);
    expect((await loyalty(player.token)).data.points).toBe(0);
  });
});

describe('operators and points', () => {
  it('adjusts with a recorded reason, refuses below zero, and shows the history', async () => {
    const player = await kit.fundedPlayer(0);
    const token = await kit.operator();
    const given = await adjust(player.id, 300, 'Missed points on 12 November');
    expect(given.statusCode).toBe(201);
    expect(given.json().data).toMatchObject({ type: 'adjusted', points: 300, reference: 'Missed points on 12 November' });
    const taken = await adjust(player.id, -400);
    expect([taken.statusCode, taken.json().errors]).toEqual([422, { points: ['The player has only 300 points.'] }]);
    expect((await adjust(player.id, 0)).statusCode).toBe(422);
    expect((await adjust(player.id, 10, '')).json().errors).toHaveProperty('reason');
    const view = await kit.call('GET', `/api/admin/players/${player.id}/loyalty`, { token });
    expect(view.json().data).toMatchObject({
      player_id: player.id,
      points: 300,
      tier: 'bronze',
      history: [{ type: 'adjusted', points: 300, operator_id: expect.any(String) }],
    });
    expect((await kit.call('GET', '/api/admin/players/999999999/loyalty', { token })).statusCode).toBe(404);
    expect((await kit.call('GET', `/api/admin/players/${player.id}/loyalty`, { token: player.token })).statusCode).toBe(401);
    expect((await kit.call('POST', `/api/admin/players/${player.id}/loyalty`, { payload: { points: 5, reason: 'no token' } })).statusCode).toBe(401);
  });
});

describe('points expiry', () => {
  it('expires each month 12 months after it ends, oldest points first, once', async () => {
    const player = await kit.fundedPlayer(0);
    const playerId = Number(player.id);
    let clock = new Date('2025-10-15T12:00:00Z');
    const clubs = createClubsService({
      db: t.services.database.db,
      ledger: t.services.ledger,
      currency: 'EUR',
      events: t.services.events,
      sendMessage: async () => undefined,
      now: () => clock,
    });
    const earn = (points: number) =>
      t.services.database.db.transaction((tx) =>
        clubs.earnPoints(tx, { playerId, roundId: randomUUID(), engine: 'slot', stake: points * 10_00, key: `test:${randomUUID()}` }),
      );
    await earn(800); // October 2025
    clock = new Date('2025-11-20T12:00:00Z');
    await earn(500); // November 2025
    await clubs.exchange(playerId, 1_000, randomUUID()); // takes October's 800 and 200 of November's
    expect((await clubs.loyalty(playerId, { page: 1, perPage: 10 })).data.expiring).toEqual({ points: 300, at: '2026-12-01T00:00:00.000Z' });
    // On 1 November 2026 October 2025 expires: nothing is left of it.
    expect(await clubs.points.expire(new Date('2026-11-01T00:15:00Z'))).toEqual({ players: 0, points: 0 });
    expect(await clubs.points.expire(new Date('2026-12-01T00:15:00Z'))).toMatchObject({ points: expect.any(Number) });
    const rows = await t.services.database.db.select().from(loyaltyEntries).where(eq(loyaltyEntries.playerId, playerId));
    expect(rows.filter((row) => row.type === 'expired').map((row) => [row.points, row.month])).toEqual([[-300, '2025-11']]);
    // Again: nothing more.
    await clubs.points.expire(new Date('2026-12-01T00:15:00Z'));
    expect((await clubs.points.balanceOf(playerId)).points).toBe(0);
    expect(
      (await t.services.database.db.select().from(loyaltyEntries).where(eq(loyaltyEntries.playerId, playerId))).filter((row) => row.type === 'expired'),
    ).toHaveLength(1);
  });
});

describe('a stake given back', () => {
  it('takes back the points and carry it earned, once per key, and never takes spent points below zero', async () => {
    const player = await kit.fundedPlayer(0);
    const id = Number(player.id);
    const { database, clubs } = t.services;
    const stake = (amount: number, key: string) => ({ playerId: id, roundId: key, engine: 'slot', stake: amount, key });
    // 25.40 on slots: two points and 5.40 carried; then 7.00 more: 12.40, one more point and 2.40 carried.
    await database.db.transaction((tx) => clubs.earnPoints(tx, stake(25_40, 'test:a')));
    await database.db.transaction((tx) => clubs.earnPoints(tx, stake(7_00, 'test:b')));
    expect((await clubs.points.balanceOf(id)).points).toBe(3);
    // The first given back: 7.00 stands, no whole point of it; 2.40 carried less 25.40 borrows three points.
    await database.db.transaction((tx) => clubs.givePointsBack(tx, stake(25_40, 'test:a')));
    expect(await clubs.points.balanceOf(id)).toEqual({ points: 0, lifetimePoints: 0 });
    const entries = await database.db.select().from(loyaltyEntries).where(eq(loyaltyEntries.playerId, id)).orderBy(loyaltyEntries.id);
    expect(entries.map((entry) => [entry.key, entry.points])).toEqual([
      ['test:a', 2],
      ['test:b', 1],
      ['test:a:given-back', -3],
    ]);
    // The next 3.00 slot stake reaches 10.00 with the 7.00 still carried: one point, as if 25.40 never came.
    await database.db.transaction((tx) => clubs.earnPoints(tx, stake(3_00, 'test:c')));
    expect((await clubs.points.balanceOf(id)).points).toBe(1);

    // Points already exchanged are gone: giving back takes what is there, not below zero.
    const spender = Number((await kit.fundedPlayer(0)).id);
    await database.db.transaction((tx) => clubs.earnPoints(tx, { ...stake(50_00, 'test:d'), playerId: spender }));
    await database.db.update(loyaltyBalancesTable).set({ points: 2 }).where(eq(loyaltyBalancesTable.playerId, spender));
    await database.db.transaction((tx) => clubs.givePointsBack(tx, { ...stake(50_00, 'test:d'), playerId: spender }));
    expect((await clubs.points.balanceOf(spender)).points).toBe(0);
  });
});
