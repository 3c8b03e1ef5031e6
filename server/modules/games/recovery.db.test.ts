// Recovery at start (GLI-19 §4.16; decision 0041): a round a crash left with its outcome decided but its win not
// credited is paid; a blackjack hand still waiting for the player is left for them to finish, never refunded.
// The crash is a ledger that fails the credit.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startHandFromShoe } from '../../../games/blackjack/engine.ts';
import { createServices } from '../../services.ts';
import { useTestApp } from '../../test-app.ts';
import { ledgerJournals } from '../ledger/schema.ts';
import type { LedgerService } from '../ledger/service.ts';
import { prepareRound } from './engines.ts';
import { createRoundSettlement } from './round-settlement.ts';
import { createRoundsService } from './rounds.ts';
import { gameRounds } from './schema.ts';
import { gamesKit } from './testing.ts';

const t = useTestApp();
const kit = gamesKit(t);

/**
 * The round service of a node whose power fails just before it credits a win. An instant round's win is a step of
 * its one statement (decision 0091): there the cut is a win that PostgreSQL refuses mid-statement, after the round
 * row and the bet were written. `longWay`: the round goes as one transaction instead (as a bonus-funded stake does,
 * or here a stake hook with no carry), and the cut is the win's transfer failing inside it.
 */
function crashingRounds({ longWay = false } = {}) {
  const { ledger, database, catalog, games, config } = t.services;
  const crashing: LedgerService = {
    ...ledger,
    transfer: async (request, options) => {
      if (request.idempotencyKey.endsWith(':win')) throw new Error('power cut');
      return ledger.transfer(request, options);
    },
    transferStep: (request) => {
      const step = ledger.transferStep(request);
      // A journal type the table refuses: the statement fails at the win, inside PostgreSQL.
      return request.idempotencyKey.endsWith(':win') ? { ...step, values: ['power cut', ...step.values.slice(1)] } : step;
    },
  };
  const currency = config.defaultCurrency;
  const settlement = createRoundSettlement({ db: database.db, ledger: crashing, currency });
  return createRoundsService({
    db: database.db,
    ledger: crashing,
    catalog,
    fairness: games.fairness,
    settlement,
    currency,
    ...(longWay ? { onStake: async () => {} } : {}),
  });
}

const roundRow = async (id: string) => (await t.services.database.db.select().from(gameRounds).where(eq(gameRounds.id, id)))[0]!;
const journalsOf = async (id: string) =>
  (await t.services.database.db.select().from(ledgerJournals).where(eq(ledgerJournals.referenceId, id))).map((j) => [j.type, j.idempotencyKey]).sort();
/** Every number straight up: whatever the pocket, 10 of the 370 staked comes back as 360. */
const everyNumber = Array.from({ length: 37 }, (_, n) => ({ type: 'straight', numbers: [n], amount: 10 }));

/**
 * A blackjack hand that ended on a double whose win was never credited: 11 against a dealer 16, the double draws a
 * ten and the dealer busts, so the hand wins 4.00 on a 2.00 stake; the node's power fails before the credit.
 */
async function stalledDouble(token: string, playerId: number): Promise<string> {
  let hand: { status: string; round_id: string };
  do hand = (await kit.play('blackjack', { mode: 'real', stake: 1_00 }, { token })).json().data;
  while (hand.status !== 'open');
  await t.services.database.db
    .update(gameRounds)
    .set({ state: startHandFromShoe({ stake: 1_00, shoe: ['6h', '6c', '5d', 'Tc', 'Ts', '9s'] }) })
    .where(eq(gameRounds.id, hand.round_id));
  const game = (await t.services.catalog.playableGame('blackjack'))!;
  await expect(crashingRounds().act(playerId, game, hand.round_id, 'double', randomUUID())).rejects.toThrow('power cut');
  expect(await roundRow(hand.round_id)).toMatchObject({ status: 'open', stake: 2_00, win: 4_00, settledAt: null });
  return hand.round_id;
}

