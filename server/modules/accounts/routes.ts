import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountEndpoints as endpoints, REGISTRATION_FIELDS } from '../../../contract/accounts.ts';
import { clearTokenCookie, presentedToken, setTokenCookie } from '../../http/auth.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { markPrecognitive, precognitionRequest, precognitionSucceeded, varyOnPrecognition } from '../../http/precognition.ts';
import { checkOnReservation } from '../../http/attempt-budget.ts';
import { loginGuard } from '../../http/login-guard.ts';
import { bodyEmail, limitRequests, MINUTES_15, reserveAttempts, type Limit } from '../../http/rate-limit.ts';
import { hasErrors, invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import type { LoginResult } from './core.ts';
import type { AuthenticatedPlayer } from './service.ts';
import { signInClient } from '../signins/device-id.ts';

const sameAnswer = { message: 'If that e-mail address belongs to an account, we have sent it a link.' } as const;

/** E-mail addresses one network may check for an account in 15 minutes (the wizard checks once per address typed). */
export const REGISTRATION_EMAIL_CHECKS = 30;

export async function accountRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { accounts } = services;
  const app = endpointApp(fastify, { accounts });
  const allow = services.config.rateLimitAllowlist;
  const limit = (limits: Limit[]) => limitRequests(fastify, allow, limits);
  const playerKey = (request: FastifyRequest) => (request.player ? String(request.player.id) : undefined);
  /** A request that e-mails a link (a password reset, a sign-in link): limited per network and per address. */
  const emailedLinkLimits = (name: string, what: string) =>
    limit([
      { name: `${name}-ip`, max: 20, windowMs: MINUTES_15, by: 'ip', message: `Too many ${what} requests from your network.` },
      { name: `${name}-email`, max: 3, windowMs: MINUTES_15, by: bodyEmail, message: `Too many ${what} requests for this e-mail address.` },
    ]);
  /**
   * Records a sign-in (its history, the device cookie and linked accounts: issue 33 §1, decision 0112) and sets the
   * session cookie; answers the sign-in's result.
   */
  const afterSignIn = async <T extends LoginResult>(request: FastifyRequest, reply: FastifyReply, result: T, method: 'password' | 'magic-link') => {
    await services.signins.recordSignIn({ ...signInClient(request, reply), playerId: result.playerId, tokenId: result.tokenId, method, at: new Date() });
    setTokenCookie(reply, result.token, new Date(result.expires_at));
    return result;
  };

  // --- registration (with Precognition dry runs) -------------------------------------------------
  const isDryRun = (request: FastifyRequest) => precognitionRequest(request) !== null;
  const isRealRun = (request: FastifyRequest) => !isDryRun(request);
  // A dry run that checks an e-mail tells whether it has an account ("The email has already been taken."), as
  // Laravel's unique rule does and the spec's wizard needs; such answers get a budget of their own, a tenth of the
  // other dry runs' (docs/decisions/0012-abuse-limits.md).
  const checksEmail = (request: FastifyRequest) => {
    const fields = precognitionRequest(request)?.fields;
    return isDryRun(request) && (fields === undefined || fields.includes('email')) && bodyEmail(request) !== undefined;
  };
  route(
    app,
    endpoints.register,
    async ({ request, reply, body }) => {
      const dryRun = precognitionRequest(request);
      if (dryRun) {
        markPrecognitive(reply);
        const asked = (dryRun.fields ?? REGISTRATION_FIELDS).filter((field) => (REGISTRATION_FIELDS as readonly string[]).includes(field));
        // Step 3 sends the composed phone with phoneNumber: the phone rule runs with it and reports on
        // phoneNumber, because Laravel (and laravel-precognition, which clears only what it sent) never
        // answers for a field it was not asked about (docs/decisions/0085).
        const phoneOnNumber = asked.includes('phoneNumber') && body.phone !== undefined && !asked.includes('phone');
        const { errors } = await accounts.validateRegistration(body, phoneOnNumber ? [...asked, 'phone'] : asked);
        if (phoneOnNumber && errors.phone) {
          errors.phoneNumber = [...new Set([...(errors.phoneNumber ?? []), ...errors.phone])];
          delete errors.phone;
        }
        if (hasErrors(errors)) throw invalid(errors);
        return precognitionSucceeded(reply);
      }
      const { player, activationType } = await accounts.register(body, { ip: request.ip });
      const message =
        activationType === 'email'
          ? 'Your account has been created. Please check your e-mail to activate it.'
          : 'Your account has been created. Please enter the code we sent to your phone to activate it.';
      return { message, activation_type: activationType, data: player };
    },
    {
      onSend: varyOnPrecognition,
      preHandler: limit([
        { name: 'register-ip', max: 20, windowMs: MINUTES_15, by: 'ip', when: isRealRun, message: 'Too many registrations from your network.' },
        { name: 'register-check-ip', max: 300, windowMs: MINUTES_15, by: 'ip', when: isDryRun, message: 'Too many requests.' },
        {
          name: 'register-email-check-ip',
          max: REGISTRATION_EMAIL_CHECKS,
          windowMs: MINUTES_15,
          by: 'ip',
          when: checksEmail,
          message: 'Too many e-mail address checks from your network.',
        },
        { name: 'register-email', max: 5, windowMs: MINUTES_15, by: bodyEmail, when: isRealRun, message: 'Too many registrations for this e-mail address.' },
      ]),
    },
  );

  // --- login and logout ----------------------------------------------------------------------------
  const attemptLogin = loginGuard(fastify, services.config, { name: 'login', cookie: 'device', path: '/api/login' });
  route(
    app,
    endpoints.login,
    async ({ request, reply, body: { email, password } }) => {
      const result = await attemptLogin(request, reply, email, () => accounts.login(email, password));
      if (!result) throw invalid({ email: ['These credentials do not match our records.'] });
      return afterSignIn(request, reply, result, 'password');
    },
    { preHandler: limit([{ name: 'login-ip', max: 100, windowMs: MINUTES_15, by: 'ip', message: 'Too many login attempts from your network.' }]) },
  );

  route(app, endpoints.logout, async ({ request, reply }) => {
    await accounts.logout(presentedToken(request));
    clearTokenCookie(reply);
  });

  // --- the player ----------------------------------------------------------------------------------
  route(app, endpoints.player, ({ player }) => accounts.playerProfile(player.id));

  route(app, endpoints.updateProfile, ({ player, body }) => accounts.updateProfile(player.id, body));

  const currentPasswordBudget = reserveAttempts(fastify, {
    name: 'current-password-failures',
    max: 5,
    windowMs: MINUTES_15,
    message: 'Too many wrong passwords.',
  });
  /** Runs a check of the signed-in player's current password on their budget of wrong ones. */
  const withCurrentPassword = async <T>(request: FastifyRequest, reply: FastifyReply, player: AuthenticatedPlayer, check: () => Promise<T | false>) =>
    checkOnReservation(await currentPasswordBudget(request, reply, String(player.id)), check);

  route(app, endpoints.changePassword, async ({ request, reply, player, body }) => {
    const changed = await withCurrentPassword(request, reply, player, () => accounts.changePassword(player, body));
    if (!changed) throw invalid({ current_password: ['The password is incorrect.'] });
    return { message: 'Your password has been changed. Your other sessions were signed out.', status: 'password-changed' };
  });

  route(app, endpoints.changeEmail, async ({ request, reply, player, body }) => {
    const changed = await withCurrentPassword(request, reply, player, () => accounts.requestEmailChange(player, body));
    if (!changed) throw invalid({ password: ['The password is incorrect.'] });
    return changed;
  });

  route(app, endpoints.confirmEmail, ({ body }) => accounts.confirmEmailChange(body.token), {
    preHandler: limit([{ name: 'email-confirm-ip', max: 30, windowMs: MINUTES_15, by: 'ip', message: 'Too many attempts.' }]),
  });

  // --- password reset (SPEC.md §7) -----------------------------------------------------------------
  route(
    app,
    endpoints.requestPasswordReset,
    async ({ body }) => {
      await accounts.requestPasswordReset(body.email);
      return { ...sameAnswer, status: 'passwords.sent' };
    },
    { preHandler: emailedLinkLimits('password-create', 'password reset') },
  );

  route(
    app,
    endpoints.findPasswordReset,
    async ({ params }) => {
      const email = await accounts.findPasswordReset(params.token);
      if (!email) throw new Problem(404, 'This password reset token is invalid or has expired.');
      return { email };
    },
    { preHandler: limit([{ name: 'password-find-ip', max: 60, windowMs: MINUTES_15, by: 'ip', message: 'Too many attempts.' }]) },
  );

  route(
    app,
    endpoints.resetPassword,
    async ({ body }) => {
      await accounts.resetPassword(body);
      return { message: 'Your password has been reset. Please log in with your new password.', status: 'passwords.reset' };
    },
    {
      preHandler: limit([
        { name: 'password-reset-ip', max: 20, windowMs: MINUTES_15, by: 'ip', message: 'Too many password reset attempts from your network.' },
      ]),
    },
  );

  // --- activation ----------------------------------------------------------------------------------
  route(app, endpoints.activate, ({ body }) => accounts.activateByLink(body.activate_token), {
    preHandler: limit([{ name: 'activate-ip', max: 30, windowMs: MINUTES_15, by: 'ip', message: 'Too many activation attempts.' }]),
  });

  route(app, endpoints.smsActivation, ({ player, body }) => accounts.activateBySms(player, body.code), {
    preHandler: limit([
      { name: 'sms-activation-ip', max: 30, windowMs: MINUTES_15, by: 'ip', message: 'Too many activation attempts from your network.' },
      { name: 'sms-activation-player', max: 10, windowMs: MINUTES_15, by: playerKey, message: 'Too many activation attempts.' },
    ]),
  });

  route(app, endpoints.resendActivation, ({ player }) => accounts.resendActivation(player), {
    preHandler: limit([
      { name: 'resend-ip', max: 10, windowMs: MINUTES_15, by: 'ip', message: 'Too many requests for a new activation from your network.' },
      { name: 'resend-player', max: 3, windowMs: MINUTES_15, by: playerKey, message: 'Too many requests for a new activation.' },
    ]),
  });

  // --- magic link ----------------------------------------------------------------------------------
  route(
    app,
    endpoints.magicLink,
    async ({ body }) => {
      await accounts.requestMagicLink(body.email, body.redirect);
      return { ...sameAnswer, status: 'magic-link.sent' };
    },
    { preHandler: emailedLinkLimits('magic-link', 'sign-in link') },
  );

  route(
    app,
    endpoints.consumeMagicLink,
    async ({ request, reply, body }) => afterSignIn(request, reply, await accounts.consumeMagicLink(body.token), 'magic-link'),
    { preHandler: limit([{ name: 'magic-link-consume-ip', max: 30, windowMs: MINUTES_15, by: 'ip', message: 'Too many sign-in attempts.' }]) },
  );
}
