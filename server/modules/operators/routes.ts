import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operatorEndpoints } from '../../../contract/operators.ts';
import { clearStaffCookie, presentedStaffToken, setStaffCookie } from '../../http/auth.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { loginGuard } from '../../http/login-guard.ts';
import { limitRequests, MINUTES_15 } from '../../http/rate-limit.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { parseAnchor } from './audit-anchors.ts';
import { createFourEyes } from './four-eyes.ts';
import { moneyRoutes } from './money-routes.ts';
import { paymentRoutes } from './payment-routes.ts';
import { chainRoutes } from './chain-routes.ts';
import { opsRoutes } from './ops-routes.ts';
import { playerRoutes } from './player-routes.ts';
import { reportRoutes } from './report-routes.ts';
import { staffRoutes } from './staff-routes.ts';

const WRONG_CODE = 'The code is not valid, or was already used.';
/** Where a staff sign-in came from, for its audit row: the client's address as TRUST_PROXY resolves it, and its browser. */
const signInClient = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
/** Said before any code is checked, so it tells nothing about the code sent (decision 0099). */
const lockedMessage = (minutes: number) =>
  `Too many wrong codes were entered for this account, so its two-factor sign-in is locked and no code is checked. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}; an admin has been alerted.`;

/**
 * The operator API (docs/decisions/0013, 0080–0083): staff sign in with a password and a TOTP code; every route
 * names the permission it needs; every change is written to the hash-chained audit log in its own transaction.
 */
export async function operatorRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { operators } = services;
  const { audit, staff } = operators;
  // Every route registers from its endpoint object (contract/), which names its guard.
  const endpoints = endpointApp(fastify, { accounts: services.accounts, operators });
  const ipLimit = (name: string) =>
    limitRequests(fastify, services.config.rateLimitAllowlist, [
      { name, max: 30, windowMs: MINUTES_15, by: 'ip', message: 'Too many login attempts from your network.' },
    ]);

  // API clients without cookies spend the budget for unknown devices; the device cookie is theirs to keep and send.
  const attemptLogin = loginGuard(fastify, services.config, { name: 'admin-login', cookie: 'operator_device', path: '/api/admin/login' });
  route(
    endpoints,
    operatorEndpoints.login,
    async ({ request, reply, body: { email, password } }) => {
      const result = await attemptLogin(request, reply, email, () => operators.login(email, password, signInClient(request)));
      if (!result) throw invalid({ email: ['These credentials do not match our records.'] });
      if ('challenge' in result) return { two_factor: true as const, challenge: result.challenge };
      setStaffCookie(reply, result.token, new Date(result.expires_at));
      return { token: result.token, expires_at: result.expires_at };
    },
    { preHandler: ipLimit('admin-login-ip') },
  );

  route(
    endpoints,
    operatorEndpoints.twoFactor,
    async ({ request, reply, body }) => {
      const session = await operators.completeTwoFactor(body.challenge, body.code, signInClient(request));
      if (!session) throw invalid({ code: [WRONG_CODE] });
      if ('locked' in session) {
        const seconds = Math.max(1, Math.ceil(session.retryAfterMs / 1000));
        reply.header('retry-after', String(seconds));
        throw new Problem(429, lockedMessage(Math.ceil(seconds / 60)), { type: 'two_factor_locked' });
      }
      setStaffCookie(reply, session.token, new Date(session.expires_at));
      return { token: session.token, expires_at: session.expires_at };
    },
    { preHandler: ipLimit('admin-two-factor-ip') },
  );

  route(endpoints, operatorEndpoints.logout, async ({ request, reply }) => {
    await operators.logout(presentedStaffToken(request));
    clearStaffCookie(reply);
  });

  route(endpoints, operatorEndpoints.me, ({ staff: me }) => ({
    data: { id: String(me.id), email: me.email, role: me.role, permissions: [...me.permissions], two_factor: me.twoFactorEnabled, must_enrol: me.mustEnrol },
  }));

  // Enrolment: a new secret (shown as a QR code), then a code from the app confirms it and returns the recovery codes.
  route(endpoints, operatorEndpoints.twoFactorSetup, async ({ staff: me }) => {
    const started = await operators.startEnrolment(me.id);
    if (!started) throw new Problem(409, 'Two-factor sign-in is already set up. An admin can reset it.');
    return { data: started };
  });
  route(endpoints, operatorEndpoints.twoFactorConfirm, async ({ staff: me, body }) => {
    const outcome = await operators.confirmEnrolment(me.id, body.code);
    if (outcome === 'not_started') throw new Problem(409, 'Start the set-up first.');
    if (outcome === 'invalid') throw invalid({ code: [WRONG_CODE] });
    return { data: { recovery_codes: outcome } };
  });

  // Staff accounts (admins).
  route(endpoints, operatorEndpoints.staffList, async () => ({ data: await staff.list() }));
  route(endpoints, operatorEndpoints.staffCreate, async ({ staff: me, body }) => {
    const created = await staff.create(me.id, body);
    if (!created) throw invalid({ email: ['The email has already been taken.'] });
    return { data: created };
  });
  route(endpoints, operatorEndpoints.staffUpdate, async ({ staff: me, params, body }) => {
    const id = Number(params.id);
    if (id === me.id) throw new Problem(403, 'You cannot change your own role or disable yourself.', { type: 'forbidden' });
    const { reason, ...change } = body;
    if (change.role === undefined && change.disabled === undefined) throw invalid({ role: ['Choose a role, or whether the account is disabled.'] });
    const updated = await staff.update(me.id, id, change, reason);
    if (!updated) throw new Problem(404, 'No staff member with that id.');
    return { data: updated };
  });
  route(endpoints, operatorEndpoints.staffResetTwoFactor, async ({ staff: me, params }) => {
    const updated = await staff.resetTwoFactor(me.id, Number(params.id));
    if (!updated) throw new Problem(404, 'No staff member with that id.');
    return { data: updated };
  });

  // The audit log and its verification.
  route(endpoints, operatorEndpoints.audit, async ({ query: q }) => {
    const date = (value: string | undefined, field: string, endOfDay = false) => {
      if (!value) return undefined;
      const parsed = new Date(value.length === 10 ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z` : value);
      if (Number.isNaN(parsed.getTime())) throw invalid({ [field]: [`The ${field} field must be a valid date.`] });
      return parsed;
    };
    return audit.list(
      {
        playerId: q.player_id ? Number(q.player_id) : undefined,
        staffId: q.staff_id ? Number(q.staff_id) : undefined,
        action: q.action || undefined,
        from: date(q.from, 'from'),
        to: date(q.to, 'to', true),
      },
      { page: Number(q.page ?? 1), perPage: Number(q.per_page ?? 50) },
    );
  });
  route(endpoints, operatorEndpoints.auditVerify, async ({ query }) => {
    const asked = query.anchor ? parseAnchor(query.anchor) : null;
    return { data: await audit.verify([...services.auditAnchors.read(), ...(asked ? [asked] : [])]) };
  });

  const fourEyes = createFourEyes({
    db: services.database.db,
    ledger: services.ledger,
    payments: services.payments,
    audit,
    currency: services.config.defaultCurrency,
    threshold: services.config.fourEyesThreshold,
    playerExists: services.accounts.playerExists,
  });
  await moneyRoutes(endpoints, { services, fourEyes });
  await paymentRoutes(endpoints, { services });
  await chainRoutes(endpoints, { services });
  await playerRoutes(endpoints, { services, fourEyes });
  await reportRoutes(endpoints, { services, fourEyes });
  await opsRoutes(endpoints, { services });
  await staffRoutes(endpoints, { services });
}
