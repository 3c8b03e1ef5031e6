// Dice, plinko and mines for real money and demo (docs/decisions/0070-originals.md): the same stake and settlement
// paths as every round, the outcome replayable from the revealed seed, mines resumable and never voided.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fairFloats } from '../../../games/fairness.ts';
import { minePositions } from '../../../games/mines/mines.ts';
import { replayRound } from '../../../games/verify.ts';
import { useTestApp } from '../../test-app.ts';
import { ledgerJournals } from '../ledger/schema.ts';
import { UNTOUCHED_HAND_MS } from './interrupted-rounds.ts';
import { gameRounds } from './schema.ts';
import { gamesKit } from './testing.ts';

const t = useTestApp();
const kit = gamesKit(t);

type Player = { id: string; token: string };

function move(player: Player, roundId: string, body: Record<string, unknown>, key = randomUUID()) {
  return kit.call('POST', `/api/games/mines/rounds/${roundId}/actions`, { token: player.token, key, payload: body });
}

const journalKeys = async (roundId: string) =>
  (await t.services.database.db.select().from(ledgerJournals).where(eq(ledgerJournals.referenceId, roundId))).map((j) => j.idempotencyKey).sort();

/** The mines of an open round, read from the seed the server holds (the test's look behind the curtain). */
async function minesOf(player: Player) {
  const [row] = await t.services.database.db
    .select()
    .from(gameRounds)
    .where(eq(gameRounds.playerId, Number(player.id)));
  const state = row!.state as { minePositions: number[] };
  return state.minePositions;
}

describe('real dice', () => {
  it('rolls, pays floor(stake × 99 / chance) to the balance and verifies from the revealed seed', async () => {
    const player = await kit.fundedPlayer(100_00);
    const response = await kit.play('dice', { mode: 'real', stake: 1_00, target: 50.5, direction: 'under' }, { token: player.token });
    expect(response.statusCode).toBe(201);
    const round = response.json().data;
    expect(round).toMatchObject({ kind: 'dice', status: 'settled', stake: 1_00, request: { stake: 1_00, target: 50.5, direction: 'under' } });
    expect(round.outcome.chance).toBe(50.5);
    expect(round.outcome.multiplier).toBe(1.9604);
    expect(round.win).toBe(round.outcome.won ? 1_96 : 0);
    expect(round.balance).toBe(100_00 - 1_00 + round.win);
    const rotated = (await kit.call('POST', '/api/fairness/rotate', { token: player.token })).json().data;
    const replay = await replayRound({
      game: 'dice',
      serverSeed: rotated.previous_server_seed,
      clientSeed: round.fairness.client_seed,
      nonce: round.fairness.nonce,
      request: round.request,
    });
    expect(replay).toMatchObject({ kind: 'dice', outcome: { roll: round.outcome.roll, win: round.win } });
  });

  it('refuses a target outside the allowed chances or missing fields with a 422 that changes nothing', async () => {
    const player = await kit.fundedPlayer(10_00);
    const before = await kit.snapshot(player);
    const over = await kit.play('dice', { mode: 'real', stake: 1_00, target: 1.5, direction: 'over' }, { token: player.token });
    expect([over.statusCode, over.json().errors]).toEqual([422, { target: ['Rolling over, the target must be from 2.00 to 99.99.'] }]);
    const decimals = await kit.play('dice', { mode: 'real', stake: 1_00, target: 50.123, direction: 'over' }, { token: player.token });
    expect(decimals.json().errors).toEqual({ target: ['The target must be a number with at most two decimals.'] });
    const missing = await kit.play('dice', { mode: 'real', stake: 1_00 }, { token: player.token });
    expect(missing.json().errors).toEqual({ target: ['The target field is required.'] });
    const broke = await kit.play('dice', { mode: 'real', stake: 50_00, target: 50, direction: 'over' }, { token: player.token });
    expect([broke.statusCode, broke.json().errors]).toEqual([422, { stake: ['Your balance is too low for this stake.'] }]);
    expect(await kit.snapshot(player)).toEqual(before);
  });
});

