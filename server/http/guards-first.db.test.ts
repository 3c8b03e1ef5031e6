// Who is asking comes before what they sent (server/http/guards-first.ts): walks every registered API route with input
// that fails its schema, first anonymously, then as staff of each role, then as a player who has not activated, and
// expects the guard's answer (401, 403) wherever a guard stands, never the schema's 422. Routes added later are walked
// without anyone adding them here; a new route open to anonymous callers must be named in PUBLIC below.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, permissionsOf, type Permission } from '../modules/operators/permissions.ts';
import { OPERATOR_ENV, staffKit } from '../modules/operators/testing.ts';
import { paymentsKit } from '../modules/payments/testing.ts';
import { useTestApp } from '../test-app.ts';

const t = useTestApp({ ...OPERATOR_ENV, RATE_LIMIT_ALLOWLIST: '127.0.0.1' });
const kit = staffKit(t);

/** The API routes anyone may call: signing in and up, the public catalogue, and demo play (a guest's own session). */
const PUBLIC = new Set([
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/js/scalar.js',
  'GET /api/health',
  'GET /api/ready',
  'GET /api/settings/get',
  'POST /api/register',
  'POST /api/login',
  'POST /api/logout',
  'POST /api/player/email/confirm',
  'POST /api/password/create',
  'GET /api/password/find/:token',
  'POST /api/password/reset',
  'POST /api/activate',
  'POST /api/magic-link',
  'POST /api/magic-link/consume',
  'POST /api/admin/login',
  'POST /api/admin/login/two-factor',
  // A staff member's one-time password link: the link is the credential (decision 0106).
  'GET /api/admin/password-links/:token',
  'POST /api/admin/password-links/:token',
  'GET /api/playing-now',
  'GET /api/payments/methods',
  'GET /api/games',
  'GET /api/games/:slug',
  'GET /api/fairness',
  'PUT /api/fairness/client-seed',
  'POST /api/fairness/rotate',
  'POST /api/games/:slug/rounds',
  'POST /api/games/:slug/rounds/:roundId/actions',
  // An aggregator's game: its demo is for guests too (real money asks the player guard in the handler).
  'POST /api/games/:slug/launch',
  'GET /api/demo/wallet',
  'POST /api/demo/wallet/reset',
  'GET /api/bonuses',
  'GET /api/bonuses/:slug',
  'GET /api/crash',
  'GET /api/crash/games/:id',
  // The affiliate programme (decision 0107): applying and signing in; banners are embedded on affiliates' own sites.
  'POST /api/affiliates/apply',
  'POST /api/affiliates/login',
  'POST /api/affiliates/login/link',
  'GET /api/affiliates/creatives/:id/image',
]);

/** Every way a request can fail its schema at once: a bad path parameter, query and body, and a NUL for the input guard. */
const junkPath = (url: string) => `${url.replace(/:[A-Za-z_]+/g, 'not%00valid').replace(/\*$/, 'x')}?page=-1&from=yesterday&q=%00`;
const JUNK_BODY = { email: 'not an e-mail\u0000', amount: 'lots', [`x${'\u0000'}`]: [{ deep: true }] };

const apiRoutes = () =>
  t.app.registeredRoutes.filter(
    (route) => route.method !== 'HEAD' && (route.url.startsWith('/api/') || route.url.startsWith('/broadcasting/')) && route.url !== '/api/*',
  );

async function ask(route: { method: string; url: string }, authorization?: string) {
  const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
  return t.app.inject({
    method: route.method as 'GET',
    url: junkPath(route.url),
    headers: { 'idempotency-key': randomUUID(), ...(authorization ? { authorization } : {}) },
    ...(takesBody ? { payload: JUNK_BODY } : {}),
  });
}

describe('guards before validation', () => {
  it('answers 401 without credentials on every route that is not public, never a 422 describing the schema', async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const answers: string[] = [];
    const open: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const response = await ask(route);
      if (PUBLIC.has(key)) {
        open.push(key);
        continue;
      }
      if (response.statusCode !== 401) answers.push(`${key} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      // Only the generic sign-in message: nothing of the route's fields.
      else expect(Object.keys(response.json())).toEqual(['message']);
    }
    expect(answers).toEqual([]);
    // Every public route still exists (a renamed one must leave this list too).
    expect(open.sort()).toEqual([...PUBLIC].sort());
  }, 120_000);

  it('answers a staff member without the route’s permission 403 before looking at the input', async () => {
    const routes = apiRoutes().filter((route) => route.url.startsWith('/api/admin'));
    const guarded = routes.filter((route) => route.permission !== undefined);
    // Every operator route but signing in and the session's own (/me, sign-out, enrolment) names its permission.
    expect(guarded.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    let refused = 0;
    for (const role of STAFF_ROLES.filter((name) => name !== 'admin')) {
      const { token } = await kit.staff(role);
      for (const route of guarded) {
        if (permissionsOf(role).includes(route.permission as Permission)) continue;
        const response = await ask(route, `Bearer ${token}`);
        refused++;
        const expected = `You do not have the ${route.permission} permission.`;
        if (response.statusCode !== 403 || response.json().message !== expected)
          wrong.push(`${role}: ${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(refused).toBeGreaterThan(150);
    expect(wrong).toEqual([]);
  }, 120_000);

  it('answers a player who has not activated 403 on routes for active players, before the input', async () => {
    const { token } = await paymentsKit(t).player({ active: false });
    const active = apiRoutes().filter((route) => route.guards.includes('activePlayer'));
    expect(active.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const route of active) {
      const response = await ask(route, `Bearer ${token}`);
      if (response.statusCode !== 403 || response.json().type !== 'inactive')
        wrong.push(`${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
