// Issue 33 §1 and §3 over HTTP and on the database: sign-ins recorded with IP, agent and device, the previous
// session's notice with its net result, accounts linked by each signal, and the duplicate flag.
import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { STRONG_PASSWORD, validRegistration } from '../accounts/testing.ts';
import { gamesKit } from '../games/testing.ts';
import { auditLog } from '../operators/schema.ts';
import { OPERATOR_ENV, staffKit } from '../operators/testing.ts';
import { withdrawals } from '../payments/schema.ts';
import type { AlertInput } from '../shared/alerts.ts';
import { DUPLICATE_BONUS_MESSAGE } from './duplicates.ts';
import { createLinks } from './links.ts';
import { accountLinks, signIns } from './schema.ts';

const t = useTestApp({ ...OPERATOR_ENV, APP_ENV: 'development' });
const kit = gamesKit(t);
const staff = staffKit(t, '10.33');

type Client = { ip?: string; agent?: string; device?: string };

let phones = 0;
/** Registers an active player (an address and phone of its own, or `overrides`), not signed in: its e-mail and id. */
async function registered(overrides: Parameters<typeof validRegistration>[0] = {}) {
  phones += 1;
  const phoneNumber = String(77_000_000 + (Date.now() % 100_000) * 10 + phones).slice(0, 8);
  const form = validRegistration({
    address1: `${randomUUID().slice(0, 8)} Own Street`,
    phonePrefix: '356',
    phoneNumber,
    phone: `+356${phoneNumber}`,
    ...overrides,
  });
  const response = await kit.call('POST', '/api/register', { payload: form });
  expect(response.statusCode, response.body).toBe(201);
  const id = Number(response.json().data.id);
  await t.services.database.db.update(players).set({ active: true }).where(eq(players.id, id));
  return { id, email: form.email };
}

function login(email: string, { ip = '198.51.100.10', agent = 'Mozilla/5.0 (test)', device }: Client = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { 'user-agent': agent, ...(device ? { cookie: `device_id=${device}` } : {}) },
    payload: { email, password: STRONG_PASSWORD },
  });
}

const deviceOf = (response: Awaited<ReturnType<typeof login>>) => response.cookies.find((cookie) => cookie.name === 'device_id');
const linksBetween = (a: number, b: number) =>
  t.services.database.db
    .select()
    .from(accountLinks)
    .where(
      or(
        and(eq(accountLinks.playerId, Math.min(a, b)), eq(accountLinks.otherPlayerId, Math.max(a, b))),
        and(eq(accountLinks.playerId, Math.max(a, b)), eq(accountLinks.otherPlayerId, Math.min(a, b))),
      ),
    );
const reasonsBetween = async (a: number, b: number) => (await linksBetween(a, b)).map((link) => link.reason).sort();

describe('sign-ins', () => {
  it('records the time, IP, user agent and a first-party device id, the same device id again on the next sign-in', async () => {
    const player = await registered();
    const first = await login(player.email, { ip: '198.51.100.21', agent: 'Agent/1' });
    expect(first.statusCode, first.body).toBe(200);
    const cookie = deviceOf(first);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, path: '/' });
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const second = await login(player.email, { ip: '198.51.100.22', agent: 'Agent/2', device: cookie!.value });
    expect(deviceOf(second)!.value).toBe(cookie!.value);
    const rows = await t.services.database.db.select().from(signIns).where(eq(signIns.playerId, player.id)).orderBy(signIns.id);
    expect(rows.map((row) => [row.method, row.ip, row.userAgent, row.deviceId])).toEqual([
      ['password', '198.51.100.21', 'Agent/1', cookie!.value],
      ['password', '198.51.100.22', 'Agent/2', cookie!.value],
    ]);
    expect(rows[0]!.tokenId).not.toBeNull();
  });

  it('a wrong password records nothing', async () => {
    const player = await registered();
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: player.email, password: 'not the password 1!' } });
    expect(wrong.statusCode).toBe(422);
    expect(await t.services.database.db.select().from(signIns).where(eq(signIns.playerId, player.id))).toEqual([]);
  });

  it('at the next sign-in the player gets the previous session: its time, its end at logout and its net result', async () => {
    const player = await registered();
    const first = await login(player.email);
    const token = first.json().token as string;
    expect((await kit.call('GET', '/api/player/previous-session', { token })).json()).toEqual({ data: null });
    await kit.fund(String(player.id), 50_00);
    const played = await kit.play('european-roulette', { mode: 'real', bets: [{ type: 'red', amount: 5_00 }] }, { token });
    expect(played.statusCode, played.body).toBe(201);
    const round = played.json().data as { stake: number; win: number };
    expect((await kit.call('POST', '/api/logout', { token })).statusCode).toBe(204);

    const second = (await login(player.email)).json().token as string;
    const previous = await kit.call('GET', '/api/player/previous-session', { token: second });
    expect(previous.statusCode).toBe(200);
    const [row] = await t.services.database.db.select().from(signIns).where(eq(signIns.playerId, player.id)).orderBy(signIns.id).limit(1);
    expect(previous.json().data).toEqual({
      signed_in_at: row!.signedInAt.toISOString(),
      ended_at: row!.endedAt!.toISOString(),
      stakes: 5_00,
      wins: round.win,
      net: round.win - 5_00,
      currency: 'EUR',
    });
  });

  it('the previous session needs a signed-in player', async () => {
    expect((await kit.call('GET', '/api/player/previous-session')).statusCode).toBe(401);
    expect((await kit.call('GET', '/api/player/recall')).statusCode).toBe(401);
  });
});

