import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startHandFromShoe } from '../../../games/blackjack/engine.ts';
import { useTestApp } from '../../test-app.ts';
import { ledgerJournals } from '../ledger/schema.ts';
import { gameRounds } from './schema.ts';
import { gamesKit } from './testing.ts';

const t = useTestApp();
const kit = gamesKit(t);

type Player = { id: string; token: string };

/** A real hand waiting for the player (dealt again while the deal ends it). */
async function openHand(player: Player, stake: number) {
  for (;;) {
    const response = await kit.play('blackjack', { mode: 'real', stake }, { token: player.token });
    expect(response.statusCode).toBe(201);
    const round = response.json().data;
    if (round.status === 'open') return round;
  }
}

/** An open real hand whose shoe the test chooses (dealing order: player, dealer up, player, dealer hole, then play). */
async function riggedHand(player: Player, stake: number, shoe: string[]) {
  const round = await openHand(player, stake);
  const state = startHandFromShoe({ stake, shoe });
  expect(state.phase).toBe('player');
  await t.services.database.db.update(gameRounds).set({ state }).where(eq(gameRounds.id, round.round_id));
  return round.round_id as string;
}

/** Takes the player's cash away down to `left`, as a withdrawal would. */
async function drain(player: Player, left: number) {
  const { ledger, config } = t.services;
  const { cash } = await ledger.ensurePlayerAccounts(Number(player.id), config.defaultCurrency);
  const clearing = await ledger.houseAccount('payment_clearing', config.defaultCurrency);
  await ledger.transfer({
    idempotencyKey: `test-drain:${randomUUID()}`,
    type: 'withdrawal',
    entries: [
      { accountId: cash.id, amount: -(cash.balance - left) },
      { accountId: clearing.id, amount: cash.balance - left },
    ],
  });
}

const journalKeys = async (roundId: string) =>
  (await t.services.database.db.select().from(ledgerJournals).where(eq(ledgerJournals.referenceId, roundId))).map((j) => [j.type, j.idempotencyKey]).sort();

