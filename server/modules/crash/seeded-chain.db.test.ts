// The browser tests' hooks (docs/decisions/0101-deterministic-crash-tests.md) through config and the services, the
// loop driven tick by tick on a clock the test holds: CRASH_CHAIN_SEED makes the first chain, so its rounds are
// known in advance; CRASH_SPEED runs the published curve faster, for bets, cash-outs and crashes alike.
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CRASH_GROWTH, chainLinks, crashPointFromHash, msToReach, multiplierAt } from '../../../games/crash/crash.ts';
import { useTestApp } from '../../test-app.ts';
import { gamesKit } from '../games/testing.ts';
import { CHAIN_LENGTH, hashAt } from './chain.ts';
import { crashClock } from './clock.ts';
import { crashBets, crashChains, crashGames } from './schema.ts';
import { DEFAULT_CRASH_TIMINGS } from './loop.ts';
import { createCrashService } from './service.ts';

const SEED = '0123456789abcdef'.repeat(4);
const SPEED = 4;
const t = useTestApp({ CRASH_CHAIN_SEED: SEED.toUpperCase(), CRASH_SPEED: String(SPEED) });
const kit = gamesKit(t);
const clock = { at: Date.now() };

/** A leader node built as server/services.ts builds it (config.crash as its timings), on the test's clock. */
function node() {
  const { database, ledger, catalog, config } = t.services;
  return createCrashService({
    db: database.db,
    ledger,
    catalog,
    currency: config.defaultCurrency,
    nodeId: 'test-leader',
    timings: { ...DEFAULT_CRASH_TIMINGS, ...config.crash },
    now: () => new Date(clock.at),
  });
}

async function currentGame() {
  const [game] = await t.services.database.db.select().from(crashGames).orderBy(desc(crashGames.id)).limit(1);
  return game!;
}

