// Crash rounds over HTTP and the round loop tick by tick on a clock the test holds (docs/decisions/0071-crash.md).
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chainLinks, crashPointFromHash, msToReach } from '../../../games/crash/crash.ts';
import { roundTripCounter } from '../../db/round-trip-counter.ts';
import { useTestApp } from '../../test-app.ts';
import { gamesKit } from '../games/testing.ts';
import { ledgerJournals } from '../ledger/schema.ts';
import { crashBets, crashGames } from './schema.ts';
import { createCrashService } from './service.ts';

const t = useTestApp();
const kit = gamesKit(t);

type Player = { id: string; token: string };
const bet = (player: Player, body: unknown, key = randomUUID()) => kit.call('POST', '/api/crash/bets', { token: player.token, key, payload: body });
const cashOut = (player: Player) => kit.call('POST', '/api/crash/cashout', { token: player.token, key: randomUUID() });
const myBets = (player: Player, query = '') => kit.call('GET', `/api/player/crash-bets${query}`, { token: player.token });

/** A leader node on the test's clock, recording what it broadcasts. */
function node(name: string, clock: { at: number }) {
  const events: { name: string; data: unknown }[] = [];
  const { database, ledger, catalog, config } = t.services;
  const service = createCrashService({
    db: database.db,
    ledger,
    catalog,
    currency: config.defaultCurrency,
    nodeId: name,
    now: () => new Date(clock.at),
    publish: (event, data) => events.push({ name: event, data }),
    onRefund: (tx, stake) => t.services.clubs.givePointsBack(tx, stake),
  });
  return { service, events };
}

async function currentGame() {
  const [game] = await t.services.database.db.select().from(crashGames).orderBy(desc(crashGames.id)).limit(1);
  return game!;
}

/** Starts the betting round now (real time) and lets it run as if it had started `elapsedMs` ago, crashing at `point`. */
async function runningSince(elapsedMs: number, point: number) {
  const game = await currentGame();
  const startedAt = new Date(Date.now() - elapsedMs);
  await t.services.database.db
    .update(crashGames)
    .set({ status: 'running', startedAt, crashPoint: point, crashAt: new Date(startedAt.getTime() + msToReach(point)) })
    .where(eq(crashGames.id, game.id));
  return game.id;
}

const journals = async (betId: string) =>
  (await t.services.database.db.select().from(ledgerJournals).where(eq(ledgerJournals.referenceId, betId))).map((j) => j.idempotencyKey).sort();

