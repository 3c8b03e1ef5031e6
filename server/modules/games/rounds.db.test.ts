import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { gameShardOf } from '../ledger/service.ts';
import { ledgerEntries, ledgerJournals } from '../ledger/schema.ts';
import { fairnessSeeds, gameRounds } from './schema.ts';
import { gamesKit } from './testing.ts';

const t = useTestApp();
const kit = gamesKit(t);

const journalsOf = (roundId: string) => t.services.database.db.select().from(ledgerJournals).where(eq(ledgerJournals.referenceId, roundId));

describe('a real roulette round', () => {
  it('debits the bets, credits the win through the ledger, and answers the round with the balance after', async () => {
    const player = await kit.fundedPlayer(100_00);
    const response = await kit.play(
      'european-roulette',
      {
        mode: 'real',
        bets: [
          { type: 'red', amount: 5_00 },
          { type: 'straight', numbers: [17], amount: 1_00 },
          { type: 'dozen', index: 2, amount: 2_00 },
        ],
      },
      { token: player.token },
    );
    expect(response.statusCode).toBe(201);
    const round = response.json().data;
    expect(round).toMatchObject({
      round_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      game: 'european-roulette',
      engine: 'european-roulette',
      kind: 'roulette',
      mode: 'real',
      status: 'settled',
      currency: 'EUR',
      stake: 8_00,
      request: {
        bets: [
          { type: 'red', amount: 5_00 },
          { type: 'straight', numbers: [17], amount: 1_00 },
          { type: 'dozen', index: 2, amount: 2_00 },
        ],
      },
      fairness: { server_seed_hash: expect.stringMatching(/^[0-9a-f]{64}$/), client_seed: expect.any(String), nonce: 0, server_seed: null },
      settled_at: expect.any(String),
    });
    const pocket = round.outcome.pocket as number;
    expect(pocket).toBeGreaterThanOrEqual(0);
    expect(pocket).toBeLessThanOrEqual(36);
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(pocket);
    const expectedWin = (red ? 10_00 : 0) + (pocket === 17 ? 36_00 : 0) + (pocket >= 13 && pocket <= 24 ? 6_00 : 0);
    expect(round.win).toBe(expectedWin);
    expect(round.outcome.win).toBe(expectedWin);
    expect(round.balance).toBe(100_00 - 8_00 + expectedWin);
    expect((await kit.wallet(player.token)).balance).toBe(round.balance);
    const journals = await journalsOf(round.round_id);
    expect(journals.map((j) => [j.type, j.idempotencyKey]).sort()).toEqual(
      [['bet', `round:${round.round_id}:bet`], ...(expectedWin > 0 ? [['win', `round:${round.round_id}:win`]] : [])].sort(),
    );
    // The nonce moved on by one.
    expect((await kit.call('GET', '/api/fairness', { token: player.token })).json().data.nonce).toBe(1);
  });

  it("stakes and pays on the player's own shard of the house's game account, so players' rounds lock different rows", async () => {
    const { ledger, config, database } = t.services;
    const players = [await kit.fundedPlayer(10_00), await kit.fundedPlayer(10_00)];
    while (gameShardOf(Number(players[0]!.id)) === gameShardOf(Number(players[1]!.id))) players[1] = await kit.fundedPlayer(10_00);
    const games = new Set<number>();
    for (const player of players) {
      const game = await ledger.houseGameAccountId(Number(player.id), config.defaultCurrency);
      const cash = (await ledger.ensurePlayerAccounts(Number(player.id), config.defaultCurrency)).cash.id;
      games.add(game);
      const houseBefore = (await ledger.account(game))!.balance;
      // Red and black: every pocket but zero pays, so the round has a win to check too (most of the time).
      const round = (
        await kit.play(
          'european-roulette',
          {
            mode: 'real',
            bets: [
              { type: 'red', amount: 1_00 },
              { type: 'black', amount: 1_00 },
            ],
          },
          { token: player.token },
        )
      ).json().data;
      const entries = await database.db
        .select({ type: ledgerJournals.type, accountId: ledgerEntries.accountId, amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
        .where(eq(ledgerJournals.referenceId, round.round_id));
      const houseSide = entries.filter((e) => e.accountId !== cash);
      expect(houseSide.length).toBe(round.win > 0 ? 2 : 1);
      expect(houseSide.every((e) => e.accountId === game)).toBe(true);
      expect((await ledger.account(game))!.balance - houseBefore).toBe(2_00 - round.win);
    }
    expect(games.size).toBe(2);
  });

  it('computes the round again when its seed pair moved on after it was read, and keeps nothing of the first try', async () => {
    const player = await kit.fundedPlayer(20_00);
    const body = { mode: 'real', bets: [{ type: 'red', amount: 1_00 }] };
    expect((await kit.play('european-roulette', body, { token: player.token })).statusCode).toBe(201);
    // Another node plays two rounds: this node's remembered pair (next nonce 1) is now two behind.
    const { db } = t.services.database;
    await db
      .update(fairnessSeeds)
      .set({ nextNonce: 3 })
      .where(and(eq(fairnessSeeds.playerId, Number(player.id)), isNull(fairnessSeeds.revealedAt)));
    const response = await kit.play('european-roulette', body, { token: player.token });
    expect(response.statusCode).toBe(201);
    const round = response.json().data;
    expect(round.fairness.nonce).toBe(3);
    const rows = await db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.playerId, Number(player.id)));
    expect(rows.map((row) => row.nonce).sort()).toEqual([0, 3]);
    expect((await journalsOf(round.round_id)).filter((journal) => journal.type === 'bet')).toHaveLength(1);
    expect((await kit.call('GET', '/api/fairness', { token: player.token })).json().data.nonce).toBe(4);
  });

  it('is in the history with its outcome, and one round by id', async () => {
    const player = await kit.fundedPlayer(50_00);
    const ids: string[] = [];
    for (const body of [
      { mode: 'real', bets: [{ type: 'black', amount: 1_00 }] },
      { mode: 'real', stake: 40 },
      { mode: 'real', bets: [{ type: 'column', index: 3, amount: 50 }] },
    ]) {
      const slug = 'stake' in body ? 'lantern-orchard' : 'european-roulette';
      const response = await kit.play(slug, body, { token: player.token });
      expect(response.statusCode).toBe(201);
      ids.push(response.json().data.round_id);
    }
    const history = await kit.call('GET', '/api/player/rounds?per_page=2', { token: player.token });
    expect(history.statusCode).toBe(200);
    expect(history.json().meta).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(history.json().data.map((r: { round_id: string }) => r.round_id)).toEqual([ids[2], ids[1]]);
    expect(history.json().data[1]).toMatchObject({ game: 'lantern-orchard', kind: 'slot', stake: 40, request: { stake: 40 }, fairness: { nonce: 1 } });
    const slots = await kit.call('GET', '/api/player/rounds?game=lantern-orchard', { token: player.token });
    expect(slots.json().data.map((r: { round_id: string }) => r.round_id)).toEqual([ids[1]]);
    expect((await kit.call('GET', '/api/player/rounds?game=no-such-game', { token: player.token })).json().data).toEqual([]);
    expect((await kit.call('GET', '/api/player/rounds?status=open', { token: player.token })).json().data).toEqual([]);
    const one = await kit.call('GET', `/api/player/rounds/${ids[0]}`, { token: player.token });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ round_id: ids[0], game: 'european-roulette', outcome: { pocket: expect.any(Number) } });
    // Other players' rounds, unknown ids and malformed ones are all "no such round".
    const other = await kit.player();
    for (const [token, id] of [
      [other.token, ids[0]],
      [player.token, randomUUID()],
      [player.token, 'not-a-uuid'],
    ] as const) {
      const response = await kit.call('GET', `/api/player/rounds/${id}`, { token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'No round with that id.' });
    }
    expect((await kit.call('GET', '/api/player/rounds')).statusCode).toBe(401);
    for (const query of ['page=0', 'per_page=101', 'status=lost', 'game=Bad%20Slug']) {
      expect((await kit.call('GET', `/api/player/rounds?${query}`, { token: player.token })).statusCode, query).toBe(422);
    }
  });
});