describe('real blackjack', () => {
  it('deals a hand that shows neither the shoe nor the hole card until it ends, then settles it', async () => {
    const player = await kit.fundedPlayer(100_00);
    const hand = await openHand(player, 2_00);
    expect(hand).toMatchObject({
      kind: 'blackjack',
      status: 'open',
      stake: 2_00,
      win: 0,
      outcome: { phase: 'player', moves: [], actions: expect.arrayContaining(['hit', 'stand']) },
    });
    expect(hand.outcome.dealer.cards).toHaveLength(2);
    expect(hand.outcome.dealer.cards[1]).toBeNull();
    expect(JSON.stringify(hand)).not.toMatch(/shoe/);
    let round = hand;
    while (round.status === 'open') {
      const response = await kit.act('blackjack', hand.round_id, 'stand', { token: player.token });
      expect(response.statusCode).toBe(200);
      round = response.json().data;
    }
    expect(round).toMatchObject({ status: 'settled', outcome: { phase: 'finished', moves: ['stand'] } });
    expect(round.outcome.dealer.cards.every((card: string | null) => typeof card === 'string')).toBe(true);
    expect(round.win).toBe(round.outcome.settlement.win);
    expect((await kit.wallet(player.token)).balance).toBe(round.balance);
  });

  it('a double debits the hand’s stake again with its own ledger key, and the win is credited', async () => {
    const player = await kit.fundedPlayer(100_00);
    // Player 6 + 5 = 11 against a dealer 6 (hole ten); the double draws a ten: 21; the dealer draws 9 and busts.
    const roundId = await riggedHand(player, 1_00, ['6h', '6c', '5d', 'Tc', 'Ts', '9s']);
    const balanceBefore = (await kit.wallet(player.token)).balance;
    const response = await kit.act('blackjack', roundId, 'double', { token: player.token });
    expect(response.statusCode).toBe(200);
    const round = response.json().data;
    expect(round).toMatchObject({
      status: 'settled',
      stake: 2_00,
      win: 4_00,
      outcome: { moves: ['double'], hands: [{ cards: ['6h', '5d', 'Ts'], outcome: 'win' }] },
    });
    expect(round.balance).toBe(balanceBefore - 1_00 + 4_00);
    expect(await journalKeys(roundId)).toEqual([
      ['bet', `round:${roundId}:bet`],
      ['bet', `round:${roundId}:move:0`],
      ['win', `round:${roundId}:win`],
    ]);
  });

  it('a split makes two hands, each played in turn, with a double after the split', async () => {
    const player = await kit.fundedPlayer(100_00);
    // Eights against a dealer 16; hand 1 draws 3 (11) and doubles into a 9 (20); hand 2 draws K (18); the dealer draws 7: 23.
    const roundId = await riggedHand(player, 1_00, ['8h', '6c', '8d', 'Tc', '3s', 'Ks', '9h', '7d']);
    const balanceBefore = (await kit.wallet(player.token)).balance;
    const split = (await kit.act('blackjack', roundId, 'split', { token: player.token })).json().data;
    expect(split).toMatchObject({ status: 'open', stake: 2_00, outcome: { active: 0, hands: [{ cards: ['8h', '3s'] }, { cards: ['8d', 'Ks'] }] } });
    const doubled = (await kit.act('blackjack', roundId, 'double', { token: player.token })).json().data;
    expect(doubled).toMatchObject({ status: 'open', stake: 3_00, outcome: { active: 1 } });
    const done = (await kit.act('blackjack', roundId, 'stand', { token: player.token })).json().data;
    expect(done).toMatchObject({ status: 'settled', stake: 3_00, win: 6_00, outcome: { moves: ['split', 'double', 'stand'] } });
    expect(done.balance).toBe(balanceBefore - 2_00 + 6_00);
  });

  it('refuses moves the hand does not allow, unknown moves, and moves on closed, foreign or unknown rounds', async () => {
    const player = await kit.fundedPlayer(100_00);
    const roundId = await riggedHand(player, 1_00, ['9h', '6c', '7d', 'Tc', '2s', '5d', 'Kc']);
    const before = await kit.snapshot(player);
    const notNow = await kit.act('blackjack', roundId, 'split', { token: player.token });
    expect(notNow.statusCode).toBe(422);
    expect(notNow.json().errors.action[0]).toMatch(/You cannot split now/);
    for (const action of ['surrender', 'insurance', '', 42, null]) {
      const response = await kit.act('blackjack', roundId, action, { token: player.token });
      expect(response.statusCode, String(action)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['action']);
    }
    const stranger = await kit.fundedPlayer(10_00);
    expect((await kit.act('blackjack', roundId, 'hit', { token: stranger.token })).statusCode).toBe(404);
    expect((await kit.act('blackjack', randomUUID(), 'hit', { token: player.token })).statusCode).toBe(404);
    expect((await kit.act('blackjack', 'not-a-round', 'hit', { token: player.token })).statusCode).toBe(404);
    expect((await kit.act('european-roulette', roundId, 'hit', { token: player.token })).statusCode).toBe(404);
    expect((await kit.act('no-such-game', roundId, 'hit', { token: player.token })).statusCode).toBe(404);
    expect((await kit.act('blackjack', roundId, 'hit')).statusCode).toBe(401);
    const noKey = await kit.act('blackjack', roundId, 'hit', { token: player.token, key: null });
    expect([noKey.statusCode, noKey.json().type]).toEqual([400, 'idempotency']);
    expect(await kit.snapshot(player)).toEqual(before);

    const slot = (await kit.play('lantern-orchard', { mode: 'real', stake: 20 }, { token: player.token })).json().data;
    const slotMove = await kit.act('lantern-orchard', slot.round_id, 'hit', { token: player.token });
    expect([slotMove.statusCode, slotMove.json().message]).toEqual([409, 'Only blackjack hands and mines boards take moves.']);
    await kit.act('blackjack', roundId, 'stand', { token: player.token });
    const over = await kit.act('blackjack', roundId, 'hit', { token: player.token });
    expect([over.statusCode, over.json()]).toEqual([409, { message: 'This round is over; start a new one.', type: 'round_closed' }]);
  });

  it('a double the balance cannot cover is a 422 and the hand stays as it was', async () => {
    const player = await kit.fundedPlayer(100_00);
    const roundId = await riggedHand(player, 1_00, ['6h', '6c', '5d', 'Tc', 'Ts', '9s']);
    await drain(player, 99);
    const before = await kit.snapshot(player);
    const refused = await kit.act('blackjack', roundId, 'double', { token: player.token });
    expect([refused.statusCode, refused.json()]).toEqual([
      422,
      { message: 'Your balance is too low to double.', errors: { action: ['Your balance is too low to double.'] } },
    ]);
    expect(await kit.snapshot(player)).toEqual(before);
    const hit = (await kit.act('blackjack', roundId, 'hit', { token: player.token })).json().data;
    expect(hit.outcome).toMatchObject({ moves: ['hit'], hands: [{ cards: ['6h', '5d', 'Ts'] }] });
  });

  it('a move replayed with its key answers the round again and moves nothing; another move with that key is a 409', async () => {
    const player = await kit.fundedPlayer(100_00);
    const roundId = await riggedHand(player, 1_00, ['2h', '6c', '3d', 'Tc', '4s', '5d', '2c', 'Kd']);
    const key = randomUUID();
    const first = (await kit.act('blackjack', roundId, 'hit', { token: player.token, key })).json().data;
    const replay = await kit.act('blackjack', roundId, 'hit', { token: player.token, key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual(first);
    expect(first.outcome.moves).toEqual(['hit']);
    const conflict = await kit.act('blackjack', roundId, 'stand', { token: player.token, key });
    expect([conflict.statusCode, conflict.json().type]).toEqual([409, 'idempotency']);
    // Replaying the hand's start answers the hand as it is now.
    const [row] = await t.services.database.db.select().from(gameRounds).where(eq(gameRounds.id, roundId));
    const restart = await kit.play('blackjack', { mode: 'real', stake: 1_00 }, { token: player.token, key: row!.idempotencyKey });
    expect(restart.json().data).toMatchObject({ round_id: roundId, outcome: { moves: ['hit'] } });
  });
});

describe('demo blackjack', () => {
  it('a guest plays a hand in fun credits from the session cookie', async () => {
    let round: { status: string; round_id: string; balance: number };
    let cookie: string | undefined;
    do {
      const response = await kit.play('blackjack', { mode: 'demo', stake: 10_00 }, { cookie, key: null });
      expect(response.statusCode).toBe(201);
      cookie ??= kit.demoCookie(response);
      round = response.json().data;
    } while (round.status !== 'open');
    expect(round).toMatchObject({ mode: 'demo', currency: 'FUN', stake: 10_00 });
    const balance = round.balance;
    const moved = await kit.act('blackjack', round.round_id, 'double', { cookie, key: null });
    expect(moved.statusCode).toBe(200);
    const done = moved.json().data;
    expect(done).toMatchObject({ status: 'settled', stake: 20_00, outcome: { moves: ['double'] } });
    expect(done.balance).toBe(balance - 10_00 + done.win);
    // Without the session the hand is nobody's: a real-money lookup that a guest may not make.
    expect((await kit.act('blackjack', round.round_id, 'hit', { key: null })).statusCode).toBe(401);
  });
});
