// Test support for the affiliate programme: an approved affiliate with a plan and a link, signed in over HTTP;
// players who arrive through the link and register; waiting for the after-commit attribution and deposit tracking.
import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { TestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { STRONG_PASSWORD, uniqueEmail, validRegistration } from '../accounts/testing.ts';
import { affiliateAttributions } from './schema.ts';

export const AFFILIATE_PASSWORD = 'Partner#Links42';

export const applicationOf = (overrides: Record<string, unknown> = {}) => ({
  kind: 'company',
  name: 'Acme Media Ltd',
  contact_name: 'Ann Smith',
  email: uniqueEmail('affiliate'),
  password: AFFILIATE_PASSWORD,
  country: 'GB',
  website: 'https://acme.example',
  payout_method: 'bank_transfer',
  payout_details: 'IBAN GB00 TEST 0000 0000 0000 00',
  terms: true,
  ...overrides,
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function affiliateKit(t: TestApp, ipPrefix = '10.31') {
  let lastIp = 0;
  function call(
    method: Method,
    url: string,
    { token, cookie, payload, headers = {} }: { token?: string; cookie?: string; payload?: unknown; headers?: Record<string, string> } = {},
  ) {
    lastIp += 1;
    return t.app.inject({
      method,
      url,
      remoteAddress: `${ipPrefix}.${Math.floor(lastIp / 250) % 250}.${(lastIp % 250) + 1}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(cookie ? { cookie } : {}), ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  }

  /** Applies, and an admin approves and assigns a new plan of `plan`; answers the affiliate's token and ids. */
  async function approvedAffiliate(
    adminToken: string,
    plan: Record<string, unknown> = { type: 'cpa', cpa_amount: 5_000, cpa_min_deposit: 2_000, cpa_window_days: 30 },
  ) {
    const application = applicationOf();
    const applied = await call('POST', '/api/affiliates/apply', { payload: application });
    expect(applied.statusCode, applied.body).toBe(201);
    const id = applied.json().data.id as string;
    const approved = await call('POST', `/api/admin/affiliates/${id}/status`, {
      token: adminToken,
      payload: { status: 'approved', reason: 'Checked the website' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const created = await call('POST', '/api/admin/affiliate-plans', { token: adminToken, payload: { name: `Plan ${id}`, ...plan } });
    expect(created.statusCode, created.body).toBe(201);
    const planId = created.json().data.id as string;
    const assigned = await call('PUT', `/api/admin/affiliates/${id}/plan`, { token: adminToken, payload: { plan_id: planId, reason: 'Standard deal' } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const login = await call('POST', '/api/affiliates/login', { payload: { email: application.email, password: AFFILIATE_PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    return { id: Number(id), email: application.email, token: login.json().token as string, planId: Number(planId) };
  }

  async function link(token: string, body: Record<string, unknown> = {}) {
    const made = await call('POST', '/api/affiliates/links', { token, payload: body });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data as { id: string; token: string; url: string; sub: string | null };
  }

  /** A visit to `/?token=…` as the site's root middleware records it: the ma_token value it keeps. */
  async function click(
    token: string,
    {
      sub = null,
      ip = '203.0.113.7',
      userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
    }: { sub?: string | null; ip?: string; userAgent?: string } = {},
  ) {
    return t.services.site.recordAffiliateClick({ token, sub, userAgent, ip });
  }

  /** A player registers carrying `maToken`, is activated and signed in; answers once attribution has had its turn. */
  async function register(maToken: string | null, email = uniqueEmail('player')) {
    const registered = await call('POST', '/api/register', { payload: validRegistration({ email, ma_token: maToken }) });
    expect(registered.statusCode, registered.body).toBe(201);
    const id = Number(registered.json().data.id);
    await t.services.database.db.update(players).set({ active: true }).where(eq(players.id, id));
    const login = await call('POST', '/api/login', { payload: { email, password: STRONG_PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    return { id, email, token: login.json().token as string };
  }

  async function attribution(playerId: number) {
    const [row] = await t.services.database.db.select().from(affiliateAttributions).where(eq(affiliateAttributions.playerId, playerId));
    return row ?? null;
  }

  /** Waits until `check` holds (attribution and deposit tracking run after commit). */
  const eventually = (check: () => Promise<unknown>) => vi.waitFor(async () => expect(await check()).toBeTruthy(), { timeout: 5_000, interval: 20 });

  return { call, approvedAffiliate, link, click, register, attribution, eventually };
}
