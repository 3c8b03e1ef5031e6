// The limits through the HTTP API: setting and cooling-off, every refusal on deposits and on each game kind,
// time-out and self-exclusion, reality checks and session limits, stake caps, operators, and 50 parallel deposits
// against a deposit limit (on PostgreSQL in CI, where they truly run at once).
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sum } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { STRONG_PASSWORD } from '../accounts/testing.ts';
import { gamesKit } from '../games/testing.ts';
import { deposits } from '../payments/schema.ts';
import { OPERATOR_ENV } from '../payments/testing.ts';
import { limitDeposits, limitSettings, playerLimits } from './schema.ts';

// The operator's own slot caps (MAX_SLOT_STAKE…): the default profile has none of its own (docs/decisions/0120).
const t = useTestApp({ ...OPERATOR_ENV, MAX_SLOT_STAKE: '500', MAX_SLOT_STAKE_UNDER_25: '200' });
const kit = gamesKit(t);
type Player = { id: string; token: string };

const setLimit = (player: Player, payload: unknown) => kit.call('PUT', '/api/player/limits', { token: player.token, payload });
const startDeposit = (player: Player, amount: number, method = 'sandbox-card') =>
  kit.call('POST', '/api/payments/deposits', { token: player.token, key: randomUUID(), payload: { method, amount } });
const limitsOf = async (player: Player) => (await kit.call('GET', '/api/player/limits', { token: player.token })).json().data;
const depositRows = async (player: Player) =>
  t.services.database.db
    .select()
    .from(deposits)
    .where(eq(deposits.playerId, Number(player.id)));
const HOUR = 3_600_000;

/** The sandbox gateway's word on a deposit, as its webhook delivers it. */
const gatewayEvent = (row: typeof deposits.$inferSelect, type: 'payment.failed' | 'payment.succeeded') => ({
  id: `evt_${randomBytes(12).toString('hex')}`,
  type,
  created: 1,
  data: {
    checkout_id: row.gatewayReference,
    reference: row.id,
    amount: row.amount,
    currency: row.currency,
    failure_message: type === 'payment.failed' ? 'Declined.' : null,
    card_last4: '4242',
  },
});

/** Moves the player's pending limit change `hours` into the past, as if that time had gone by. */
async function agePending(player: Player, hours: number) {
  await t.services.database.db
    .update(playerLimits)
    .set({ pendingRequestedAt: new Date(Date.now() - hours * HOUR) })
    .where(eq(playerLimits.playerId, Number(player.id)));
}

/** Moves the player's running session `minutes` into the past. */
async function ageSession(player: Player, minutes: number) {
  await t.services.limits.rewindSession(Number(player.id), minutes);
}

