// The sweep of interrupted rounds (decision 0041): a hand untouched for 24 hours is completed by standing on every
// open hand and settled once, whoever else runs at the same moment; a younger hand is the player's; a decided round
// whose credit stalled is paid.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startHandFromShoe, standOnEveryHand } from '../../../games/blackjack/engine.ts';
import { useTestApp } from '../../test-app.ts';
import { ledgerJournals } from '../ledger/schema.ts';
import type { LedgerService } from '../ledger/service.ts';
import { STALLED_CREDIT_MS, UNTOUCHED_HAND_MS } from './interrupted-rounds.ts';
import { createRoundSettlement } from './round-settlement.ts';
import { createRoundsService } from './rounds.ts';
import { gameRounds } from './schema.ts';
import { gamesKit } from './testing.ts';

const t = useTestApp();
const kit = gamesKit(t);
const HOUR = 60 * 60 * 1000;

const roundRow = async (id: string) => (await t.services.database.db.select().from(gameRounds).where(eq(gameRounds.id, id)))[0]!;
const journalsOf = async (id: string) =>
  (await t.services.database.db.select().from(ledgerJournals).where(eq(ledgerJournals.referenceId, id))).map((j) => j.idempotencyKey).sort();
const ago = (ms: number) => new Date(Date.now() - ms);

/**
 * A €1 hand: player T 9 (19) against a dealer 6 T (16). Standing, the dealer draws the 8 and busts: 2.00 back.
 * Hitting instead, the player draws that 8 and busts: nothing back.
 */
const SHOE = ['Tc', '6h', '9d', 'Ts', '8s', '5c', '4d'];

/** An open €1 hand dealt from SHOE, last touched `untouchedFor` ago. */
async function leftHand(token: string, untouchedFor: number) {
  let hand: { status: string; round_id: string };
  do hand = (await kit.play('blackjack', { mode: 'real', stake: 1_00 }, { token })).json().data;
  while (hand.status !== 'open');
  await t.services.database.db
    .update(gameRounds)
    .set({ state: startHandFromShoe({ stake: 1_00, shoe: SHOE }), updatedAt: ago(untouchedFor) })
    .where(eq(gameRounds.id, hand.round_id));
  return hand.round_id as string;
}

