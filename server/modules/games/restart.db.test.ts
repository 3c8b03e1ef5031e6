// A deploy never voids a hand (decision 0041): the server restarts on the same database, or a second node starts
// beside the first, and the player finishes the hand where it stopped with the next move over HTTP.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standOnEveryHand, type BlackjackState } from '../../../games/blackjack/engine.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { seedDemoContent } from '../../db/seed.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { buildApp } from '../../http/app.ts';
import { createServices } from '../../services.ts';
import type { TestApp } from '../../test-app.ts';
import { ledgerJournals } from '../ledger/schema.ts';
import { gameRounds } from './schema.ts';
import { gamesKit } from './testing.ts';

const config = loadConfig({
  DATA_DIR: `test-results/unit-data/${randomBytes(6).toString('hex')}`,
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  REDIS_URL: process.env.REDIS_URL ?? '',
});
let database: DatabaseHandle;
/** The node the player's requests reach; a restart swaps what is inside. */
const node = {} as TestApp;
const kit = gamesKit(node);

async function startNode(): Promise<Pick<TestApp, 'app' | 'services' | 'config'>> {
  const services = createServices({ config, database });
  await services.start();
  const app = await buildApp({ services, rateLimitNamespace: `croupier-test:${randomBytes(6).toString('hex')}:` });
  return { app, services, config };
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoContent(database.db);
  Object.assign(node, await startNode());
});

afterAll(async () => {
  await node.app.close();
  await database.close();
  await rm(config.dataDir, { recursive: true, force: true });
});

const roundRow = async (id: string) => (await database.db.select().from(gameRounds).where(eq(gameRounds.id, id)))[0]!;
const journalsOf = async (id: string) =>
  (await database.db.select().from(ledgerJournals).where(eq(ledgerJournals.referenceId, id))).map((j) => j.idempotencyKey).sort();

async function openHand(token: string) {
  for (;;) {
    const hand = (await kit.play('blackjack', { mode: 'real', stake: 5_00 }, { token })).json().data;
    if (hand.status === 'open') return hand as { round_id: string };
  }
}

describe('a blackjack hand across a restart', () => {
  it('is finished after the server restarts on the same database, and settles as the engine says', async () => {
    const player = await kit.fundedPlayer(100_00);
    const hand = await openHand(player.token);
    const before = (await kit.wallet(player.token)).balance;
    const expected = standOnEveryHand((await roundRow(hand.round_id)).state as BlackjackState).state.settlement!.win;

    await node.app.close();
    Object.assign(node, await startNode());

    expect(await roundRow(hand.round_id)).toMatchObject({ status: 'open', win: 0 });
    const stood = await kit.act('blackjack', hand.round_id, 'stand', { token: player.token });
    expect(stood.statusCode).toBe(200);
    expect(stood.json().data).toMatchObject({ status: 'settled', win: expected, balance: before + expected, outcome: { moves: ['stand'] } });
    expect((await kit.wallet(player.token)).balance).toBe(before + expected);
    expect(await roundRow(hand.round_id)).toMatchObject({ status: 'settled', win: expected, settledAt: expect.any(Date) });
    const keys = [`round:${hand.round_id}:bet`, ...(expected > 0 ? [`round:${hand.round_id}:win`] : [])];
    expect(await journalsOf(hand.round_id)).toEqual(keys);
    // Building a second app is slow on a busy machine.
  }, 60_000);

  it('stays open and playable when a second node starts beside the one serving it', async () => {
    const player = await kit.fundedPlayer(100_00);
    const hand = await openHand(player.token);
    const before = (await kit.wallet(player.token)).balance;
    const second = createServices({ config, database });
    await second.start();
    await second.close();

    expect(await roundRow(hand.round_id)).toMatchObject({ status: 'open', win: 0, moves: [] });
    const shown = await kit.call('GET', `/api/player/rounds?game=blackjack&status=open`, { token: player.token });
    expect(shown.json().data.map((round: { round_id: string }) => round.round_id)).toContain(hand.round_id);
    const stood = await kit.act('blackjack', hand.round_id, 'stand', { token: player.token });
    expect(stood.statusCode).toBe(200);
    const done = stood.json().data;
    expect(done).toMatchObject({ status: 'settled', balance: before + done.win });
    expect(await journalsOf(hand.round_id)).toEqual([`round:${hand.round_id}:bet`, ...(done.win > 0 ? [`round:${hand.round_id}:win`] : [])]);
  });
});