describe('money limits: setting, cooling-off and confirmation', () => {
  it('a first limit applies at once; a raise waits 24 h and the confirmation; a lowering applies at once', async () => {
    const player = await kit.fundedPlayer(0);
    expect(await limitsOf(player)).toMatchObject({
      limits: [],
      session_minutes: null,
      reality_check_minutes: null,
      timeout_until: null,
      self_excluded_until: null,
    });
    const first = await setLimit(player, { type: 'deposit', period: 'day', amount: 20_00 });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.limits).toEqual([{ type: 'deposit', period: 'day', amount: 20_00, used: 0, remaining: 20_00, resets_at: null, pending: null }]);

    const raised = (await setLimit(player, { type: 'deposit', period: 'day', amount: 50_00 })).json().data.limits[0];
    expect(raised.amount).toBe(20_00);
    expect(raised.pending.amount).toBe(50_00);
    expect(Date.parse(raised.pending.effective_at) - Date.parse(raised.pending.requested_at)).toBe(24 * HOUR);
    const early = await kit.call('POST', '/api/player/limits/confirm', { token: player.token, payload: { type: 'deposit', period: 'day' } });
    expect(early.statusCode).toBe(409);
    expect(early.json().type).toBe('cooling_off');
    expect((await limitsOf(player)).limits[0].amount).toBe(20_00);

    await agePending(player, 25);
    const confirmed = await kit.call('POST', '/api/player/limits/confirm', { token: player.token, payload: { type: 'deposit', period: 'day' } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.limits[0]).toMatchObject({ amount: 50_00, pending: null });

    const lowered = (await setLimit(player, { type: 'deposit', period: 'day', amount: 10_00 })).json().data.limits[0];
    expect(lowered).toMatchObject({ amount: 10_00, pending: null });
  });

  it('a pending raise lapses after 7 days unconfirmed; a removal waits too; cancelling is immediate', async () => {
    const player = await kit.fundedPlayer(0);
    await setLimit(player, { type: 'loss', period: 'week', amount: 100_00 });
    await setLimit(player, { type: 'loss', period: 'week', amount: 200_00 });
    await agePending(player, 8 * 24);
    expect((await limitsOf(player)).limits[0]).toMatchObject({ amount: 100_00, pending: null });
    const lapsed = await kit.call('POST', '/api/player/limits/confirm', { token: player.token, payload: { type: 'loss', period: 'week' } });
    expect(lapsed.statusCode).toBe(409);

    const removal = (await setLimit(player, { type: 'loss', period: 'week', amount: null })).json().data.limits[0];
    expect(removal).toMatchObject({ amount: 100_00, pending: { amount: null } });
    const cancelled = await kit.call('POST', '/api/player/limits/cancel', { token: player.token, payload: { type: 'loss', period: 'week' } });
    expect(cancelled.json().data.limits[0]).toMatchObject({ amount: 100_00, pending: null });
    expect((await kit.call('POST', '/api/player/limits/cancel', { token: player.token, payload: { type: 'loss', period: 'week' } })).statusCode).toBe(409);
  });

  it('bad input is a 422 and changes nothing; no token is a 401', async () => {
    const player = await kit.fundedPlayer(0);
    for (const payload of [
      { type: 'deposit', period: 'year', amount: 1 },
      { type: 'bets', period: 'day', amount: 1 },
      { type: 'deposit', period: 'day', amount: -5 },
      { type: 'deposit', period: 'day', amount: 1.5 },
      {},
    ]) {
      expect((await setLimit(player, payload)).statusCode).toBe(422);
    }
    expect((await limitsOf(player)).limits).toEqual([]);
    expect((await kit.call('GET', '/api/player/limits')).statusCode).toBe(401);
    expect((await kit.call('PUT', '/api/player/limits/session', { token: player.token, payload: { reality_check_minutes: 20 } })).statusCode).toBe(422);
  });
});