describe('an instant round is one commit (issue 17 §10)', () => {
  it.each([
    { way: 'as one statement', longWay: false, failure: 'ledger_journals_type' },
    { way: 'as one transaction', longWay: true, failure: 'power cut' },
  ])('a power cut at the win keeps nothing of the round played $way, and the retry plays the same round and pays it', async ({ longWay, failure }) => {
    const player = await kit.fundedPlayer(10_00);
    const game = (await t.services.catalog.playableGame('european-roulette'))!;
    const key = randomUUID();
    const seedsBefore = await t.services.games.fairness.seeds(Number(player.id));
    await expect(crashingRounds({ longWay }).play(Number(player.id), game, prepareRound(game, { bets: everyNumber }, 'EUR'), key)).rejects.toThrow(failure);
    // Stake, nonce, round row and points went with the win: no round, no journal, the balance untouched.
    expect(await t.services.database.db.select({ id: gameRounds.id }).from(gameRounds).where(eq(gameRounds.idempotencyKey, key))).toEqual([]);
    expect((await kit.wallet(player.token)).balance).toBe(10_00);
    expect((await t.services.games.fairness.seeds(Number(player.id))).nonce).toBe(seedsBefore.nonce);
    expect((await t.services.games.interrupted.recoverAtStart()).settled).toBe(0);

    // The player's retry with the same key plays the round on the same nonce and pays it in its one commit.
    const retry = await kit.play('european-roulette', { mode: 'real', bets: everyNumber }, { token: player.token, key });
    const round = retry.json().data;
    expect(round).toMatchObject({ status: 'settled', stake: 3_70, win: 3_60, balance: 10_00 - 10 });
    expect(round.fairness.nonce).toBe(seedsBefore.nonce);
    expect(await journalsOf(round.round_id)).toEqual([
      ['bet', `round:${round.round_id}:bet`],
      ['win', `round:${round.round_id}:win`],
    ]);
  });
});

describe('recovery at start', () => {
  it('settles a round whose win was never credited, once, however often it runs', async () => {
    const player = await kit.fundedPlayer(100_00);
    const roundId = await stalledDouble(player.token, Number(player.id));
    const before = (await kit.wallet(player.token)).balance;
    const recovered = await t.services.games.interrupted.recoverAtStart();
    expect(recovered.settled).toBeGreaterThanOrEqual(1);
    expect(await roundRow(roundId)).toMatchObject({ status: 'settled', win: 4_00, settledAt: expect.any(Date) });
    expect((await kit.wallet(player.token)).balance).toBe(before + 4_00);
    expect(await journalsOf(roundId)).toEqual([
      ['bet', `round:${roundId}:bet`],
      ['bet', `round:${roundId}:move:0`],
      ['win', `round:${roundId}:win`],
    ]);
    await t.services.games.interrupted.recoverAtStart();
    expect((await kit.wallet(player.token)).balance).toBe(before + 4_00);
  });

  it('leaves a blackjack hand waiting for the player open, and the player finishes it afterwards', async () => {
    const player = await kit.fundedPlayer(100_00);
    let hand: { status: string; round_id: string };
    do hand = (await kit.play('blackjack', { mode: 'real', stake: 5_00 }, { token: player.token })).json().data;
    while (hand.status !== 'open');
    const before = (await kit.wallet(player.token)).balance;
    await t.services.games.interrupted.recoverAtStart();
    expect(await roundRow(hand.round_id)).toMatchObject({ status: 'open', win: 0, settledAt: null });
    expect((await kit.wallet(player.token)).balance).toBe(before);
    expect(await journalsOf(hand.round_id)).toEqual([['bet', `round:${hand.round_id}:bet`]]);

    const stood = await kit.act('blackjack', hand.round_id, 'stand', { token: player.token });
    expect(stood.statusCode).toBe(200);
    const done = stood.json().data;
    expect(done).toMatchObject({ status: 'settled', balance: before + done.win });
    expect(done.outcome.moves).toEqual(['stand']);
    expect(await journalsOf(hand.round_id)).toEqual(
      done.win > 0
        ? [
            ['bet', `round:${hand.round_id}:bet`],
            ['win', `round:${hand.round_id}:win`],
          ]
        : [['bet', `round:${hand.round_id}:bet`]],
    );
  });

  it('runs when the services start', async () => {
    const player = await kit.fundedPlayer(100_00);
    const roundId = await stalledDouble(player.token, Number(player.id));
    const before = (await kit.wallet(player.token)).balance;
    const restarted = createServices({ config: t.config, database: t.services.database });
    await restarted.start();
    await restarted.close();
    expect(await roundRow(roundId)).toMatchObject({ status: 'settled', win: 4_00 });
    expect((await kit.wallet(player.token)).balance).toBe(before + 4_00);
  });
});
