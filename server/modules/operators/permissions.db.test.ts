import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { uniqueEmail } from '../accounts/testing.ts';
import { can, type Permission, STAFF_ROLES, type StaffRole } from './permissions.ts';
import { OPERATOR_ENV, staffKit } from './testing.ts';

// Every operator route against every role (docs/decisions/0081-staff-roles-and-permissions.md). The table names
// each route's permission; a route missing from it fails the first test. Requests carry valid bodies and ids of
// nothing, so an allowed role gets past the guard (404 or a harmless answer) and a refused one gets the 403.
const t = useTestApp(OPERATOR_ENV);
const kit = staffKit(t, '10.73');
const NO_PLAYER = '999999999';
const NO_UUID = randomUUID();
const NO_EXPORT = '20260101-20260102-000000000000';
const NO_SLUG = 'no-such-offer';
const NO_JOB = 'no-such-job';

type Check = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; permission: Permission | 'admin' | 'staff'; payload?: () => unknown };
const ROUTES: Check[] = [
  { method: 'GET', url: '/api/admin/me', permission: 'staff' },
  { method: 'POST', url: '/api/admin/two-factor/setup', permission: 'staff' },
  { method: 'POST', url: '/api/admin/two-factor/confirm', permission: 'staff', payload: () => ({ code: '000000' }) },
  { method: 'GET', url: '/api/admin/staff', permission: 'staff.manage' },
  {
    method: 'POST',
    url: '/api/admin/staff',
    permission: 'staff.manage',
    payload: () => ({ email: uniqueEmail('staff'), password: 'a long staff secret', role: 'support' }),
  },
  { method: 'PATCH', url: `/api/admin/staff/${NO_PLAYER}`, permission: 'staff.manage', payload: () => ({ role: 'support', reason: 'Moved to support' }) },
  { method: 'POST', url: `/api/admin/staff/${NO_PLAYER}/reset-two-factor`, permission: 'staff.manage' },
  { method: 'POST', url: '/api/admin/staff/invitations', permission: 'staff.manage', payload: () => ({ email: uniqueEmail('invited'), role: 'support' }) },
  { method: 'POST', url: `/api/admin/staff/${NO_PLAYER}/reset-password`, permission: 'staff.manage', payload: () => ({ reason: 'Lost their password' }) },
  {
    method: 'POST',
    url: '/api/admin/me/password',
    permission: 'staff',
    payload: () => ({ current_password: 'not it at all', password: 'another long secret' }),
  },
  { method: 'GET', url: '/api/admin/audit', permission: 'audit.read' },
  { method: 'GET', url: '/api/admin/audit/verify', permission: 'audit.read' },
  { method: 'GET', url: '/api/admin/players', permission: 'players.read' },
  { method: 'GET', url: '/api/admin/players/search', permission: 'players.read' },
  { method: 'GET', url: '/api/admin/players/export', permission: 'players.read' },
  { method: 'GET', url: `/api/admin/players/${NO_PLAYER}`, permission: 'players.read' },
  { method: 'POST', url: `/api/admin/players/${NO_PLAYER}/block`, permission: 'players.block', payload: () => ({ reason: 'Chargeback' }) },
  { method: 'POST', url: `/api/admin/players/${NO_PLAYER}/unblock`, permission: 'players.block', payload: () => ({ reason: 'Chargeback withdrawn' }) },
  { method: 'POST', url: `/api/admin/players/${NO_PLAYER}/kyc`, permission: 'kyc.decide', payload: () => ({ status: 'verified' }) },
  { method: 'POST', url: `/api/admin/players/${NO_PLAYER}/notes`, permission: 'players.notes', payload: () => ({ body: 'a note' }) },
  {
    method: 'POST',
    url: `/api/admin/players/${NO_PLAYER}/adjustments`,
    permission: 'adjustments.request',
    payload: () => ({ amount: 100, reason: 'goodwill' }),
  },
  { method: 'GET', url: '/api/admin/adjustments', permission: 'adjustments.request' },
  { method: 'POST', url: `/api/admin/adjustments/${NO_UUID}/approve`, permission: 'adjustments.decide' },
  { method: 'POST', url: `/api/admin/adjustments/${NO_UUID}/reject`, permission: 'adjustments.decide' },
  { method: 'GET', url: '/api/admin/withdrawals', permission: 'withdrawals.read' },
  { method: 'POST', url: `/api/admin/withdrawals/${NO_UUID}/approve`, permission: 'withdrawals.decide' },
  {
    method: 'POST',
    url: `/api/admin/withdrawals/${NO_UUID}/reject`,
    permission: 'withdrawals.decide',
    payload: () => ({ reason: 'Card details do not match' }),
  },
  { method: 'GET', url: '/api/admin/payments', permission: 'payments.read' },
  { method: 'GET', url: `/api/admin/payments/deposits/${NO_UUID}`, permission: 'payments.read' },
  { method: 'GET', url: `/api/admin/payments/withdrawals/${NO_UUID}`, permission: 'payments.read' },
  { method: 'POST', url: `/api/admin/payments/deposits/${NO_UUID}/refund`, permission: 'payments.manage', payload: () => ({ reason: 'Player asked' }) },
  { method: 'POST', url: `/api/admin/payments/deposits/${NO_UUID}/chargeback`, permission: 'payments.manage', payload: () => ({ reason: 'Dispute lost' }) },
  { method: 'GET', url: '/api/admin/chain/deposits', permission: 'payments.read' },
  { method: 'GET', url: '/api/admin/chain/rates', permission: 'payments.read' },
  {
    method: 'PUT',
    url: '/api/admin/chain/rates',
    permission: 'payments.manage',
    payload: () => ({ token: 'TUSD', rate: '0.92', max_age_seconds: 3600, reason: 'Rate check' }),
  },
  { method: 'GET', url: '/api/admin/chain/withdrawals', permission: 'payments.read' },
  { method: 'GET', url: '/api/admin/chain/hot-wallet', permission: 'payments.read' },
  { method: 'POST', url: '/api/admin/chain/sweeps', permission: 'payments.manage', payload: () => ({ reason: 'Permission check' }) },
  { method: 'GET', url: `/api/admin/players/${NO_PLAYER}/sign-ins`, permission: 'players.read' },
  {
    method: 'PUT',
    url: `/api/admin/players/${NO_PLAYER}/duplicate`,
    permission: 'players.block',
    payload: () => ({ duplicate: true, reason: 'Permission check' }),
  },
  { method: 'POST', url: '/api/admin/messages', permission: 'messages.send', payload: () => ({ player_id: NO_PLAYER, subject: 'Hello', body: 'Hi' }) },
  {
    method: 'POST',
    url: '/api/admin/messages/segment',
    permission: 'messages.send',
    payload: () => ({ segment: 'country', country: 'ZZ', subject: 'Hi', body: 'Hi', reason: 'Country launch news' }),
  },
  { method: 'GET', url: '/api/admin/messages/segment/preview', permission: 'messages.send' },
  { method: 'GET', url: '/api/admin/settings', permission: 'settings.manage' },
  { method: 'PUT', url: '/api/admin/settings', permission: 'settings.manage', payload: () => ({ registration_activation_type: 'email' }) },
  { method: 'GET', url: '/api/admin/reports/dashboard', permission: 'reports.read' },
  { method: 'GET', url: '/api/admin/reports/games', permission: 'reports.read' },
  { method: 'GET', url: '/api/admin/reports/figures', permission: 'reports.read' },
  { method: 'GET', url: '/api/admin/reports/export', permission: 'reports.read' },
  { method: 'GET', url: '/api/admin/providers', permission: 'games.manage' },
  { method: 'POST', url: '/api/admin/providers/sync', permission: 'games.manage' },
  { method: 'PUT', url: `/api/admin/providers/games/${NO_SLUG}`, permission: 'games.manage', payload: () => ({ enabled: false }) },
  { method: 'GET', url: '/api/admin/providers/reconciliation', permission: 'reports.read' },
  { method: 'GET', url: '/api/admin/providers/reconciliation/export', permission: 'reports.read' },
  // Bonuses (decision 0090: marketing runs offers; reading a player's bonuses is reading the player).
  { method: 'GET', url: '/api/admin/bonuses', permission: 'bonuses.manage' },
  {
    method: 'POST',
    url: '/api/admin/bonuses',
    permission: 'bonuses.manage',
    payload: () => ({ slug: `perm-${randomUUID().slice(0, 8)}`, title: 'Permission check', type: 'no_deposit', max_bonus: 100, wagering_multiplier: 1 }),
  },
  { method: 'PUT', url: `/api/admin/bonuses/${NO_SLUG}`, permission: 'bonuses.manage', payload: () => ({ title: 'Renamed' }) },
  { method: 'POST', url: `/api/admin/players/${NO_PLAYER}/bonuses`, permission: 'bonuses.manage', payload: () => ({ slug: 'welcome-match' }) },
  { method: 'GET', url: `/api/admin/players/${NO_PLAYER}/bonuses`, permission: 'players.read' },
  // Promotions and static pages (issue 18): marketing's content.
  { method: 'GET', url: '/api/admin/promotions', permission: 'content.manage' },
  {
    method: 'POST',
    url: '/api/admin/promotions',
    permission: 'content.manage',
    payload: () => ({ slug: `perm-${randomUUID().slice(0, 8)}`, title: 'Permission check', summary: 'Check', body: 'Check' }),
  },
  { method: 'PUT', url: `/api/admin/promotions/${NO_PLAYER}`, permission: 'content.manage', payload: () => ({ title: 'Renamed' }) },
  { method: 'GET', url: '/api/admin/pages', permission: 'content.manage' },
  { method: 'GET', url: '/api/admin/pages/faq', permission: 'content.manage' },
  { method: 'PUT', url: '/api/admin/pages/faq', permission: 'content.manage', payload: () => ({ markdown: '# Permission check' }) },
  { method: 'DELETE', url: '/api/admin/pages/faq', permission: 'content.manage' },
  { method: 'POST', url: '/api/admin/pages/preview', permission: 'content.manage', payload: () => ({ markdown: '# Preview' }) },
  // Limits: compliance.
  { method: 'GET', url: `/api/admin/players/${NO_PLAYER}/limits`, permission: 'limits.manage' },
  {
    method: 'PUT',
    url: `/api/admin/players/${NO_PLAYER}/limits`,
    permission: 'limits.manage',
    payload: () => ({ type: 'deposit', period: 'day', amount: 1000 }),
  },
  { method: 'POST', url: `/api/admin/players/${NO_PLAYER}/time-out`, permission: 'limits.manage', payload: () => ({ days: 1 }) },
  { method: 'POST', url: `/api/admin/players/${NO_PLAYER}/self-exclusion`, permission: 'limits.manage', payload: () => ({ months: 6 }) },
  // Identity documents: compliance.
  { method: 'GET', url: '/api/admin/kyc/documents', permission: 'kyc.decide' },
  { method: 'GET', url: `/api/admin/kyc/documents/${NO_UUID}/file`, permission: 'kyc.decide' },
  { method: 'POST', url: `/api/admin/kyc/documents/${NO_UUID}/approve`, permission: 'kyc.decide' },
  { method: 'POST', url: `/api/admin/kyc/documents/${NO_UUID}/reject`, permission: 'kyc.decide', payload: () => ({ reason: 'The photo is blurred.' }) },
  { method: 'POST', url: `/api/admin/kyc/players/${NO_PLAYER}/erase`, permission: 'kyc.decide' },
  // Loyalty: marketing adjusts; reading is reading the player.
  { method: 'GET', url: `/api/admin/players/${NO_PLAYER}/loyalty`, permission: 'players.read' },
  { method: 'POST', url: `/api/admin/players/${NO_PLAYER}/loyalty`, permission: 'loyalty.manage', payload: () => ({ points: 10, reason: 'goodwill' }) },
  // Scheduled jobs: anyone who reads reports sees them and their runs; running one (it can pay cashback) is jobs.run, admin's.
  { method: 'GET', url: '/api/admin/jobs', permission: 'reports.read' },
  { method: 'GET', url: `/api/admin/jobs/${NO_JOB}/runs`, permission: 'reports.read' },
  // Jurisdiction profiles (decision 0120): read-only rules, seen by anyone who reads reports.
  { method: 'GET', url: '/api/admin/jurisdictions', permission: 'reports.read' },
  { method: 'POST', url: `/api/admin/jobs/${NO_JOB}/run`, permission: 'jobs.run', payload: () => ({ reason: 'Checking the permission' }) },
  // Operations (issue 18): games are admin's and marketing's, route rules sit with the settings, the outbox with support.
  { method: 'GET', url: '/api/admin/games', permission: 'games.manage' },
  { method: 'PUT', url: `/api/admin/games/${NO_SLUG}`, permission: 'games.manage', payload: () => ({ enabled: true }) },
  { method: 'GET', url: '/api/admin/route-rules', permission: 'settings.manage' },
  { method: 'POST', url: '/api/admin/route-rules', permission: 'settings.manage', payload: () => ({ source: '/', target: '/x', status: 302 }) },
  { method: 'PUT', url: `/api/admin/route-rules/${NO_PLAYER}`, permission: 'settings.manage', payload: () => ({ source: '/a-b', target: '/x', status: 302 }) },
  { method: 'DELETE', url: `/api/admin/route-rules/${NO_PLAYER}`, permission: 'settings.manage' },
  { method: 'GET', url: '/api/admin/outbox', permission: 'outbox.manage' },
  { method: 'POST', url: `/api/admin/outbox/${NO_PLAYER}/retry`, permission: 'outbox.manage' },
  // Affiliates (issue 31): marketing and finance read; marketing manages the programme; finance approves and pays.
  { method: 'GET', url: '/api/admin/affiliates', permission: 'affiliates.read' },
  { method: 'GET', url: `/api/admin/affiliates/${NO_PLAYER}`, permission: 'affiliates.read' },
  {
    method: 'POST',
    url: `/api/admin/affiliates/${NO_PLAYER}/status`,
    permission: 'affiliates.manage',
    payload: () => ({ status: 'approved', reason: 'Checking the permission' }),
  },
  {
    method: 'PUT',
    url: `/api/admin/affiliates/${NO_PLAYER}/plan`,
    permission: 'affiliates.manage',
    payload: () => ({ plan_id: null, reason: 'Checking the permission' }),
  },
  {
    method: 'POST',
    url: `/api/admin/affiliates/${NO_PLAYER}/sign-in-link`,
    permission: 'affiliates.manage',
    payload: () => ({ reason: 'Checking the permission' }),
  },
  { method: 'GET', url: `/api/admin/affiliates/${NO_PLAYER}/postbacks`, permission: 'affiliates.read' },
  { method: 'GET', url: '/api/admin/affiliate-plans', permission: 'affiliates.read' },
  {
    method: 'POST',
    url: '/api/admin/affiliate-plans',
    permission: 'affiliates.manage',
    payload: () => ({ name: 'Permission plan', type: 'cpa', cpa_amount: 100 }),
  },
  { method: 'PATCH', url: `/api/admin/affiliate-plans/${NO_PLAYER}`, permission: 'affiliates.manage', payload: () => ({ name: 'Renamed' }) },
  { method: 'GET', url: '/api/admin/affiliate-creatives', permission: 'affiliates.read' },
  { method: 'POST', url: '/api/admin/affiliate-creatives', permission: 'affiliates.manage', payload: () => ({ name: 'Banner' }) },
  {
    method: 'DELETE',
    url: `/api/admin/affiliate-creatives/${NO_PLAYER}`,
    permission: 'affiliates.manage',
    payload: () => ({ reason: 'Checking the permission' }),
  },
  { method: 'GET', url: '/api/admin/affiliate-statements', permission: 'affiliates.read' },
  {
    method: 'POST',
    url: `/api/admin/affiliate-statements/${NO_PLAYER}/approve`,
    permission: 'affiliates.pay',
    payload: () => ({ reason: 'Checking the permission' }),
  },
  {
    method: 'POST',
    url: `/api/admin/affiliate-statements/${NO_PLAYER}/corrections`,
    permission: 'affiliates.pay',
    payload: () => ({ amount: 100, reason: 'Checking the permission' }),
  },
  {
    method: 'POST',
    url: `/api/admin/affiliate-statements/${NO_PLAYER}/payout`,
    permission: 'affiliates.pay',
    payload: () => ({ reason: 'Checking the permission' }),
  },
  { method: 'GET', url: '/api/admin/affiliate-payouts', permission: 'affiliates.read' },
  {
    method: 'POST',
    url: `/api/admin/affiliate-payouts/${NO_PLAYER}/approve`,
    permission: 'affiliates.pay',
    payload: () => ({ reason: 'Checking the permission' }),
  },
  {
    method: 'PUT',
    url: `/api/admin/affiliate-attributions/${NO_PLAYER}/flags`,
    permission: 'affiliates.manage',
    payload: () => ({ test: true, reason: 'Checking the permission' }),
  },
  // Compliance (issue 33): compliance and admin read alerts, cases and thresholds, and decide on them.
  { method: 'GET', url: '/api/admin/compliance/summary', permission: 'compliance.read' },
  { method: 'GET', url: '/api/admin/compliance/alerts', permission: 'compliance.read' },
  { method: 'GET', url: `/api/admin/compliance/alerts/${NO_PLAYER}`, permission: 'compliance.read' },
  {
    method: 'POST',
    url: `/api/admin/compliance/alerts/${NO_PLAYER}/close`,
    permission: 'compliance.manage',
    payload: () => ({ resolution: 'Checking the permission' }),
  },
  { method: 'GET', url: '/api/admin/compliance/rules', permission: 'compliance.read' },
  {
    method: 'PUT',
    url: '/api/admin/compliance/rules/no-such-rule',
    permission: 'compliance.manage',
    payload: () => ({ values: { amount: 5 }, reason: 'Checking the permission' }),
  },
  { method: 'GET', url: '/api/admin/compliance/cases', permission: 'compliance.read' },
  {
    method: 'POST',
    url: '/api/admin/compliance/cases',
    permission: 'compliance.manage',
    payload: () => ({ title: 'Permission check', alert_ids: [NO_PLAYER] }),
  },
  { method: 'GET', url: `/api/admin/compliance/cases/${NO_PLAYER}`, permission: 'compliance.read' },
  { method: 'POST', url: `/api/admin/compliance/cases/${NO_PLAYER}/alerts`, permission: 'compliance.manage', payload: () => ({ alert_ids: [NO_PLAYER] }) },
  { method: 'POST', url: `/api/admin/compliance/cases/${NO_PLAYER}/assign`, permission: 'compliance.manage', payload: () => ({ assigned_to: null }) },
  { method: 'POST', url: `/api/admin/compliance/cases/${NO_PLAYER}/state`, permission: 'compliance.manage', payload: () => ({ state: 'investigating' }) },
  {
    method: 'POST',
    url: `/api/admin/compliance/cases/${NO_PLAYER}/notes`,
    permission: 'compliance.manage',
    payload: () => ({ body: 'Checking the permission' }),
  },
  {
    method: 'POST',
    url: `/api/admin/compliance/cases/${NO_PLAYER}/close`,
    permission: 'compliance.manage',
    payload: () => ({ outcome: 'no_action', note: 'Checking' }),
  },
  { method: 'POST', url: `/api/admin/compliance/cases/${NO_PLAYER}/confirm-close`, permission: 'compliance.manage' },
  { method: 'POST', url: `/api/admin/compliance/cases/${NO_PLAYER}/withdraw-close`, permission: 'compliance.manage' },
  { method: 'GET', url: `/api/admin/compliance/cases/${NO_PLAYER}/notes/${NO_PLAYER}/file`, permission: 'compliance.read' },
  { method: 'GET', url: `/api/admin/compliance/cases/${NO_PLAYER}/report`, permission: 'compliance.read' },
  { method: 'GET', url: `/api/admin/compliance/players/${NO_PLAYER}/interventions`, permission: 'compliance.read' },
  {
    method: 'POST',
    url: `/api/admin/compliance/players/${NO_PLAYER}/interventions`,
    permission: 'compliance.manage',
    payload: () => ({ kind: 'call', note: 'Checking the permission' }),
  },
  // Sanctions screening and the regulator's export (issue 33 §4, §8): compliance and admin.
  { method: 'GET', url: '/api/admin/screening/list', permission: 'screening.manage' },
  { method: 'GET', url: '/api/admin/screening/hits', permission: 'screening.manage' },
  {
    method: 'POST',
    url: `/api/admin/screening/hits/${NO_PLAYER}/false-positive`,
    permission: 'screening.manage',
    payload: () => ({ reason: 'Checking the permission' }),
  },
  { method: 'GET', url: '/api/admin/exports', permission: 'exports.run' },
  {
    method: 'POST',
    url: '/api/admin/exports',
    permission: 'exports.run',
    payload: () => ({ from: '2026-01-02', to: '2026-01-01', reason: 'Checking the permission' }),
  },
  { method: 'GET', url: `/api/admin/exports/${NO_EXPORT}/archive`, permission: 'exports.run' },
  { method: 'GET', url: `/api/admin/exports/${NO_EXPORT}/files/manifest.json`, permission: 'exports.run' },
];
/** Routes outside the matrix: signing in (public) and out (any staff session). */
// Sign-in and the one-time password links need no session (the link is the credential); sign-out needs one, any.
const PUBLIC = ['POST /api/admin/login', 'POST /api/admin/login/two-factor', 'GET /api/admin/password-links/{token}', 'POST /api/admin/password-links/{token}'];
const UNGUARDED = [...PUBLIC, 'POST /api/admin/logout'];