describe('deposit limits', () => {
  it('a deposit past the remaining limit is refused before any gateway is involved; a declined one frees its room', async () => {
    const player = await kit.fundedPlayer(0);
    await setLimit(player, { type: 'deposit', period: 'day', amount: 20_00 });
    expect((await startDeposit(player, 15_00)).statusCode).toBe(201);
    const refused = await startDeposit(player, 10_00);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'This deposit would pass your deposit limit of €20.00 for 24 hours: €5.00 is left.',
      type: 'limit',
      limit: { type: 'deposit', period: 'day', amount: 20_00, remaining: 5_00 },
    });
    expect(await depositRows(player)).toHaveLength(1);
    expect((await limitsOf(player)).limits[0]).toMatchObject({ used: 15_00, remaining: 5_00 });
    expect((await startDeposit(player, 20_00, 'sandbox-crypto')).statusCode).toBe(403);

    // The pending 15_00 is declined by the gateway: its room comes back.
    const [pending] = await depositRows(player);
    expect((await kit.webhook(gatewayEvent(pending!, 'payment.failed'))).statusCode).toBe(200);
    expect((await limitsOf(player)).limits[0]).toMatchObject({ used: 0, remaining: 20_00 });
    expect((await startDeposit(player, 20_00)).statusCode).toBe(201);
  });

  it('a replayed deposit request is neither counted twice nor refused', async () => {
    const player = await kit.fundedPlayer(0);
    await setLimit(player, { type: 'deposit', period: 'week', amount: 30_00 });
    const key = randomUUID();
    const first = await kit.call('POST', '/api/payments/deposits', { token: player.token, key, payload: { method: 'sandbox-card', amount: 30_00 } });
    const again = await kit.call('POST', '/api/payments/deposits', { token: player.token, key, payload: { method: 'sandbox-card', amount: 30_00 } });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await limitsOf(player)).limits[0]).toMatchObject({ used: 30_00, remaining: 0 });
  });

  it('a deposit paid after it was declined is credited all the same, and the breach is flagged for the operator', async () => {
    const player = await kit.fundedPlayer(0);
    await setLimit(player, { type: 'deposit', period: 'day', amount: 20_00 });
    expect((await startDeposit(player, 20_00)).statusCode).toBe(201);
    const [first] = await depositRows(player);
    expect((await kit.webhook(gatewayEvent(first!, 'payment.failed'))).statusCode).toBe(200);
    expect((await startDeposit(player, 20_00)).statusCode).toBe(201);
    const paid = await kit.webhook(gatewayEvent(first!, 'payment.succeeded'));
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'completed' });
    const view = await kit.call('GET', `/api/admin/players/${player.id}/limits`, { token: await kit.operator() });
    expect(view.json().data.breaches).toMatchObject([{ kind: 'deposit', amount: 20_00 }]);
    expect(view.json().data.limits[0]).toMatchObject({ used: 40_00, remaining: 0 });
  });

  it('50 parallel deposits against a deposit limit never pass it in total', async () => {
    const player = await kit.fundedPlayer(0);
    await setLimit(player, { type: 'deposit', period: 'day', amount: 100_00 });
    const responses = await Promise.all(Array.from({ length: 50 }, () => startDeposit(player, 10_00)));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 403)).toHaveLength(40);
    const rows = await depositRows(player);
    expect(rows.reduce((total, row) => total + row.amount, 0)).toBe(100_00);
    const [counted] = await t.services.database.db
      .select({ total: sum(limitDeposits.amount) })
      .from(limitDeposits)
      .where(eq(limitDeposits.playerId, Number(player.id)));
    expect(Number(counted!.total)).toBe(100_00);
  });
});