describe('crash rounds', () => {
  it('takes bets while betting, cashes out by the server clock, pays automatic cash-outs and settles the crash', async () => {
    const clock = { at: Date.now() };
    const a = node('node-a', clock);
    expect(await a.service.tick()).toBe(true);
    expect(a.events.map((e) => e.name)).toEqual(['CrashBetting']);
    const [manual, auto, stays] = [await kit.fundedPlayer(100_00), await kit.fundedPlayer(100_00), await kit.fundedPlayer(100_00)];
    const key = randomUUID();
    const placed = await bet(manual, { stake: 10_00 }, key);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data).toMatchObject({ balance: 90_00, bet: { stake: 10_00, status: 'active', auto_cashout: null } });
    // The same key answers the same bet; another body under it is a conflict; a second bet in the round is refused.
    expect((await bet(manual, { stake: 10_00 }, key)).json().data.bet.id).toBe(placed.json().data.bet.id);
    expect((await bet(manual, { stake: 20_00 }, key)).statusCode).toBe(409);
    expect((await bet(manual, { stake: 5_00 })).json()).toMatchObject({ message: 'You already have a bet in this round.' });
    expect((await bet(auto, { stake: 4_00, auto_cashout: 150 })).statusCode).toBe(201);
    expect((await bet(stays, { stake: 2_00, auto_cashout: 5000 })).statusCode).toBe(201);
    const poor = await kit.fundedPlayer(1_00);
    expect((await bet(poor, { stake: 2_00 })).json().errors).toEqual({ stake: ['Your balance is too low for this stake.'] });
    expect((await bet(poor, { stake: 5 })).json().errors).toEqual({ stake: ['The stake must be at least €0.10.'] });
    expect((await cashOut(manual)).json()).toMatchObject({ message: 'The round has not started yet.' });

    // Guests see the table without the hash or crash point of the round in play.
    const table = (await kit.call('GET', '/api/crash')).json().data;
    expect(table.game).toMatchObject({ status: 'betting', crash_point: null, hash: null });
    expect(table.bets).toHaveLength(3);
    expect(table.bets[0].player).toMatch(/^Player [0-9A-F]{6}$/);

    // The player's own list has the bet; the round's crash point stays hidden while it is in play.
    const listed = (await myBets(manual)).json();
    expect(listed.meta).toEqual({ current_page: 1, per_page: 20, total: 1, last_page: 1 });
    expect(listed.data).toEqual([
      expect.objectContaining({ id: placed.json().data.bet.id, stake: 10_00, status: 'active', crash_point: null, settled_at: null, win: 0 }),
    ]);

    const gameId = await runningSince(20_000, 1000); // e^(1.2) ≈ 3.32×, crashing at 10.00×
    const cashed = (await cashOut(manual)).json().data;
    expect(cashed.bet.status).toBe('cashed');
    expect(cashed.bet.cashout).toBeGreaterThanOrEqual(332);
    expect(cashed.bet.win).toBe(Math.floor((10_00 * cashed.bet.cashout) / 100));
    expect(cashed.balance).toBe(90_00 + cashed.bet.win);
    expect((await cashOut(manual)).json().data.bet.win).toBe(cashed.bet.win);
    expect((await bet(poor, { stake: 10 })).json()).toMatchObject({ message: 'Bets are closed for this round; the next round opens in a few seconds.' });

    // The leader pays the automatic cash-out the multiplier passed, at exactly its multiplier.
    clock.at = Date.now();
    await a.service.tick();
    const [autoBet] = await t.services.database.db
      .select()
      .from(crashBets)
      .where(eq(crashBets.playerId, Number(auto.id)));
    expect(autoBet).toMatchObject({ status: 'cashed', cashout: 150, win: 6_00 });
    expect(await journals(autoBet!.id)).toEqual([`crash:${autoBet!.id}:bet`, `crash:${autoBet!.id}:win`]);

    // The crash: the bet still in loses; the round reveals its hash, which links back to the published one.
    const [game] = await t.services.database.db.select().from(crashGames).where(eq(crashGames.id, gameId));
    clock.at = game!.crashAt!.getTime() + 10;
    await a.service.tick();
    const [lost] = await t.services.database.db
      .select()
      .from(crashBets)
      .where(eq(crashBets.playerId, Number(stays.id)));
    expect(lost).toMatchObject({ status: 'lost', win: 0 });
    expect((await cashOut(stays)).json().data.bet.status).toBe('lost');
    const ended = (await kit.call('GET', `/api/crash/games/${gameId}`)).json().data;
    expect(ended).toMatchObject({ status: 'crashed', crash_point: 1000, interrupted: false });
    expect(await chainLinks(ended.hash, ended.chain_index, ended.terminating_hash)).toBe(true);
    expect(a.events.map((e) => e.name)).toContain('CrashEnded');
    expect((await kit.wallet(stays.token)).balance).toBe(98_00);
    // Once crashed, each player's list tells what happened to their bet and the point the round crashed at.
    expect((await myBets(manual)).json().data).toEqual([
      expect.objectContaining({
        game_id: gameId,
        status: 'cashed',
        cashout: cashed.bet.cashout,
        win: cashed.bet.win,
        crash_point: 1000,
        settled_at: expect.any(String),
      }),
    ]);
    expect((await myBets(stays)).json().data).toEqual([
      expect.objectContaining({ game_id: gameId, status: 'lost', win: 0, crash_point: 1000, interrupted: false, settled_at: expect.any(String) }),
    ]);
    await a.service.stop();
  });

  it('runs on one node at a time; another takes over when the lease runs out and settles an interrupted round by the rules', async () => {
    // A minute on, the last round's crash and pause are over: the leader opens the next round.
    const clock = { at: Date.now() + 60_000 };
    const a = node('node-a', clock);
    const b = node('node-b', clock);
    expect(await a.service.tick()).toBe(true);
    expect(await b.service.tick()).toBe(false);
    const game = await currentGame();
    expect(game.status).toBe('betting');
    // Its crash point comes from its own link of the chain.
    expect(game.crashPoint).toBe(crashPointFromHash(game.hash));
    const player = await kit.fundedPlayer(50_00);
    const auto = await kit.fundedPlayer(50_00);
    expect((await bet(player, { stake: 5_00 })).statusCode).toBe(201);
    expect((await bet(auto, { stake: 5_00, auto_cashout: 120 })).statusCode).toBe(201);
    await runningSince(1_000, 200);
    // Node A dies mid-round; B waits out the lease, then finds the crash long past: the round was interrupted.
    clock.at = Date.now() + 120_000;
    expect(await b.service.tick()).toBe(true);
    const [settled] = await t.services.database.db.select().from(crashGames).where(eq(crashGames.id, game.id));
    expect(settled).toMatchObject({ status: 'crashed', interrupted: true });
    // Nobody loses money to the outage: the automatic cash-out below the crash point is paid, the other stake returned.
    expect((await kit.wallet(auto.token)).balance).toBe(50_00 - 5_00 + 6_00);
    expect((await kit.wallet(player.token)).balance).toBe(50_00);
    const [refunded] = await t.services.database.db
      .select()
      .from(crashBets)
      .where(eq(crashBets.playerId, Number(player.id)));
    expect(refunded).toMatchObject({ status: 'refunded', win: 5_00 });
    // The refunded stake's loyalty carry went back with it; the cashed-out one's stays.
    const carryOf = async (playerId: string) =>
      Number(
        (
          (await t.services.database.db.execute(sql`select table_carry from loyalty_balances where player_id = ${Number(playerId)}`)) as unknown as {
            rows: { table_carry: number }[];
          }
        ).rows[0]?.table_carry ?? 0,
      );
    expect(await carryOf(player.id)).toBe(0);
    expect(await carryOf(auto.id)).toBe(5_00);
    expect(await journals(refunded!.id)).toEqual([`crash:${refunded!.id}:bet`, `crash:${refunded!.id}:refund`]);
    expect((await myBets(player)).json().data).toEqual([
      expect.objectContaining({ id: refunded!.id, status: 'refunded', win: 5_00, crash_point: 200, interrupted: true }),
    ]);
    expect(await a.service.tick()).toBe(false);
    await b.service.stop();
    expect(await a.service.tick()).toBe(true);
    await a.service.stop();
  });

  it('asks the database little between phases: the lease about once a second, a running round one look a tick until a cash-out is due', async () => {
    // Ten minutes on, every earlier lease has lapsed and the last round's pause is over.
    const clock = { at: Date.now() + 600_000 };
    const c = node('node-c', clock);
    const counter = roundTripCounter(t.services.database);
    // Only the crash tables' statements: the counter sees every statement of this process, and the bet's after-effects
    // (points, compliance) may still be running in the background while the loop's look is counted.
    const looked = async (at: number) => {
      clock.at = at;
      return (await counter.during(() => c.service.tick())).filter((statement) => statement.includes('crash_'));
    };
    const expectStatements = (sent: string[], count: number) => expect(sent, sent.join('\n')).toHaveLength(count);
    const leaseWrites = (sent: string[]) => sent.filter((statement) => statement.includes('crash_leases'));
    try {
      expect(await c.service.tick()).toBe(true);
      expect((await currentGame()).status).toBe('betting');
      // The lease, taken 100 ms ago for 3 s, is not written again: the look is the round's one read.
      expectStatements(await looked(clock.at + 100), 1);
      expect(leaseWrites(await looked(clock.at + 1_100))).toHaveLength(1);

      const auto = await kit.fundedPlayer(10_00);
      expect((await bet(auto, { stake: 1_00, auto_cashout: 150 })).statusCode).toBe(201);
      const gameId = await runningSince(0, 1_000);
      const [running] = await t.services.database.db.select().from(crashGames).where(eq(crashGames.id, gameId));
      const startedAt = running!.startedAt!.getTime();
      // Back to the real clock: the lease this node wrote ten minutes ahead still holds, so no lease statements follow.
      // The round's first running look also finds the lowest waiting automatic cash-out (1.50×) ...
      expectStatements(await looked(startedAt + 50), 2);
      // ... after which a look below it is the round's one read, and pays nothing.
      expectStatements(await looked(startedAt + msToReach(150) - 50), 1);
      const [waiting] = await t.services.database.db
        .select()
        .from(crashBets)
        .where(eq(crashBets.playerId, Number(auto.id)));
      expect(waiting!.status).toBe('active');
      // Once the multiplier reaches it, the look pays it ...
      clock.at = startedAt + msToReach(150) + 1;
      await c.service.tick();
      const [paid] = await t.services.database.db
        .select()
        .from(crashBets)
        .where(eq(crashBets.playerId, Number(auto.id)));
      expect(paid).toMatchObject({ status: 'cashed', cashout: 150, win: 1_50 });
      // ... and with none left waiting, the next is one read again.
      expectStatements(await looked(clock.at + 100), 1);
    } finally {
      counter.restore();
      await c.service.stop();
    }
  });

  it("lists only the player's own bets, newest first, a page at a time; refuses guests and bad pages", async () => {
    const games = await t.services.database.db.select().from(crashGames).orderBy(crashGames.id);
    expect(games.length).toBeGreaterThanOrEqual(2);
    const [player, other] = [await kit.fundedPlayer(0), await kit.fundedPlayer(0)];
    const row = (playerId: number, gameId: number, stake: number, createdAt: Date) => ({
      id: randomUUID(),
      gameId,
      playerId,
      currency: 'EUR',
      stake,
      status: 'lost',
      idempotencyKey: randomUUID(),
      requestHash: 'test',
      createdAt,
      settledAt: createdAt,
    });
    await t.services.database.db
      .insert(crashBets)
      .values([
        row(Number(player.id), games[0]!.id, 1_00, new Date(Date.now() - 60_000)),
        row(Number(player.id), games[1]!.id, 2_00, new Date(Date.now() - 30_000)),
        row(Number(other.id), games[1]!.id, 3_00, new Date()),
      ]);
    expect((await myBets(player)).json().data.map((b: { stake: number }) => b.stake)).toEqual([2_00, 1_00]);
    const second = (await myBets(player, '?page=2&per_page=1')).json();
    expect(second.data.map((b: { stake: number }) => b.stake)).toEqual([1_00]);
    expect(second.meta).toEqual({ current_page: 2, per_page: 1, total: 2, last_page: 2 });
    expect((await myBets(player, '?page=3&per_page=1')).json().data).toEqual([]);
    expect((await kit.call('GET', '/api/player/crash-bets')).statusCode).toBe(401);
    for (const query of ['?page=0', '?page=abc', '?per_page=101', '?per_page=-1']) {
      const refused = await myBets(player, query);
      expect(refused.statusCode, query).toBe(422);
      expect(refused.json().message).toEqual(expect.any(String));
    }
  });

  it('refuses guests and bad bodies without moving money', async () => {
    expect((await kit.call('POST', '/api/crash/bets', { key: randomUUID(), payload: { stake: 100 } })).statusCode).toBe(401);
    const player = await kit.fundedPlayer(10_00);
    expect((await bet(player, { stake: 100, auto_cashout: 100 })).statusCode).toBe(422);
    expect((await kit.call('POST', '/api/crash/bets', { token: player.token, payload: { stake: 100 } })).statusCode).toBe(400);
    expect((await kit.call('GET', '/api/crash/games/abc')).statusCode).toBe(404);
    expect((await kit.wallet(player.token)).balance).toBe(10_00);
  });
});