describe('real plinko', () => {
  it('drops the ball along the path of its floats and pays the bucket', async () => {
    const player = await kit.fundedPlayer(100_00);
    const round = (await kit.play('plinko', { mode: 'real', stake: 2_00, rows: 12, risk: 'high' }, { token: player.token })).json().data;
    expect(round).toMatchObject({ kind: 'plinko', status: 'settled', request: { stake: 2_00, rows: 12, risk: 'high' } });
    expect(round.outcome.path).toHaveLength(12);
    expect(round.win).toBe(Math.floor(2_00 * round.outcome.multiplier));
    const rotated = (await kit.call('POST', '/api/fairness/rotate', { token: player.token })).json().data;
    const floats = await fairFloats(rotated.previous_server_seed, round.fairness.client_seed, round.fairness.nonce, 12);
    expect(round.outcome.path.join('')).toBe(floats.map((f) => (f >= 0.5 ? 'R' : 'L')).join(''));
    expect(await journalKeys(round.round_id)).toEqual(
      round.win > 0 ? [`round:${round.round_id}:bet`, `round:${round.round_id}:win`] : [`round:${round.round_id}:bet`],
    );
    const bad = await kit.play('plinko', { mode: 'real', stake: 2_00, rows: 17, risk: 'high' }, { token: player.token });
    expect(bad.statusCode).toBe(422);
  });
});