describe('wager and loss limits on every game kind', () => {
  it('a stake past the wager or loss limit is refused before any money moves: slot, roulette, blackjack double', async () => {
    const player = await kit.fundedPlayer(100_00);
    await setLimit(player, { type: 'wager', period: 'day', amount: 3_00 });
    expect((await kit.play('clockwork-comet', { mode: 'real', stake: 2_00 }, { token: player.token })).statusCode).toBe(201);
    const before = await kit.snapshot(player);
    const slot = await kit.play('clockwork-comet', { mode: 'real', stake: 2_00 }, { token: player.token });
    expect(slot.statusCode).toBe(403);
    expect(slot.json()).toMatchObject({ type: 'limit', limit: { type: 'wager', period: 'day', amount: 3_00, remaining: 1_00 } });
    const roulette = await kit.play('european-roulette', { mode: 'real', bets: [{ type: 'red', amount: 2_00 }] }, { token: player.token });
    expect(roulette.statusCode).toBe(403);
    expect((await kit.play('blackjack', { mode: 'real', stake: 2_00 }, { token: player.token })).statusCode).toBe(403);
    expect(await kit.snapshot(player)).toEqual(before);
  });

  it('the loss limit counts stakes minus wins, and the stake as the worst-case loss; a blackjack double is checked too', async () => {
    // A player whose first hand is still open: a hand settled before it (a natural pays 3:2) would make the loss
    // so far depend on the cards.
    let player: Awaited<ReturnType<typeof kit.fundedPlayer>>;
    let round: { status: string; round_id: string };
    let deals = 0;
    do {
      player = await kit.fundedPlayer(100_00);
      const response = await kit.play('blackjack', { mode: 'real', stake: 3_00 }, { token: player.token });
      expect(response.statusCode).toBe(201);
      round = response.json().data;
      expect(++deals).toBeLessThan(30);
    } while (round.status !== 'open');
    await setLimit(player, { type: 'loss', period: 'week', amount: 1_000_00 });
    const { used } = (await limitsOf(player)).limits[0];
    const session = (await kit.call('GET', '/api/player/limits/session', { token: player.token })).json().data;
    expect(session).toMatchObject({ stakes: 3_00, wins: 0 });
    // The open hand's stake counts in full: the worst case is that it is lost.
    expect(used).toBe(3_00);
    await setLimit(player, { type: 'loss', period: 'week', amount: used + 2_00 });
    const before = await kit.snapshot(player);
    const doubled = await kit.act('blackjack', round.round_id, 'double', { token: player.token });
    expect(doubled.statusCode).toBe(403);
    expect(doubled.json()).toMatchObject({ type: 'limit', limit: { type: 'loss', period: 'week', remaining: 2_00 } });
    const refused = await kit.play('clockwork-comet', { mode: 'real', stake: 3_00 }, { token: player.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().limit).toMatchObject({ type: 'loss', period: 'week', amount: used + 2_00 });
    expect(await kit.snapshot(player)).toEqual(before);
    expect((await kit.play('clockwork-comet', { mode: 'real', stake: 2_00 }, { token: player.token })).statusCode).toBe(201);
  });
});

describe('slot stake caps', () => {
  it('a player aged 22 may not stake more than €2.00 a spin on a slot; one aged 30 not more than €5.00', async () => {
    const young = await kit.fundedPlayer(100_00);
    const birth = (years: number) => `${new Date().getUTCFullYear() - years}-01-01`;
    await t.services.database.db
      .update(players)
      .set({ birthdate: birth(22) })
      .where(eq(players.id, Number(young.id)));
    expect((await limitsOf(young)).slot_stake_cap).toBe(2_00);
    const over = await kit.play('clockwork-comet', { mode: 'real', stake: 3_00 }, { token: young.token });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.stake).toEqual(['The stake may not be greater than €2.00 a spin.']);
    expect((await kit.play('clockwork-comet', { mode: 'real', stake: 2_00 }, { token: young.token })).statusCode).toBe(201);

    const older = await kit.fundedPlayer(100_00);
    await t.services.database.db
      .update(players)
      .set({ birthdate: birth(30) })
      .where(eq(players.id, Number(older.id)));
    expect((await limitsOf(older)).slot_stake_cap).toBe(5_00);
    const capped = await kit.play('clockwork-comet', { mode: 'real', stake: 6_00 }, { token: older.token });
    expect(capped.statusCode).toBe(422);
    expect(capped.json().errors.stake).toEqual(['The stake may not be greater than €5.00 a spin.']);
    expect((await kit.play('clockwork-comet', { mode: 'real', stake: 5_00 }, { token: older.token })).statusCode).toBe(201);
  });
});