describe('linked accounts', () => {
  it('links two players who sign in on the same device', async () => {
    const a = await registered();
    const b = await registered();
    const device = deviceOf(await login(a.email, { ip: '203.0.113.1' }))!.value;
    await login(b.email, { ip: '192.0.2.77', device });
    await login(b.email, { ip: '192.0.2.78', device });
    expect(await reasonsBetween(a.id, b.id)).toEqual(['device']);
  });

  it('links players signing in from one IP within a day, not a day apart, not from loopback', async () => {
    const a = await registered();
    const b = await registered();
    const c = await registered();
    await login(a.email, { ip: '203.0.113.50' });
    await login(b.email, { ip: '203.0.113.50' });
    expect(await reasonsBetween(a.id, b.id)).toEqual(['ip']);
    // c signed in from that address two days ago only.
    await t.services.database.db.insert(signIns).values({
      playerId: c.id,
      method: 'password',
      signedInAt: new Date(Date.now() - 2 * 86_400_000),
      lastSeenAt: new Date(Date.now() - 2 * 86_400_000),
      ip: '203.0.113.60',
    });
    await login(a.email, { ip: '203.0.113.60' });
    expect(await reasonsBetween(a.id, c.id)).toEqual([]);
    const d = await registered();
    const e = await registered();
    await login(d.email, { ip: '127.0.0.1' });
    await login(e.email, { ip: '127.0.0.1' });
    expect(await reasonsBetween(d.id, e.id)).toEqual([]);
  });

  it('links players who registered with the same postal address or the same phone', async () => {
    const street = `${randomUUID().slice(0, 8)} Merchants Street`;
    const a = await registered({ address1: street, postcode: 'VLT 1200', phonePrefix: '356', phoneNumber: '79000001', phone: '+35679000001' });
    const b = await registered({
      address1: ` ${street.toUpperCase()} `,
      postcode: 'vlt1200',
      phonePrefix: '356',
      phoneNumber: '79000002',
      phone: '+35679000002',
    });
    const c = await registered({ address1: `${randomUUID().slice(0, 8)} Other Road`, phonePrefix: '356', phoneNumber: '79000001', phone: '+35679000001' });
    // A registration's links are looked for after its answer (the PlayerRegistered event is not awaited).
    await expect.poll(() => reasonsBetween(a.id, b.id)).toEqual(['address']);
    await expect.poll(() => reasonsBetween(a.id, c.id)).toEqual(['phone']);
    expect(await reasonsBetween(b.id, c.id)).toEqual([]);
  });

  it('links players who used the same crypto address, not the same card ending', async () => {
    const a = await registered();
    const b = await registered();
    const address = `0x${randomUUID().replaceAll('-', '')}abcdef01`;
    const withdrawal = (playerId: number, destination: string) => ({
      id: randomUUID(),
      playerId,
      method: 'crypto',
      amount: 10_00,
      currency: 'EUR',
      status: 'pending',
      destination,
      idempotencyKey: randomUUID(),
      requestHash: 'test',
    });
    await t.services.database.db
      .insert(withdrawals)
      .values([
        withdrawal(a.id, address),
        withdrawal(b.id, address.toUpperCase().replace('0X', '0x')),
        withdrawal(a.id, 'Card ending 4242'),
        withdrawal(b.id, 'Card ending 4242'),
      ]);
    await t.services.signins.linkAfterPayment(b.id);
    const links = await linksBetween(a.id, b.id);
    expect(links.map((link) => [link.reason, link.detail])).toEqual([['payment', address.toLowerCase()]]);
  });

  it('raises a linked alert once per pair and reason, and a value shared by many players links no one', async () => {
    const raised: AlertInput[] = [];
    const shared = `${randomUUID()}`;
    const others = [900_001, 900_002, 900_003, 900_004, 900_005, 900_006];
    const links = createLinks({
      db: t.services.database.db,
      raiseAlert: async (alert) => {
        raised.push(alert);
      },
      sharedContacts: async () => [],
      sharedInstruments: async () => others.slice(0, 2).map((otherPlayerId) => ({ otherPlayerId, instrument: shared })),
      emailsOf: async () => new Map(),
    });
    const a = await registered();
    await links.link(a.id, ['payments']);
    await links.link(a.id, ['payments']);
    const pair = (x: number, y: number) => `${Math.min(x, y)}:${Math.max(x, y)}`;
    expect(raised.map((alert) => [alert.playerId, alert.kind, alert.rule, alert.dedupeKey])).toEqual([
      [a.id, 'linked', 'linked-payment', `linked:${pair(a.id, 900_001)}:payment`],
      [a.id, 'linked', 'linked-payment', `linked:${pair(a.id, 900_002)}:payment`],
    ]);
    const crowd = createLinks({
      db: t.services.database.db,
      raiseAlert: async (alert) => {
        raised.push(alert);
      },
      sharedContacts: async () => [],
      sharedInstruments: async () => others.map((otherPlayerId) => ({ otherPlayerId, instrument: `${shared}-crowd` })),
      emailsOf: async () => new Map(),
    });
    expect(await crowd.link(a.id, ['payments'])).toEqual([]);
  });
});