describe('real mines', () => {
  it('hides the mines, reveals safe tiles, cashes out at 0.99 × C(25,k)/C(25−m,k) and shows the board at the end', async () => {
    const player = await kit.fundedPlayer(100_00);
    const start = await kit.play('mines', { mode: 'real', stake: 10_00, mines: 3 }, { token: player.token });
    expect(start.statusCode).toBe(201);
    const round = start.json().data;
    expect(round).toMatchObject({ kind: 'mines', status: 'open', win: 0, balance: 90_00, outcome: { phase: 'player', minePositions: null, revealed: [] } });
    const mines = await minesOf(player);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((tile) => !mines.includes(tile));
    const early = await move(player, round.round_id, { action: 'cashout' });
    expect([early.statusCode, early.json().errors]).toEqual([422, { action: ['Reveal a safe tile before cashing out.'] }]);
    const key = randomUUID();
    const first = await move(player, round.round_id, { action: 'reveal', tile: safe[0] }, key);
    expect(first.json().data.outcome).toMatchObject({ phase: 'player', revealed: [safe[0]], cashOutValue: 11_25 });
    // The same key again answers the same move; another action under it is a conflict.
    expect((await move(player, round.round_id, { action: 'reveal', tile: safe[0] }, key)).json().data.outcome.revealed).toEqual([safe[0]]);
    expect((await move(player, round.round_id, { action: 'cashout' }, key)).statusCode).toBe(409);
    await move(player, round.round_id, { action: 'reveal', tile: safe[1] });
    const done = (await move(player, round.round_id, { action: 'cashout' })).json().data;
    const expected = Math.floor((10_00 * 99 * 300) / (100 * 231)); // C(25,2) = 300, C(22,2) = 231
    expect(done).toMatchObject({
      status: 'settled',
      win: expected,
      balance: 90_00 + expected,
      outcome: { phase: 'finished', minePositions: mines, moves: [`reveal:${safe[0]}`, `reveal:${safe[1]}`, 'cashout'] },
    });
    expect(await journalKeys(round.round_id)).toEqual([`round:${round.round_id}:bet`, `round:${round.round_id}:win`]);
    const after = await move(player, round.round_id, { action: 'reveal', tile: safe[2] });
    expect(after.statusCode).toBe(409);
    // The board the seed gives is the board that was played.
    const rotated = (await kit.call('POST', '/api/fairness/rotate', { token: player.token })).json().data;
    expect(minePositions(3, await fairFloats(rotated.previous_server_seed, round.fairness.client_seed, round.fairness.nonce, 24))).toEqual(mines);
  });

  it('loses the stake on a mine, and refuses a pick without a tile or a blackjack move', async () => {
    const player = await kit.fundedPlayer(100_00);
    const round = (await kit.play('mines', { mode: 'real', stake: 1_00, mines: 24 }, { token: player.token })).json().data;
    const mines = await minesOf(player);
    expect((await move(player, round.round_id, { action: 'reveal' })).json().errors).toEqual({ tile: ['Choose a tile from 0 to 24.'] });
    expect((await move(player, round.round_id, { action: 'hit' })).json().errors).toEqual({ action: ['Mines takes reveal (with a tile) or cashout.'] });
    const boom = (await move(player, round.round_id, { action: 'reveal', tile: mines[0] })).json().data;
    expect(boom).toMatchObject({ status: 'settled', win: 0, balance: 99_00, outcome: { hitMine: mines[0], settlement: { reason: 'mine', win: 0 } } });
    expect(await journalKeys(round.round_id)).toEqual([`round:${round.round_id}:bet`]);
  });

  it('keeps the seed while a board is open, survives recovery at start, and cashes out a board untouched for a day', async () => {
    const player = await kit.fundedPlayer(100_00);
    const round = (await kit.play('mines', { mode: 'real', stake: 5_00, mines: 5 }, { token: player.token })).json().data;
    const rotate = await kit.call('POST', '/api/fairness/rotate', { token: player.token });
    expect([rotate.statusCode, rotate.json().message]).toEqual([409, 'Finish your open mines round first: rotating now would reveal where the mines are.']);
    // A restart: recovery pays what was mid-flight and leaves the board to the player.
    await t.services.games.interrupted.recoverAtStart();
    const open = (await kit.call('GET', `/api/player/rounds?game=mines&status=open`, { token: player.token })).json().data;
    expect(open.map((r: { round_id: string }) => r.round_id)).toEqual([round.round_id]);
    const mines = await minesOf(player);
    const safe = Array.from({ length: 25 }, (_, i) => i).find((tile) => !mines.includes(tile))!;
    await move(player, round.round_id, { action: 'reveal', tile: safe });
    // A day without a touch: the sweep cashes it out at its value, stored as a move so it replays.
    const later = new Date(Date.now() + UNTOUCHED_HAND_MS + 60_000);
    expect((await t.services.games.interrupted.sweep(later)).completed).toBe(1);
    const settled = (await kit.call('GET', `/api/player/rounds/${round.round_id}`, { token: player.token })).json().data;
    const value = Math.floor((5_00 * 99 * 25) / (100 * 20));
    expect(settled).toMatchObject({ status: 'settled', win: value, outcome: { moves: [`reveal:${safe}`, 'untouched'], settlement: { reason: 'untouched' } } });
    expect((await kit.wallet(player.token)).balance).toBe(100_00 - 5_00 + value);
    expect((await t.services.games.interrupted.sweep(later)).completed).toBe(0);
  });

  it('plays in demo credits with the same rules', async () => {
    const start = await kit.play('mines', { mode: 'demo', stake: 1_00, mines: 1 }, { key: null });
    expect(start.statusCode).toBe(201);
    const cookie = kit.demoCookie(start);
    const round = start.json().data;
    expect(round).toMatchObject({ mode: 'demo', status: 'open', balance: 999_00, outcome: { minePositions: null } });
    const picked = await kit.call('POST', `/api/games/mines/rounds/${round.round_id}/actions`, {
      payload: { action: 'reveal', tile: 12 },
      headers: { cookie },
    });
    expect(picked.statusCode).toBe(200);
    const state = picked.json().data;
    expect(state.outcome.phase === 'finished' ? state.outcome.hitMine : state.outcome.revealed).toEqual(state.outcome.phase === 'finished' ? 12 : [12]);
    const dice = await kit.play('dice', { mode: 'demo', stake: 1_00, target: 2, direction: 'over' }, { key: null, cookie });
    expect(dice.json().data).toMatchObject({ mode: 'demo', kind: 'dice', currency: 'FUN' });
  });
});