describe('session limit and reality checks', () => {
  it('a due reality check stops stakes until the player answers; the session shows stakes, wins and net', async () => {
    const player = await kit.fundedPlayer(100_00);
    await kit.call('PUT', '/api/player/limits/session', { token: player.token, payload: { reality_check_minutes: 15 } });
    const session = (await kit.call('GET', '/api/player/limits/session', { token: player.token })).json().data;
    expect(session.reality_check).toMatchObject({ every_minutes: 15, due: false });
    expect((await kit.play('clockwork-comet', { mode: 'real', stake: 1_00 }, { token: player.token })).statusCode).toBe(201);
    await ageSession(player, 16);
    const due = (await kit.call('GET', '/api/player/limits/session', { token: player.token })).json().data;
    expect(due).toMatchObject({ stakes: 1_00, reality_check: { due: true } });
    expect(due.net).toBe(due.wins - due.stakes);
    const refused = await kit.play('clockwork-comet', { mode: 'real', stake: 1_00 }, { token: player.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().type).toBe('reality_check');
    const answered = await kit.call('POST', '/api/player/limits/reality-check', { token: player.token, payload: { action: 'continue' } });
    expect(answered.json().data.reality_check.due).toBe(false);
    expect((await kit.play('clockwork-comet', { mode: 'real', stake: 1_00 }, { token: player.token })).statusCode).toBe(201);
  });

  it('a reached session limit refuses stakes with 403 limit; raising it waits 24 hours', async () => {
    const player = await kit.fundedPlayer(100_00);
    const set = await kit.call('PUT', '/api/player/limits/session', { token: player.token, payload: { session_minutes: 30 } });
    expect(set.json().data.session_minutes).toBe(30);
    expect((await kit.call('GET', '/api/player/limits/session', { token: player.token })).statusCode).toBe(200);
    await ageSession(player, 31);
    const refused = await kit.play('european-roulette', { mode: 'real', bets: [{ type: 'red', amount: 1_00 }] }, { token: player.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: 'limit', limit: { type: 'session', amount: 30 } });
    const raised = (await kit.call('PUT', '/api/player/limits/session', { token: player.token, payload: { session_minutes: 120 } })).json().data;
    expect(raised.session_minutes).toBe(30);
    expect(raised.session_minutes_pending.minutes).toBe(120);
  });
});

describe('time-out and self-exclusion', () => {
  it('a time-out needs the password, refuses deposits and stakes, stops the newsletter, and still lets the player withdraw', async () => {
    const player = await kit.player({ kyc: 'verified' });
    await kit.deposit(player.token, 50_00);
    const wrong = await kit.call('POST', '/api/player/time-out', { token: player.token, payload: { days: 7, password: 'not it' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toBeDefined();
    expect((await kit.call('POST', '/api/player/time-out', { token: player.token, payload: { days: 3, password: STRONG_PASSWORD } })).statusCode).toBe(422);
    const out = await kit.call('POST', '/api/player/time-out', { token: player.token, payload: { days: 7, password: STRONG_PASSWORD } });
    expect(out.statusCode).toBe(200);
    expect(Date.parse(out.json().data.timeout_until) - Date.now()).toBeGreaterThan(6.9 * 24 * HOUR);

    const deposit = await startDeposit(player, 10_00);
    expect(deposit.statusCode).toBe(403);
    expect(deposit.json().type).toBe('excluded');
    const stake = await kit.play('clockwork-comet', { mode: 'real', stake: 1_00 }, { token: player.token });
    expect(stake.statusCode).toBe(403);
    expect(stake.json().type).toBe('excluded');
    await expect(t.services.limits.assertMayPlay(Number(player.id))).rejects.toMatchObject({ statusCode: 403, type: 'excluded' });
    await expect(t.services.limits.assertMayDeposit(Number(player.id), 1_00)).rejects.toMatchObject({ statusCode: 403, type: 'excluded' });
    const [row] = await t.services.database.db
      .select({ newsletter: players.newsletter })
      .from(players)
      .where(eq(players.id, Number(player.id)));
    expect(row!.newsletter).toBe(false);

    expect((await kit.call('GET', '/api/player/transactions', { token: player.token })).statusCode).toBe(200);
    const withdrawal = await kit.call('POST', '/api/payments/withdrawals', {
      token: player.token,
      key: randomUUID(),
      payload: { method: 'sandbox-card', amount: 50_00 },
    });
    expect(withdrawal.statusCode).toBe(201);

    const shorter = await kit.call('POST', '/api/player/time-out', { token: player.token, payload: { days: 1, password: STRONG_PASSWORD } });
    expect(shorter.statusCode).toBe(409);
    const operatorShorter = await kit.call('POST', `/api/admin/players/${player.id}/time-out`, { token: await kit.operator(), payload: { days: 1 } });
    expect(operatorShorter.statusCode).toBe(409);
  });

  it('after a self-exclusion ends, play stays closed until the player asks to return and 24 hours pass', async () => {
    const player = await kit.fundedPlayer(10_00);
    const excluded = await kit.call('POST', '/api/player/self-exclusion', { token: player.token, payload: { months: 6, password: STRONG_PASSWORD } });
    expect(excluded.statusCode).toBe(200);
    expect(Date.parse(excluded.json().data.self_excluded_until) - Date.now()).toBeGreaterThan(180 * 24 * HOUR);
    expect((await kit.call('POST', '/api/player/self-exclusion/return', { token: player.token })).statusCode).toBe(409);

    await t.services.database.db
      .update(limitSettings)
      .set({ selfExcludedUntil: new Date(Date.now() - HOUR) })
      .where(eq(limitSettings.playerId, Number(player.id)));
    const closed = await kit.play('clockwork-comet', { mode: 'real', stake: 1_00 }, { token: player.token });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toMatch(/ask to return/);
    expect(await limitsOf(player)).toMatchObject({ excluded: true, excluded_until: null });
    const asked = await kit.call('POST', '/api/player/self-exclusion/return', { token: player.token });
    expect(Date.parse(asked.json().data.return_at) - Date.now()).toBeGreaterThan(23 * HOUR);
    expect((await kit.play('clockwork-comet', { mode: 'real', stake: 1_00 }, { token: player.token })).statusCode).toBe(403);
    await t.services.database.db
      .update(limitSettings)
      .set({ returnRequestedAt: new Date(Date.now() - 25 * HOUR), selfExcludedUntil: new Date(Date.now() - 26 * HOUR) })
      .where(eq(limitSettings.playerId, Number(player.id)));
    expect((await kit.play('clockwork-comet', { mode: 'real', stake: 1_00 }, { token: player.token })).statusCode).toBe(201);
  });

  it('the PlayerExcluded listeners hear of every new exclusion (the bonus forfeit hangs here)', async () => {
    const heard: number[] = [];
    t.services.bus.on('PlayerExcluded', ({ playerId }) => void heard.push(playerId));
    const player = await kit.fundedPlayer(0);
    await kit.call('POST', '/api/player/time-out', { token: player.token, payload: { days: 1, password: STRONG_PASSWORD } });
    expect(heard).toContain(Number(player.id));
  });
});

describe('operators', () => {
  it('see a player’s limits and every change, may tighten but never raise, remove or shorten', async () => {
    const player = await kit.fundedPlayer(0);
    const token = await kit.operator();
    const url = `/api/admin/players/${player.id}/limits`;
    expect((await kit.call('GET', url)).statusCode).toBe(401);
    expect((await kit.call('GET', url, { token: player.token })).statusCode).toBe(401);
    expect((await kit.call('GET', '/api/admin/players/999999999/limits', { token })).statusCode).toBe(404);
    await setLimit(player, { type: 'wager', period: 'month', amount: 500_00 });
    const tightened = await kit.call('PUT', url, { token, payload: { type: 'wager', period: 'month', amount: 300_00 } });
    expect(tightened.statusCode).toBe(200);
    expect(tightened.json().data.limits[0].amount).toBe(300_00);
    expect((await kit.call('PUT', url, { token, payload: { type: 'wager', period: 'month', amount: 400_00 } })).statusCode).toBe(422);
    expect((await kit.call('PUT', url, { token, payload: { type: 'wager', period: 'month', amount: null } })).statusCode).toBe(422);
    const longer = await kit.call('POST', `/api/admin/players/${player.id}/self-exclusion`, { token, payload: { months: 12 } });
    expect(longer.statusCode).toBe(200);
    const view = (await kit.call('GET', url, { token })).json().data;
    expect(view.self_excluded_until).not.toBeNull();
    expect(view.changes.map((c: { actor: string; subject: string }) => `${c.actor} ${c.subject}`)).toEqual([
      'operator self_exclusion',
      'operator wager:month',
      'player wager:month',
    ]);
    expect(view.changes[1]).toMatchObject({ old_value: { amount: 500_00 }, new_value: { amount: 300_00 } });
  });
});