const tokens = {} as Record<StaffRole, string>;
beforeAll(async () => {
  for (const role of STAFF_ROLES) tokens[role] = (await kit.staff(role)).token;
});

describe('operator route permissions', () => {
  it('every /api/admin operation in the OpenAPI document is in the table, secured by an operator bearer token or the console’s cookie', async () => {
    const document = (await kit.call('GET', '/api/openapi.json')).json() as { paths: Record<string, Record<string, { security?: unknown }>> };
    const documented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })));
    const pattern = (check: Check) =>
      `${check.method} ${check.url.replace(NO_PLAYER, '{id}').replace(NO_UUID, '{id}').replace(NO_SLUG, '{slug}').replace(NO_JOB, '{name}').replace('/pages/faq', '/pages/{slug}').replace(`/notes/${NO_PLAYER}/`, '/notes/{noteId}/').replace('/rules/no-such-rule', '/rules/{rule}').replace(NO_EXPORT, '{id}').replace('/files/manifest.json', '/files/{name}')}`;
    const known = new Set([...ROUTES.map(pattern), ...UNGUARDED]);
    expect(documented.map(({ key }) => key).filter((key) => !known.has(key))).toEqual([]);
    for (const { key, operation } of documented) if (!PUBLIC.includes(key)) expect(operation.security, key).toEqual([{ bearer: [] }, { staffCookie: [] }]);
  });

  for (const role of STAFF_ROLES) {
    it(`${role}: each route answers 403 naming the permission exactly when the role lacks it`, async () => {
      for (const check of ROUTES) {
        const allowed = check.permission === 'staff' || (check.permission !== 'admin' && can(role, check.permission));
        const response = await kit.call(check.method, check.url, { token: tokens[role], payload: check.payload?.() });
        const label = `${role} ${check.method} ${check.url}`;
        if (allowed) expect([401, 403], `${label}: ${response.body}`).not.toContain(response.statusCode);
        else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json(), label).toEqual({ message: `You do not have the ${check.permission} permission.`, type: 'forbidden' });
        }
      }
    });
  }

  it('without a token every guarded route answers 401', async () => {
    for (const check of ROUTES) expect((await kit.call(check.method, check.url, { payload: check.payload?.() })).statusCode, check.url).toBe(401);
  });

  it('roles are what the issue names: support reads players and writes messages; compliance blocks and decides KYC; finance decides money; marketing runs bonuses; admin manages staff', () => {
    expect([can('support', 'players.read'), can('support', 'messages.send'), can('support', 'withdrawals.decide')]).toEqual([true, true, false]);
    expect([
      can('compliance', 'players.block'),
      can('compliance', 'kyc.decide'),
      can('compliance', 'limits.manage'),
      can('compliance', 'adjustments.request'),
    ]).toEqual([true, true, true, false]);
    expect([can('finance', 'withdrawals.decide'), can('finance', 'adjustments.decide'), can('finance', 'players.block')]).toEqual([true, true, false]);
    expect([can('marketing', 'bonuses.manage'), can('marketing', 'content.manage'), can('marketing', 'players.read')]).toEqual([true, true, false]);
    expect([can('admin', 'staff.manage'), can('admin', 'settings.manage'), can('support', 'staff.manage')]).toEqual([true, true, false]);
    expect([can('admin', 'games.manage'), can('marketing', 'games.manage'), can('support', 'games.manage')]).toEqual([true, true, false]);
    expect([can('admin', 'outbox.manage'), can('support', 'outbox.manage'), can('marketing', 'outbox.manage')]).toEqual([true, true, false]);
  });
});