describe('a real slot round', () => {
  it('plays the base spin and every free spin as one round: one debit, at most one credit', async () => {
    const player = await kit.fundedPlayer(100_00);
    let balance = 100_00;
    for (let i = 0; i < 10; i++) {
      const response = await kit.play('clockwork-comet', { mode: 'real', stake: 1_00 }, { token: player.token });
      expect(response.statusCode).toBe(201);
      const round = response.json().data;
      expect(round).toMatchObject({ kind: 'slot', status: 'settled', stake: 1_00, fairness: { nonce: i } });
      expect(round.outcome).toMatchObject({ slug: 'clockwork-comet', stake: 1_00, lineBet: 10, base: { grid: expect.any(Array) } });
      expect(round.win).toBe(round.outcome.totalWin);
      balance += round.win - 1_00;
      expect(round.balance).toBe(balance);
      const journals = await journalsOf(round.round_id);
      expect(journals.length).toBe(round.win > 0 ? 2 : 1);
    }
    expect((await kit.wallet(player.token)).balance).toBe(balance);
  });
});

describe('bad input: a clear 4xx and nothing moves', () => {
  it('refuses unknown bet types, wrong numbers for a bet type and malformed bets', async () => {
    const player = await kit.fundedPlayer(100_00);
    const before = await kit.snapshot(player);
    const cases: [unknown, string][] = [
      [[{ type: 'trio', numbers: [1, 2, 3], amount: 100 }], 'bets.0.type'],
      [[{ type: 'split', numbers: [1, 9], amount: 100 }], 'bets.0.numbers'],
      [[{ type: 'split', numbers: [1], amount: 100 }], 'bets.0.numbers'],
      [[{ type: 'straight', numbers: [37], amount: 100 }], 'bets.0.numbers'],
      [[{ type: 'corner', numbers: [1, 2, 3, 5], amount: 100 }], 'bets.0.numbers'],
      [[{ type: 'red', numbers: [1], amount: 100 }], 'bets.0.numbers'],
      [[{ type: 'dozen', index: 4, amount: 100 }], 'bets.0.index'],
      [[{ type: 'red', amount: 0 }], 'bets.0.amount'],
      [[{ type: 'red', amount: -100 }], 'bets.0.amount'],
      [[{ type: 'red', amount: 1.5 }], 'bets.0.amount'],
      [[{ type: 'red', amount: '100' }], 'bets.0.amount'],
      [[{ type: 'red', amount: 1e20 }], 'bets.0.amount'],
      [['red'], 'bets.0'],
      [[], 'bets'],
    ];
    for (const [bets, field] of cases) {
      const response = await kit.play('european-roulette', { mode: 'real', bets }, { token: player.token });
      expect(response.statusCode, JSON.stringify(bets)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(bets)).toContain(field);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await kit.snapshot(player)).toEqual(before);
  });

  it('refuses bad stakes: negative, zero, fractional, huge, strings, not a multiple of the lines, and the wrong field for the game', async () => {
    const player = await kit.fundedPlayer(100_00);
    const before = await kit.snapshot(player);
    const cases: [string, unknown, string][] = [
      ['lantern-orchard', { mode: 'real', stake: -20 }, 'stake'],
      ['lantern-orchard', { mode: 'real', stake: 0 }, 'stake'],
      ['lantern-orchard', { mode: 'real', stake: 20.5 }, 'stake'],
      ['lantern-orchard', { mode: 'real', stake: 1e20 }, 'stake'],
      ['lantern-orchard', { mode: 'real', stake: '40' }, 'stake'],
      ['lantern-orchard', { mode: 'real', stake: null }, 'stake'],
      ['lantern-orchard', { mode: 'real', stake: 30 }, 'stake'],
      ['lantern-orchard', { mode: 'real' }, 'stake'],
      ['lantern-orchard', { mode: 'real', stake: 40, bets: [] }, 'bets'],
      ['blackjack', { mode: 'real', stake: -1 }, 'stake'],
      ['european-roulette', { mode: 'real', stake: 100 }, 'stake'],
      ['european-roulette', { mode: 'real' }, 'bets'],
      ['european-roulette', { mode: 'real', bets: 'red' }, 'bets'],
      ['european-roulette', { mode: 'fun', bets: [{ type: 'red', amount: 100 }] }, 'mode'],
      ['european-roulette', { bets: [{ type: 'red', amount: 100 }] }, 'mode'],
    ];
    for (const [slug, body, field] of cases) {
      const response = await kit.play(slug, body, { token: player.token });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(body)).toEqual([field]);
    }
    expect(await kit.snapshot(player)).toEqual(before);
  });

  it('enforces the table limits: per game stakes, roulette minimum per bet, per position and per spin', async () => {
    const player = await kit.fundedPlayer(5_000_00);
    const before = await kit.snapshot(player);
    const cases: [string, unknown, string, string][] = [
      ['lantern-orchard', { stake: 10_020 }, 'stake', 'The stake may not be greater than €100.00.'],
      ['lantern-orchard', { stake: 10 }, 'stake', 'The stake must be at least €0.20.'],
      ['blackjack', { stake: 99 }, 'stake', 'The stake must be at least €1.00.'],
      ['blackjack', { stake: 500_01 }, 'stake', 'The stake may not be greater than €500.00.'],
      ['european-roulette', { bets: [{ type: 'red', amount: 5 }] }, 'bets.0.amount', 'Each bet must be at least €0.10.'],
      [
        'european-roulette',
        { bets: [{ type: 'straight', numbers: [7], amount: 25_01 }] },
        'bets.0.amount',
        'A straight bet may not be greater than €25.00 (chips on the same position count together).',
      ],
      [
        'european-roulette',
        {
          bets: [
            { type: 'odd', amount: 10 },
            { type: 'straight', numbers: [7], amount: 20_00 },
            { type: 'straight', numbers: [7], amount: 5_01 },
          ],
        },
        'bets.1.amount',
        'A straight bet may not be greater than €25.00 (chips on the same position count together).',
      ],
      [
        'european-roulette',
        { bets: [{ type: 'red', amount: 450_01 }] },
        'bets.0.amount',
        'A red bet may not be greater than €450.00 (chips on the same position count together).',
      ],
      [
        'european-roulette',
        {
          bets: [
            { type: 'red', amount: 450_00 },
            { type: 'even', amount: 450_00 },
            { type: 'low', amount: 100_01 },
          ],
        },
        'bets',
        'The total stake may not be greater than €1,000.00.',
      ],
    ];
    for (const [slug, body, field, message] of cases) {
      const response = await kit.play(slug, { mode: 'real', ...(body as object) }, { token: player.token });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
    // Just inside every limit is fine.
    expect(
      (await kit.play('european-roulette', { mode: 'real', bets: [{ type: 'straight', numbers: [7], amount: 25_00 }] }, { token: player.token })).statusCode,
    ).toBe(201);
    expect((await kit.snapshot(player)).rounds).toBe(before.rounds + 1);
  });

  it('refuses a stake above the balance: no round, no ledger entry, no nonce used', async () => {
    const player = await kit.fundedPlayer(1_00);
    const before = await kit.snapshot(player);
    const response = await kit.play('european-roulette', { mode: 'real', bets: [{ type: 'red', amount: 1_01 }] }, { token: player.token });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Your balance is too low for this stake.', errors: { bets: ['Your balance is too low for this stake.'] } });
    const slot = await kit.play('tidebound-hoard', { mode: 'real', stake: 1_20 }, { token: player.token });
    expect([slot.statusCode, slot.json().errors]).toEqual([422, { stake: ['Your balance is too low for this stake.'] }]);
    expect(await kit.snapshot(player)).toEqual(before);
    // The same key works once the money is there.
    const key = randomUUID();
    expect((await kit.play('tidebound-hoard', { mode: 'real', stake: 1_20 }, { token: player.token, key })).statusCode).toBe(422);
    await kit.fund(player.id, 1_00);
    const played = await kit.play('tidebound-hoard', { mode: 'real', stake: 1_20 }, { token: player.token, key });
    expect(played.statusCode).toBe(201);
    expect(played.json().data.fairness.nonce).toBe(0);
  });

  it('refuses unknown games, malformed bodies and missing or malformed Idempotency-Keys', async () => {
    const player = await kit.fundedPlayer(10_00);
    const before = await kit.snapshot(player);
    const unknown = await kit.play('no-such-game', { mode: 'real', stake: 100 }, { token: player.token });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'No game with that slug.' }]);
    expect((await kit.play('NOT%20A%20SLUG', { mode: 'demo', stake: 100 })).statusCode).toBe(404);
    const noKey = await kit.play('lantern-orchard', { mode: 'real', stake: 20 }, { token: player.token, key: null });
    expect([noKey.statusCode, noKey.json()]).toEqual([400, { message: 'The Idempotency-Key header is required.', type: 'idempotency' }]);
    const badKey = await kit.play('lantern-orchard', { mode: 'real', stake: 20 }, { token: player.token, key: 'ünïcode' });
    expect([badKey.statusCode, badKey.json().type]).toEqual([400, 'idempotency']);
    for (const payload of ['{"mode": "real", "stake": ', '[1, 2]', '"real"', 'null']) {
      const response = await kit.call('POST', '/api/games/lantern-orchard/rounds', {
        token: player.token,
        key: randomUUID(),
        headers: { 'content-type': 'application/json' },
        payload: payload as unknown as object,
      });
      expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload).toBeLessThan(500);
      expect(response.json().message, payload).toEqual(expect.any(String));
    }
    expect(await kit.snapshot(player)).toEqual(before);
  });

  it('needs an active, unblocked, signed-in player for real money', async () => {
    const body = { mode: 'real', bets: [{ type: 'red', amount: 100 }] };
    expect((await kit.play('european-roulette', body)).statusCode).toBe(401);
    const inactive = await kit.fundedPlayer(10_00, { active: false });
    const blocked = await kit.fundedPlayer(10_00, { blocked: true });
    const refusedInactive = await kit.play('european-roulette', body, { token: inactive.token });
    expect([refusedInactive.statusCode, refusedInactive.json()]).toEqual([403, { message: 'Your account is not activated.', type: 'inactive' }]);
    const refusedBlocked = await kit.play('european-roulette', body, { token: blocked.token });
    expect([refusedBlocked.statusCode, refusedBlocked.json()]).toEqual([423, { message: 'Your account is blocked.', type: 'blocked' }]);
    expect((await kit.wallet(inactive.token)).balance).toBe(10_00);
  });
});