describe('crash rounds on a known chain and a faster clock', () => {
  it('makes the first chain from CRASH_CHAIN_SEED and plays its links in order, each verifiable as any round', async () => {
    expect(t.services.config.crash).toMatchObject({ speed: SPEED, chainSeed: SEED });
    // The services' own loop opens the first round (and lets the lease go), as the server does at start.
    expect(await t.services.crash.tick()).toBe(true);
    await t.services.crash.stop();
    const table = (await kit.call('GET', '/api/crash')).json().data;
    expect(table.chain).toMatchObject({ terminating_hash: hashAt(SEED, CHAIN_LENGTH, 0), length: CHAIN_LENGTH });
    expect(table.game).toMatchObject({ chain_index: 1, status: 'betting', crash_point: null, hash: null });
    // The browsers draw the faster curve from the growth the table sends.
    expect(table.growth).toBe(CRASH_GROWTH * SPEED);

    const leader = node();
    const played: number[] = [];
    for (let index = 1; index <= 6; index++) {
      const game = await currentGame();
      expect(game).toMatchObject({ chainIndex: index, status: 'betting', hash: hashAt(SEED, CHAIN_LENGTH, index) });
      expect(game.crashPoint).toBe(crashPointFromHash(game.hash));
      clock.at = game.bettingEndsAt.getTime();
      expect(await leader.tick()).toBe(true);
      const running = await currentGame();
      expect(running.status).toBe('running');
      // The round lasts a quarter of what the published curve takes to the same point.
      const lasts = running.crashAt!.getTime() - running.startedAt!.getTime();
      expect(lasts).toBe(crashClock(SPEED).msToReach(running.crashPoint));
      expect(Math.abs(lasts - msToReach(running.crashPoint) / SPEED)).toBeLessThanOrEqual(1);
      clock.at = running.crashAt!.getTime();
      await leader.tick();
      expect((await currentGame()).status).toBe('crashed');
      clock.at += t.services.config.crash.pauseMs;
      await leader.tick();
      played.push(game.id);
    }
    // Each round reveals the link hashAt gives from the seed; it hashes back to the published hash as any round's does.
    for (const [i, id] of played.entries()) {
      const round = (await kit.call('GET', `/api/crash/games/${id}`)).json().data;
      const hash = hashAt(SEED, CHAIN_LENGTH, i + 1);
      expect(round).toMatchObject({ chain_index: i + 1, hash, crash_point: crashPointFromHash(hash), interrupted: false });
      expect(await chainLinks(round.hash, round.chain_index, round.terminating_hash)).toBe(true);
    }
    await leader.stop();
  });

  it('pays cash-outs, automatic and by hand, on the faster clock, and never above the crash point', async () => {
    const leader = node();
    const game = await currentGame();
    expect(game.status).toBe('betting');
    // This test is about the clock, not the chain: the round crashes at 10.00×.
    await t.services.database.db.update(crashGames).set({ crashPoint: 1000 }).where(eq(crashGames.id, game.id));
    const [early, late, tooLate, auto] = await Promise.all([1, 2, 3, 4].map(() => kit.fundedPlayer(100_00)));
    for (const [player, autoCashout] of [
      [early, null],
      [late, null],
      [tooLate, null],
      [auto, 150],
    ] as const)
      await leader.placeBet(Number(player!.id), { stake: 10_00, autoCashout }, randomUUID());
    clock.at = game.bettingEndsAt.getTime();
    await leader.tick();
    const started = (await currentGame()).startedAt!.getTime();
    const crashAt = (await currentGame()).crashAt!.getTime();
    expect(crashAt - started).toBe(crashClock(SPEED).msToReach(1000));

    // 5 s in, the multiplier is where the published curve is after 20 s: e^1.2, 3.32×.
    clock.at = started + 5_000;
    expect((await leader.cashOut(Number(early!.id))).bet).toMatchObject({ status: 'cashed', cashout: multiplierAt(20_000), win: 33_20 });
    const betOf = async (playerId: string) =>
      (
        await t.services.database.db
          .select()
          .from(crashBets)
          .where(eq(crashBets.playerId, Number(playerId)))
      )[0]!;
    // The automatic cash-out at 1.50× is paid at the first tick at or past it on the faster clock, not before.
    const reaches150 = crashClock(SPEED).msToReach(150);
    expect(reaches150).toBe(Math.ceil(msToReach(150) / SPEED));
    clock.at = started + reaches150 - 1;
    await leader.tick();
    expect(await betOf(auto!.id)).toMatchObject({ status: 'active' });
    clock.at = started + reaches150;
    await leader.tick();
    expect(await betOf(auto!.id)).toMatchObject({ status: 'cashed', cashout: 150, win: 15_00 });
    // The last millisecond before the crash pays below the crash point; at the crash moment it is too late.
    clock.at = crashAt - 1;
    expect((await leader.cashOut(Number(late!.id))).bet).toMatchObject({ status: 'cashed', cashout: 999 });
    clock.at = crashAt;
    await expect(leader.cashOut(Number(tooLate!.id))).rejects.toMatchObject({ statusCode: 409, message: 'Too late: the round has crashed.' });
    await leader.tick();
    expect(await currentGame()).toMatchObject({ id: game.id, status: 'crashed', interrupted: false });
    expect(await betOf(tooLate!.id)).toMatchObject({ status: 'lost', win: 0 });
    await leader.stop();
  });

  it('makes a random chain once the seeded one has run out: the seed never makes a second chain', async () => {
    const leader = node();
    const last = await currentGame();
    // The seeded chain's last link has been played (10,000 rounds, skipped here).
    await t.services.database.db.update(crashGames).set({ chainIndex: CHAIN_LENGTH }).where(eq(crashGames.id, last.id));
    clock.at += 60_000;
    await leader.tick();
    const next = await currentGame();
    expect(next).toMatchObject({ status: 'betting', chainIndex: 1 });
    expect(next.chainId).not.toBe(last.chainId);
    const chains = await t.services.database.db.select().from(crashChains).orderBy(crashChains.id);
    expect(chains).toHaveLength(2);
    expect(chains[0]!.seed).toBe(SEED);
    expect(chains[1]!.seed).not.toBe(SEED);
    expect(chains[1]!.terminatingHash).toBe(hashAt(chains[1]!.seed, CHAIN_LENGTH, 0));
    expect(next.hash).toBe(hashAt(chains[1]!.seed, CHAIN_LENGTH, 1));
    await leader.stop();
  });
});