describe('the sweep of hands left untouched', () => {
  it('stands for the player after 24 hours and pays once, even with two sweeps at the same moment', async () => {
    const player = await kit.fundedPlayer(100_00);
    const roundId = await leftHand(player.token, UNTOUCHED_HAND_MS + HOUR);
    const before = (await kit.wallet(player.token)).balance;

    const sweeps = await Promise.all([t.services.games.interrupted.sweep(), t.services.games.interrupted.sweep()]);
    expect(sweeps.reduce((sum, sweep) => sum + sweep.completed, 0)).toBe(1);
    expect(await roundRow(roundId)).toMatchObject({
      status: 'settled',
      win: 2_00,
      settledAt: expect.any(Date),
      moves: [{ action: 'stand', key: 'untouched-24h:0' }],
    });
    expect((await kit.wallet(player.token)).balance).toBe(before + 2_00);
    expect(await journalsOf(roundId)).toEqual([`round:${roundId}:bet`, `round:${roundId}:win`]);
    expect((await t.services.games.interrupted.sweep()).completed).toBe(0);
    expect((await kit.wallet(player.token)).balance).toBe(before + 2_00);

    // The player sees the hand played out as the rule says, and it replays from its moves.
    const shown = (await kit.call('GET', `/api/player/rounds/${roundId}`, { token: player.token })).json().data;
    expect(shown).toMatchObject({ status: 'settled', win: 2_00, outcome: { moves: ['stand'], phase: 'finished', dealer: { cards: ['6h', 'Ts', '8s'] } } });
    expect((await roundRow(roundId)).state).toEqual(standOnEveryHand(startHandFromShoe({ stake: 1_00, shoe: SHOE })).state);
    const late = await kit.act('blackjack', roundId, 'hit', { token: player.token });
    expect([late.statusCode, late.json()]).toEqual([409, { message: 'This round is over; start a new one.', type: 'round_closed' }]);
  });

  it('lets exactly one of the sweep and a move the player makes at that moment happen, with the money to match', async () => {
    const player = await kit.fundedPlayer(100_00);
    for (let attempt = 0; attempt < 4; attempt++) {
      const roundId = await leftHand(player.token, UNTOUCHED_HAND_MS + HOUR);
      const before = (await kit.wallet(player.token)).balance;
      // Which lands first is up to timing (on PostgreSQL both orders occur); either way exactly one happens.
      const [sweep, move] = await Promise.all([t.services.games.interrupted.sweep(), kit.act('blackjack', roundId, 'hit', { token: player.token })]);
      const row = await roundRow(roundId);
      if (move.statusCode === 200) {
        // The player's hit drew the 8 and busted; the sweep found the hand moved and left it.
        expect(sweep.completed).toBe(0);
        expect(row).toMatchObject({ status: 'settled', win: 0, moves: [{ action: 'hit' }] });
        expect(await journalsOf(roundId)).toEqual([`round:${roundId}:bet`]);
        expect((await kit.wallet(player.token)).balance).toBe(before);
      } else {
        expect(move.statusCode).toBe(409);
        expect(sweep.completed).toBe(1);
        expect(row).toMatchObject({ status: 'settled', win: 2_00, moves: [{ action: 'stand', key: 'untouched-24h:0' }] });
        expect(await journalsOf(roundId)).toEqual([`round:${roundId}:bet`, `round:${roundId}:win`]);
        expect((await kit.wallet(player.token)).balance).toBe(before + 2_00);
      }
    }
  });

  it('leaves a hand younger than 24 hours alone, however old the round', async () => {
    const player = await kit.fundedPlayer(100_00);
    const roundId = await leftHand(player.token, UNTOUCHED_HAND_MS - HOUR);
    // Dealt three days ago, but the player moved it within the day.
    await t.services.database.db
      .update(gameRounds)
      .set({ createdAt: ago(72 * HOUR) })
      .where(eq(gameRounds.id, roundId));
    const before = (await kit.wallet(player.token)).balance;
    await t.services.games.interrupted.sweep();
    expect(await roundRow(roundId)).toMatchObject({ status: 'open', moves: [], win: 0 });
    expect((await kit.wallet(player.token)).balance).toBe(before);
    const stood = await kit.act('blackjack', roundId, 'stand', { token: player.token });
    expect(stood.json().data).toMatchObject({ status: 'settled', win: 2_00, balance: before + 2_00 });
  });

  it('pays a decided round whose credit stalled for five minutes, and not one whose credit may still be on its way', async () => {
    const player = await kit.fundedPlayer(100_00);
    const { ledger, database, catalog, games, config } = t.services;
    const crashing: LedgerService = {
      ...ledger,
      transfer: async (request, options) => {
        if (request.idempotencyKey.endsWith(':win')) throw new Error('power cut');
        return ledger.transfer(request, options);
      },
    };
    const settlement = createRoundSettlement({ db: database.db, ledger: crashing, currency: config.defaultCurrency });
    const rounds = createRoundsService({ db: database.db, ledger: crashing, catalog, fairness: games.fairness, settlement, currency: config.defaultCurrency });
    // An instant round's win commits with its stake (issue 17 §10): a credit stalls only after a blackjack double.
    // 11 against a dealer 16; the double draws a ten and the dealer busts: 4.00 on a 2.00 stake.
    let hand: { status: string; round_id: string };
    do hand = (await kit.play('blackjack', { mode: 'real', stake: 1_00 }, { token: player.token })).json().data;
    while (hand.status !== 'open');
    const roundId = hand.round_id;
    await database.db
      .update(gameRounds)
      .set({ state: startHandFromShoe({ stake: 1_00, shoe: ['6h', '6c', '5d', 'Tc', 'Ts', '9s'] }) })
      .where(eq(gameRounds.id, roundId));
    const game = (await catalog.playableGame('blackjack'))!;
    await expect(rounds.act(Number(player.id), game, roundId, 'double', randomUUID())).rejects.toThrow('power cut');
    const win = (await roundRow(roundId)).win;
    expect(win).toBe(4_00);
    const before = (await kit.wallet(player.token)).balance;

    await games.interrupted.sweep();
    expect(await roundRow(roundId)).toMatchObject({ status: 'open', settledAt: null });
    await database.db
      .update(gameRounds)
      .set({ updatedAt: ago(STALLED_CREDIT_MS + 1_000) })
      .where(eq(gameRounds.id, roundId));
    expect((await games.interrupted.sweep()).settled).toBeGreaterThanOrEqual(1);
    expect(await roundRow(roundId)).toMatchObject({ status: 'settled', win });
    expect((await kit.wallet(player.token)).balance).toBe(before + win);
    expect(await journalsOf(roundId)).toEqual([`round:${roundId}:bet`, `round:${roundId}:move:0`, `round:${roundId}:win`]);
  });
});

describe('the sweep as a scheduled job', () => {
  it('is registered to run every five minutes and runs the sweep under the scheduler lock', async () => {
    const player = await kit.fundedPlayer(100_00);
    const roundId = await leftHand(player.token, UNTOUCHED_HAND_MS + HOUR);
    const [job] = t.services.games.jobs;
    expect(job).toMatchObject({ name: 'games:interrupted-rounds', pattern: '*/5 * * * *' });
    const runs = await Promise.all([t.services.scheduler.runNow(job!), t.services.scheduler.runNow(job!)]);
    expect(
      runs
        .filter((run) => run.ran)
        .map((run) => run.ran && (run.result as { completed: number }).completed)
        .reduce((a, b) => a + b, 0),
    ).toBe(1);
    expect(await roundRow(roundId)).toMatchObject({ status: 'settled', win: 2_00 });
  });
});
