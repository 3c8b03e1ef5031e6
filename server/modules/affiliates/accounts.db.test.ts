// Affiliate accounts and sign-in over HTTP (docs/decisions/0107-affiliates.md): the application and its 422s, only
// approved affiliates sign in, the portal cookie's scope, the role boundaries between players, staff and affiliates,
// TOTP with the staff's second-factor budget, and operator-issued one-time sign-in links.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { mailsTo } from '../accounts/testing.ts';
import { auditLog } from '../operators/schema.ts';
import { OPERATOR_ENV, staffKit, totpCode } from '../operators/testing.ts';
import { affiliates } from './schema.ts';
import { AFFILIATE_PASSWORD, affiliateKit, applicationOf } from './testing.ts';

describe('affiliate accounts', () => {
  const t = useTestApp(OPERATOR_ENV);
  const affiliateCount = async () => (await t.services.database.db.select({ n: count() }).from(affiliates))[0]!.n;

  it('refuses a bad application with field errors and keeps nothing', async () => {
    const kit = affiliateKit(t, '10.41');
    const before = await affiliateCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ password: 'short1!' }, 'password'],
      [{ password: 'password1!' }, 'password'],
      [{ terms: false }, 'terms'],
      [{ country: 'XX' }, 'country'],
      [{ website: 'javascript:alert(1)' }, 'website'],
      [{ kind: 'robot' }, 'kind'],
      [{ payout_method: 'cash-in-envelope' }, 'payout_method'],
      [{ name: 'A' }, 'name'],
    ];
    for (const [override, field] of cases) {
      const response = await kit.call('POST', '/api/affiliates/apply', { payload: applicationOf(override) });
      expect(response.statusCode, JSON.stringify(override)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(override)).toContain(field);
    }
    expect(await affiliateCount()).toBe(before);
    const application = applicationOf();
    expect((await kit.call('POST', '/api/affiliates/apply', { payload: application })).statusCode).toBe(201);
    const twice = await kit.call('POST', '/api/affiliates/apply', { payload: { ...application, email: application.email.toUpperCase() } });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.email).toEqual(['An affiliate with this e-mail already exists.']);
  });

  it('lets only approved affiliates sign in, with a cookie scoped to the portal', async () => {
    const kit = affiliateKit(t, '10.42');
    const staff = staffKit(t, '10.82');
    const admin = await staff.adminToken();
    const application = applicationOf();
    const id = (await kit.call('POST', '/api/affiliates/apply', { payload: application })).json().data.id;
    const credentials = { email: application.email, password: AFFILIATE_PASSWORD };
    const pending = await kit.call('POST', '/api/affiliates/login', { payload: credentials });
    expect([pending.statusCode, pending.json().type]).toEqual([403, 'affiliate_pending']);
    const wrong = await kit.call('POST', '/api/affiliates/login', { payload: { ...credentials, password: 'Wrong#Pass99' } });
    expect([wrong.statusCode, wrong.json().errors.email]).toEqual([422, ['These credentials do not match our records.']]);

    // Marketing approves; support cannot.
    const support = await staff.staff('support');
    expect(
      (await staff.call('POST', `/api/admin/affiliates/${id}/status`, { token: support.token, payload: { status: 'approved', reason: 'Looks fine' } }))
        .statusCode,
    ).toBe(403);
    const marketing = await staff.staff('marketing');
    const approved = await staff.call('POST', `/api/admin/affiliates/${id}/status`, {
      token: marketing.token,
      payload: { status: 'approved', reason: 'Looks fine' },
    });
    expect(approved.json().data).toMatchObject({ status: 'approved', approved_at: expect.any(String) });
    await t.services.outbox.drain();
    const mails = await mailsTo(t.config.dataDir, application.email);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining('affiliate account is approved')]);
    expect(mails[0]!.text).toContain('/affiliates/sign-in');
    const pendingList = await staff.call('GET', '/api/admin/affiliates?status=pending', { token: admin });
    expect(pendingList.json().data.map((row: { id: string }) => row.id)).not.toContain(id);

    const login = await kit.call('POST', '/api/affiliates/login', { payload: credentials });
    expect(login.statusCode, login.body).toBe(200);
    const cookies = login.cookies.filter((cookie) => cookie.name === 'affiliate_token');
    expect(cookies.map((cookie) => cookie.path).sort()).toEqual(['/affiliates', '/api/affiliates']);
    for (const cookie of cookies) expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' });
    const token = login.json().token as string;
    const me = await kit.call('GET', '/api/affiliates/me', { cookie: `affiliate_token=${token}` });
    expect(me.json().data).toMatchObject({ id, status: 'approved', email: application.email, two_factor: false, plan: null });
    expect(me.body).not.toContain('password');

    // Suspension ends the session at once.
    await staff.call('POST', `/api/admin/affiliates/${id}/status`, { token: marketing.token, payload: { status: 'suspended', reason: 'Fraudulent traffic' } });
    expect((await kit.call('GET', '/api/affiliates/me', { token })).statusCode).toBe(401);
    const suspended = await kit.call('POST', '/api/affiliates/login', { payload: credentials });
    expect([suspended.statusCode, suspended.json().type]).toEqual([403, 'affiliate_suspended']);
  });

  it('keeps players, staff and affiliates each to their own routes', async () => {
    const kit = affiliateKit(t, '10.43');
    const staff = staffKit(t, '10.83');
    const admin = await staff.adminToken();
    const affiliate = await kit.approvedAffiliate(admin);
    const player = await kit.register(null);
    const portal = ['/api/affiliates/me', '/api/affiliates/dashboard', '/api/affiliates/links', '/api/affiliates/statements', '/api/affiliates/postbacks'];
    for (const url of portal) {
      expect((await kit.call('GET', url)).statusCode, url).toBe(401);
      expect((await kit.call('GET', url, { token: player.token })).statusCode, `player on ${url}`).toBe(401);
      expect((await kit.call('GET', url, { token: admin })).statusCode, `staff on ${url}`).toBe(401);
      expect((await kit.call('GET', url, { cookie: `token=${player.token}; staff_token=${admin}` })).statusCode, `cookies on ${url}`).toBe(401);
      expect((await kit.call('GET', url, { token: affiliate.token })).statusCode, `affiliate on ${url}`).toBe(200);
    }
    for (const url of ['/api/player', '/api/player/wallet', '/api/admin/me', '/api/admin/affiliates']) {
      expect((await kit.call('GET', url, { token: affiliate.token })).statusCode, url).toBe(401);
      expect((await kit.call('GET', url, { cookie: `affiliate_token=${affiliate.token}` })).statusCode, url).toBe(401);
    }
    // Writes with bad input change nothing and say which field.
    const links = async () => (await kit.call('GET', '/api/affiliates/links', { token: affiliate.token })).json().data.length;
    const before = await links();
    for (const body of [{ landing_path: 'https://evil.example' }, { landing_path: '//evil.example' }, { sub: 'has space' }, { name: 'x'.repeat(81) }]) {
      const refused = await kit.call('POST', '/api/affiliates/links', { token: affiliate.token, payload: body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await links()).toBe(before);
    const badReport = await kit.call('GET', '/api/affiliates/reports?from=2026-12-01&to=2026-01-01', { token: affiliate.token });
    expect([badReport.statusCode, Object.keys(badReport.json().errors)]).toEqual([422, ['from']]);
    const empty = await kit.call('PATCH', '/api/affiliates/me', { token: affiliate.token, payload: {} });
    expect(empty.statusCode, empty.body).toBe(200);
    const patched = await kit.call('PATCH', '/api/affiliates/me', {
      token: affiliate.token,
      payload: { payout_details: 'BTC bc1qexampleaddress', payout_method: 'crypto' },
    });
    expect(patched.json().data).toMatchObject({ payout_method: 'crypto', payout_details: 'BTC bc1qexampleaddress' });
  });

  it('answers 401 to a player’s or a staff member’s token on every portal route', async () => {
    const kit = affiliateKit(t, '10.46');
    const staff = staffKit(t, '10.86');
    const admin = await staff.adminToken();
    const player = await kit.register(null);
    const open = new Set(['/api/affiliates/apply', '/api/affiliates/login', '/api/affiliates/login/link', '/api/affiliates/creatives/:id/image']);
    const routes = t.app.registeredRoutes.filter((route) => route.url.startsWith('/api/affiliates/') && route.method !== 'HEAD' && !open.has(route.url));
    expect(routes.length).toBe(17);
    // The API reference documents them as the portal's: its bearer token or its cookie.
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(document.paths['/api/affiliates/dashboard']?.get?.security).toEqual([{ bearer: [] }, { affiliateCookie: [] }]);
    expect(document.paths['/api/affiliates/apply']?.post?.security).toEqual([]);
    for (const route of routes) {
      const url = route.url.replace(':id', '1');
      for (const headers of [
        { authorization: `Bearer ${player.token}` },
        { authorization: `Bearer ${admin}` },
        { cookie: `token=${player.token}; staff_token=${admin}` },
      ]) {
        const response = await t.app.inject({ method: route.method as 'GET', url, headers, ...(route.method === 'GET' ? {} : { payload: {} }) });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    }
  });

  it('signs in with a TOTP code once 2FA is on, and locks the second factor after too many wrong codes across attempts', async () => {
    const kit = affiliateKit(t, '10.44');
    const staff = staffKit(t, '10.84');
    const affiliate = await kit.approvedAffiliate(await staff.adminToken());
    const setup = await kit.call('POST', '/api/affiliates/two-factor/setup', { token: affiliate.token });
    const secret = setup.json().data.secret as string;
    expect(setup.json().data.otpauth_url).toContain('otpauth://totp/');
    expect((await kit.call('POST', '/api/affiliates/two-factor/confirm', { token: affiliate.token, payload: { code: '000000' } })).statusCode).toBe(422);
    const confirmed = await kit.call('POST', '/api/affiliates/two-factor/confirm', { token: affiliate.token, payload: { code: await totpCode(secret) } });
    const recovery = confirmed.json().data.recovery_codes as string[];
    expect(recovery).toHaveLength(10);

    const credentials = { email: affiliate.email, password: AFFILIATE_PASSWORD };
    expect((await kit.call('POST', '/api/affiliates/login', { payload: credentials })).json()).toEqual({ two_factor: true });
    const withCode = await kit.call('POST', '/api/affiliates/login', { payload: { ...credentials, code: await totpCode(secret, 1) } });
    expect(withCode.statusCode, withCode.body).toBe(200);
    // A code is good once; a recovery code too.
    expect((await kit.call('POST', '/api/affiliates/login', { payload: { ...credentials, code: await totpCode(secret, 1) } })).statusCode).toBe(422);
    expect((await kit.call('POST', '/api/affiliates/login', { payload: { ...credentials, code: recovery[0] } })).statusCode).toBe(200);
    expect((await kit.call('POST', '/api/affiliates/login', { payload: { ...credentials, code: recovery[0] } })).statusCode).toBe(422);

    // 100 wrong codes over many sign-ins share one budget: after it is spent, even the right code is not checked.
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const response = await kit.call('POST', '/api/affiliates/login', { payload: { ...credentials, code: String(100_000 + i) } });
      statuses.push(response.statusCode);
    }
    // Two wrong codes were spent above (the reused TOTP code and recovery code).
    const wrong = statuses.filter((status) => status === 422).length;
    expect(wrong + 2).toBe(t.services.operators.secondFactor.policy.maxWrong);
    expect(statuses.slice(0, wrong).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(wrong).every((status) => status === 429)).toBe(true);
    const right = await kit.call('POST', '/api/affiliates/login', { payload: { ...credentials, code: await totpCode(secret) } });
    expect([right.statusCode, right.json().type]).toEqual([429, 'two_factor_locked']);
    const locks = await t.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `affiliate:${affiliate.id}`));
    expect(locks.filter((row) => row.action === 'affiliate.two_factor_locked')).toHaveLength(1);
  });

  it('signs in once through an operator’s one-time link', async () => {
    const kit = affiliateKit(t, '10.45');
    const staff = staffKit(t, '10.85');
    const admin = await staff.adminToken();
    const affiliate = await kit.approvedAffiliate(admin);
    const issued = await staff.call('POST', `/api/admin/affiliates/${affiliate.id}/sign-in-link`, { token: admin, payload: { reason: 'Lost their phone' } });
    expect(issued.statusCode, issued.body).toBe(200);
    const url = new URL(issued.json().data.url);
    expect(url.pathname).toBe('/affiliates/sign-in');
    const token = url.searchParams.get('affiliate_token')!;
    const first = await kit.call('POST', '/api/affiliates/login/link', { payload: { token } });
    expect(first.statusCode, first.body).toBe(200);
    expect((await kit.call('GET', '/api/affiliates/me', { token: first.json().token })).json().data.id).toBe(String(affiliate.id));
    const second = await kit.call('POST', '/api/affiliates/login/link', { payload: { token } });
    expect([second.statusCode, second.json().errors.token]).toEqual([422, ['This sign-in link is not valid or has expired.']]);
    // The link token is no session.
    expect((await kit.call('GET', '/api/affiliates/me', { token })).statusCode).toBe(401);
  });
});
