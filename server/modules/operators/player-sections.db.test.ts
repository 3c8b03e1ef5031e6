// Issue 18 on the operator API: the player page's sections (rounds with fairness data, bonuses, limits, loyalty and
// VIP), the players search's VIP tier filter and the withdrawals queue's risk hints.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { gamesKit } from '../games/testing.ts';
import { paymentsKit } from '../payments/testing.ts';
import { auditLog } from './schema.ts';
import { STRONG_PASSWORD } from '../accounts/testing.ts';
import { OPERATOR_ENV, staffKit } from './testing.ts';

const t = useTestApp({ ...OPERATOR_ENV, APP_ENV: 'development' });
const pay = paymentsKit(t);
const games = gamesKit(t);
const staff = staffKit(t, '10.71');

const auditRows = (action: string, staffId: number) =>
  t.services.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.staffId, staffId)));

/** A player who played a roulette round, holds a granted bonus, a deposit limit and 600 loyalty points (silver). */
async function seasonedPlayer(admin: string) {
  const player = await games.fundedPlayer(100_00);
  const played = await games.play('european-roulette', { mode: 'real', bets: [{ type: 'red', amount: 2_00 }] }, { token: player.token });
  expect(played.statusCode, played.body).toBe(201);
  const granted = await staff.call('POST', `/api/admin/players/${player.id}/bonuses`, { token: admin, payload: { slug: 'demo-chip' } });
  expect(granted.statusCode, granted.body).toBe(201);
  const limited = await staff.call('PUT', `/api/admin/players/${player.id}/limits`, {
    token: admin,
    payload: { type: 'deposit', period: 'day', amount: 50_00 },
  });
  expect(limited.statusCode, limited.body).toBe(200);
  const points = await staff.call('POST', `/api/admin/players/${player.id}/loyalty`, { token: admin, payload: { points: 600, reason: 'goodwill' } });
  expect(points.statusCode, points.body).toBe(201);
  return { ...player, round: played.json().data as { round_id: string; stake: number; win: number } };
}