describe('staff: sign-ins, linked accounts and the duplicate flag', () => {
  it('shows sign-ins and links; a flagged duplicate (audited) claims no bonus; the flag can be cleared', async () => {
    const admin = await staff.adminToken();
    const a = await registered();
    const b = await registered();
    const device = deviceOf(await login(a.email, { ip: '203.0.113.90' }))!.value;
    const token = (await login(b.email, { ip: '192.0.2.90', device })).json().token as string;

    const view = await staff.call('GET', `/api/admin/players/${b.id}/sign-ins`, { token: admin });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.sign_ins).toHaveLength(1);
    expect(view.json().data.sign_ins[0]).toMatchObject({ ip: '192.0.2.90', device_id: device, method: 'password' });
    expect(view.json().data.linked).toEqual([{ player_id: a.id, email: a.email, duplicate: false, reasons: [expect.objectContaining({ reason: 'device' })] }]);
    expect(view.json().data.duplicate).toBeNull();

    const flagged = await staff.call('PUT', `/api/admin/players/${b.id}/duplicate`, {
      token: admin,
      payload: { duplicate: true, reason: 'Same device as the first account' },
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json().data.duplicate).toMatchObject({ reason: 'Same device as the first account' });
    const adminId = await staff.adminId();
    const audited = await t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'player.duplicate.flag'), eq(auditLog.playerId, b.id)));
    expect(audited.map((row) => [row.staffId, row.after])).toEqual([[adminId, { duplicate: true, reason: 'Same device as the first account' }]]);

    const claim = await kit.call('POST', '/api/player/bonuses/welcome-match/claim', { token, key: randomUUID() });
    expect(claim.statusCode).toBe(400);
    expect(claim.json()).toEqual({ message: DUPLICATE_BONUS_MESSAGE, type: 'bonus' });
    expect((await staff.call('GET', `/api/admin/players/${a.id}/sign-ins`, { token: admin })).json().data.linked[0].duplicate).toBe(true);

    const cleared = await staff.call('PUT', `/api/admin/players/${b.id}/duplicate`, {
      token: admin,
      payload: { duplicate: false, reason: 'Family members, checked' },
    });
    expect(cleared.json().data.duplicate).toBeNull();
    expect((await kit.call('POST', '/api/player/bonuses/welcome-match/claim', { token, key: randomUUID() })).statusCode).toBe(201);
  });

  it('bad input changes nothing; a role without the permission gets 403; no staff session 401; an unknown player 404', async () => {
    const admin = await staff.adminToken();
    const player = await registered();
    const path = `/api/admin/players/${player.id}/duplicate`;
    expect((await staff.call('PUT', path, { token: admin, payload: { duplicate: true, reason: '' } })).statusCode).toBe(422);
    expect((await staff.call('PUT', path, { token: admin, payload: { reason: 'no flag given' } })).statusCode).toBe(422);
    const support = await staff.staff('support');
    expect((await staff.call('PUT', path, { token: support.token, payload: { duplicate: true, reason: 'support may not' } })).statusCode).toBe(403);
    expect((await staff.call('PUT', path, { payload: { duplicate: true, reason: 'nobody' } })).statusCode).toBe(401);
    expect((await staff.call('GET', `/api/admin/players/${player.id}/sign-ins`)).statusCode).toBe(401);
    const marketing = await staff.staff('marketing');
    expect((await staff.call('GET', `/api/admin/players/${player.id}/sign-ins`, { token: marketing.token })).statusCode).toBe(403);
    expect((await staff.call('GET', '/api/admin/players/999999999/sign-ins', { token: admin })).statusCode).toBe(404);
    expect((await staff.call('GET', `/api/admin/players/${player.id}/sign-ins`, { token: admin })).json().data.duplicate).toBeNull();
    const compliance = await staff.staff('compliance');
    expect((await staff.call('PUT', path, { token: compliance.token, payload: { duplicate: true, reason: 'compliance may' } })).statusCode).toBe(200);
  });
});