describe('operator actions on a player, audited with the change', () => {
  it('a points adjustment replayed with its Idempotency-Key gives the same entry and writes one audit row', async () => {
    const admin = await staff.adminToken();
    const player = await games.fundedPlayer(10_00);
    const adjust = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/players/${player.id}/loyalty`,
        headers: { authorization: `Bearer ${admin}`, 'idempotency-key': 'goodwill-once' },
        payload: { points: 250, reason: 'goodwill' },
      });
    const first = await adjust();
    const again = await adjust();
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    const trail = await t.services.operators.actionsOn(`player:${player.id}`);
    expect(trail.filter((entry) => entry.action === 'player.loyalty.adjust')).toHaveLength(1);
  });

  it('a refused time-out (shorter than the one in force) writes no audit row', async () => {
    const admin = await staff.adminToken();
    const player = await games.fundedPlayer(10_00);
    const timeOut = (days: number) => staff.call('POST', `/api/admin/players/${player.id}/time-out`, { token: admin, payload: { days } });
    expect((await timeOut(7)).statusCode).toBe(200);
    expect((await timeOut(1)).statusCode).toBe(409);
    const trail = await t.services.operators.actionsOn(`player:${player.id}`);
    expect(trail.filter((entry) => entry.action === 'player.time-out').map((entry) => entry.after?.days)).toEqual([7]);
  });
});

describe('GET /api/admin/players/:id sections', () => {
  it('carries rounds with fairness data, bonuses with wagering, limits, loyalty and VIP, and the read is audited', async () => {
    const admin = await staff.adminToken();
    const player = await seasonedPlayer(admin);
    const support = await staff.staff('support');
    const response = await staff.call('GET', `/api/admin/players/${player.id}`, { token: support.token });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;

    expect(data.rounds).toHaveLength(1);
    expect(data.rounds[0]).toMatchObject({
      round_id: player.round.round_id,
      game: 'european-roulette',
      engine: 'european-roulette',
      stake: 2_00,
      win: player.round.win,
      fairness: { client_seed: expect.any(String), nonce: expect.any(Number), server_seed: null },
    });
    expect(data.rounds[0].fairness.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);

    expect(data.bonuses).toHaveLength(1);
    expect(data.bonuses[0]).toMatchObject({ slug: 'demo-chip', status: 'active', wagered: 0 });
    expect(data.bonuses[0].wagering_required).toBeGreaterThan(0);

    expect(data.limits.limits).toEqual([expect.objectContaining({ type: 'deposit', period: 'day', amount: 50_00, pending: null })]);
    expect(data.limits).toMatchObject({ excluded: false, timeout_until: null, self_excluded_until: null });

    expect(data.loyalty).toMatchObject({ player_id: player.id, points: 600, lifetime_points: 600, tier: 'silver' });
    expect(data.loyalty.history[0]).toMatchObject({ type: 'adjusted', points: 600, reference: 'goodwill' });
    expect(data.vip).toMatchObject({ tier: { slug: 'silver' }, cashback: { percent: 5 }, points_this_month: 600 });

    const viewed = await auditRows('player.view', support.id);
    expect(viewed.map((row) => row.playerId)).toEqual([Number(player.id)]);

    // The page's actions are in the hash-chained audit log with who did them.
    const trail = await t.services.operators.actionsOn(`player:${player.id}`);
    expect(trail.map((entry) => entry.action)).toEqual(['player.bonus.grant', 'player.limit.tighten', 'player.loyalty.adjust', 'player.view']);
    const adminId = await staff.adminId();
    const actions = await t.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.playerId, Number(player.id)));
    expect(actions.filter((row) => row.action !== 'player.view').map((row) => [row.staffId, row.after])).toEqual([
      [adminId, { bonus_id: data.bonuses[0].id, slug: 'demo-chip', amount: data.bonuses[0].amount, status: 'active' }],
      [adminId, { type: 'deposit', period: 'day', amount: 50_00 }],
      [adminId, { entry_id: data.loyalty.history[0].id, points: 600, reason: 'goodwill' }],
    ]);
  });

  it('shows an operator time-out as the player being excluded until its end', async () => {
    const admin = await staff.adminToken();
    const player = await pay.player();
    expect((await staff.call('POST', `/api/admin/players/${player.id}/time-out`, { token: admin, payload: { days: 7 } })).statusCode).toBe(200);
    const data = (await staff.call('GET', `/api/admin/players/${player.id}`, { token: admin })).json().data;
    expect(data.limits.excluded).toBe(true);
    expect(new Date(data.limits.timeout_until).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const [timeOut] = await t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.playerId, Number(player.id)), eq(auditLog.action, 'player.time-out')));
    expect(timeOut!.after).toEqual({ days: 7, until: data.limits.timeout_until });
    expect((await staff.call('POST', `/api/admin/players/${player.id}/self-exclusion`, { token: admin, payload: { months: 7 } })).statusCode).toBe(422);
    expect(await t.services.operators.actionsOn(`player:${player.id}`)).toHaveLength(2);
  });

  it('refuses staff without players.read (403 naming it) and answers 404 for an unknown player', async () => {
    const marketing = await staff.staff('marketing');
    const player = await pay.player();
    const refused = await staff.call('GET', `/api/admin/players/${player.id}`, { token: marketing.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have the players.read permission.');
    expect(await auditRows('player.view', marketing.id)).toEqual([]);
    expect((await staff.call('GET', '/api/admin/players/999999999', { token: await staff.adminToken() })).statusCode).toBe(404);
  });

  it('the actions on the page keep their own permissions: support may not grant a bonus or tighten a limit', async () => {
    const support = await staff.staff('support');
    const player = await pay.player();
    const bonus = await staff.call('POST', `/api/admin/players/${player.id}/bonuses`, { token: support.token, payload: { slug: 'demo-chip' } });
    expect(bonus.statusCode).toBe(403);
    expect(bonus.json().message).toBe('You do not have the bonuses.manage permission.');
    const limit = await staff.call('PUT', `/api/admin/players/${player.id}/limits`, {
      token: support.token,
      payload: { type: 'loss', period: 'week', amount: 10_00 },
    });
    expect(limit.json().message).toBe('You do not have the limits.manage permission.');
    const data = (await staff.call('GET', `/api/admin/players/${player.id}`, { token: support.token })).json().data;
    expect(data.bonuses).toEqual([]);
    expect(data.limits.limits).toEqual([]);
  });
});

describe('POST /api/admin/messages/segment to a VIP tier', () => {
  it('reaches the players now in that tier and no one else; without a tier it is a 422 that sends nothing', async () => {
    const admin = await staff.adminToken();
    const silver = await pay.player();
    const platinum = await pay.player();
    await staff.call('POST', `/api/admin/players/${silver.id}/loyalty`, { token: admin, payload: { points: 700, reason: 'test' } });
    await staff.call('POST', `/api/admin/players/${platinum.id}/loyalty`, { token: admin, payload: { points: 20_000, reason: 'test' } });
    const inbox = async (token: string) =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/player/messages', headers: { authorization: `Bearer ${token}` } })).json().data as { subject: string }[]
      ).map((message) => message.subject);
    const missing = await staff.call('POST', '/api/admin/messages/segment', {
      token: admin,
      payload: { segment: 'vip_tier', subject: 'Hi', body: 'Hello', reason: 'Platinum evening invitations' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ tier: ['The tier field is required.'] });

    const sent = await staff.call('POST', '/api/admin/messages/segment', {
      token: admin,
      payload: { segment: 'vip_tier', tier: 'platinum', subject: 'Your platinum evening', body: 'An invitation.', reason: 'Platinum evening invitations' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data.sent).toBeGreaterThanOrEqual(1);
    expect(await inbox(platinum.token)).toContain('Your platinum evening');
    expect(await inbox(silver.token)).not.toContain('Your platinum evening');
    const [row] = (await t.services.operators.audit.list({ action: 'message.segment' }, { page: 1, perPage: 1 })).data;
    expect(row!.after).toMatchObject({ segment: 'vip_tier', tier: 'platinum', sent: sent.json().data.sent, reason: 'Platinum evening invitations' });
  });
});

describe('GET /api/admin/players/search: who is kept from play', () => {
  it('says excluded for a player during a time-out, not active (issue 32)', async () => {
    const admin = await staff.adminToken();
    const out = await pay.player();
    const playing = await pay.player();
    const timedOut = await pay.call('POST', '/api/player/time-out', { token: out.token, payload: { days: 1, password: STRONG_PASSWORD } });
    expect(timedOut.statusCode, timedOut.body).toBe(200);
    const rows = async (email: string) =>
      (await staff.call('GET', `/api/admin/players/search?q=${encodeURIComponent(email)}`, { token: admin })).json().data as {
        excluded: boolean;
        active: boolean;
      }[];
    expect(await rows(out.email)).toEqual([expect.objectContaining({ active: true, excluded: true })]);
    expect(await rows(playing.email)).toEqual([expect.objectContaining({ active: true, excluded: false })]);
  });
});

describe('GET /api/admin/players/search?vip=', () => {
  it('filters by the VIP tier the clubs compute, shows it per row, and the CSV export honours it', async () => {
    const admin = await staff.adminToken();
    const silver = await pay.player();
    const bronze = await pay.player();
    const gold = await pay.player();
    await staff.call('POST', `/api/admin/players/${silver.id}/loyalty`, { token: admin, payload: { points: 700, reason: 'test' } });
    await staff.call('POST', `/api/admin/players/${gold.id}/loyalty`, { token: admin, payload: { points: 3_000, reason: 'test' } });

    const ids = async (query: string) => {
      const response = await staff.call('GET', `/api/admin/players/search?${query}`, { token: admin });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { id: string; vip_tier: string }[]).map((row) => `${row.id}:${row.vip_tier}`);
    };
    const ours = (rows: string[]) => rows.filter((row) => [silver.id, bronze.id, gold.id].includes(row.split(':')[0]!));
    expect(ours(await ids('vip=silver'))).toEqual([`${silver.id}:silver`]);
    expect(ours(await ids('vip=gold'))).toEqual([`${gold.id}:gold`]);
    expect(ours(await ids('vip=bronze'))).toEqual([`${bronze.id}:bronze`]);
    expect(ours(await ids('vip=platinum'))).toEqual([]);
    // The other filters still apply alongside it.
    expect(await ids(`vip=silver&q=${encodeURIComponent(silver.email)}`)).toEqual([`${silver.id}:silver`]);
    expect(await ids(`vip=gold&q=${encodeURIComponent(silver.email)}`)).toEqual([]);
    expect(ours(await ids('status=active'))).toEqual([`${gold.id}:gold`, `${bronze.id}:bronze`, `${silver.id}:silver`]);

    const csv = await staff.call('GET', '/api/admin/players/export?vip=silver', { token: admin });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,email,name,phone,country,active,blocked,excluded,kyc_status,vip_tier,created_at');
    expect(lines.some((line) => line.startsWith(`${silver.id},`) && line.includes(',silver,'))).toBe(true);
    expect(lines.some((line) => line.startsWith(`${bronze.id},`) || line.startsWith(`${gold.id},`))).toBe(false);

    const searches = await auditRows('players.export', await staff.adminId());
    expect(searches.at(-1)!.after).toMatchObject({ vip: 'silver' });
  });

  it('refuses an unknown tier with a 422 and staff without players.read with a 403', async () => {
    const admin = await staff.adminToken();
    const bad = await staff.call('GET', '/api/admin/players/search?vip=diamond', { token: admin });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['vip']);
    const marketing = await staff.staff('marketing');
    expect((await staff.call('GET', '/api/admin/players/search?vip=gold', { token: marketing.token })).statusCode).toBe(403);
  });
});

describe('GET /api/admin/withdrawals risk hints', () => {
  it('gives each request its player’s deposit methods, net deposits, bonus record, account age and KYC status', async () => {
    const admin = await staff.adminToken();
    const player = await pay.player({ kyc: 'verified' });
    await pay.deposit(player.token, 100_00, 'sandbox-card');
    await pay.deposit(player.token, 50_00, 'sandbox-crypto');
    const requested = await pay.call('POST', '/api/payments/withdrawals', {
      token: player.token,
      key: randomUUID(),
      payload: { method: 'sandbox-card', amount: 30_00 },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    // A bonus granted and then forfeited by a time-out; the account registered 40 days ago.
    expect((await staff.call('POST', `/api/admin/players/${player.id}/bonuses`, { token: admin, payload: { slug: 'demo-chip' } })).statusCode).toBe(201);
    expect((await staff.call('POST', `/api/admin/players/${player.id}/time-out`, { token: admin, payload: { days: 1 } })).statusCode).toBe(200);
    await t.services.database.db
      .update(players)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000 - 3_600_000) })
      .where(eq(players.id, Number(player.id)));

    // A second player: card only, a bonus still active, nothing paid out yet.
    const other = await pay.player({ kyc: 'verified' });
    await pay.deposit(other.token, 60_00, 'sandbox-card');
    const second = await pay.call('POST', '/api/payments/withdrawals', {
      token: other.token,
      key: randomUUID(),
      payload: { method: 'sandbox-card', amount: 25_00 },
    });
    expect(second.statusCode, second.body).toBe(201);
    // Documents asked for again after the request (a re-check): the queue shows the status now.
    await t.services.database.db
      .update(players)
      .set({ kycStatus: 'pending' })
      .where(eq(players.id, Number(other.id)));
    expect((await staff.call('POST', `/api/admin/players/${other.id}/bonuses`, { token: admin, payload: { slug: 'demo-chip' } })).statusCode).toBe(201);

    const compliance = await staff.staff('compliance');
    const response = await staff.call('GET', '/api/admin/withdrawals?status=pending', { token: compliance.token });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().data as { id: string; player_id: string; player_email: string | null; risk: unknown }[];
    // Names, not ids: the queue says whose request it is.
    expect(rows.find((row) => row.id === requested.json().data.id)!.player_email).toMatch(/@/);
    expect(rows.find((row) => row.id === requested.json().data.id)!.risk).toEqual({
      deposit_methods: ['card', 'crypto'],
      net_deposits: 150_00,
      bonuses: { active: 0, forfeited: 1, total: 1 },
      account_age_days: 40,
      kyc_status: 'verified',
      compliance_hold: false,
    });
    expect(rows.find((row) => row.id === second.json().data.id)!.risk).toEqual({
      deposit_methods: ['card'],
      net_deposits: 60_00,
      bonuses: { active: 1, forfeited: 0, total: 1 },
      account_age_days: 0,
      kyc_status: 'pending',
      compliance_hold: false,
    });

    // A paid withdrawal comes off the net deposits.
    const paid = await staff.call('POST', `/api/admin/withdrawals/${second.json().data.id}/approve`, { token: admin, payload: {} });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await staff.call('GET', '/api/admin/withdrawals?status=paid', { token: admin })).json().data as typeof rows;
    expect(after.find((row) => row.id === second.json().data.id)!.risk).toMatchObject({ net_deposits: 35_00 });

    const listed = await auditRows('withdrawals.list', compliance.id);
    expect(listed.map((row) => row.after)).toEqual([{ status: 'pending', results: rows.length }]);
  });

  it('refuses staff without withdrawals.read and records no read for them', async () => {
    const support = await staff.staff('support');
    const refused = await staff.call('GET', '/api/admin/withdrawals', { token: support.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have the withdrawals.read permission.');
    expect(await auditRows('withdrawals.list', support.id)).toEqual([]);
    expect((await staff.call('GET', '/api/admin/withdrawals?status=lost', { token: await staff.adminToken() })).statusCode).toBe(422);
  });
});
