import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REGISTRATION_FIELDS } from '../../../contract/accounts.ts';
import { clearTokenCookie, presentedToken, setTokenCookie } from '../../http/auth.ts';
import { playerGuards } from '../../http/player-guards.ts';
import { markPrecognitive, precognitionRequest, precognitionSucceeded, varyOnPrecognition } from '../../http/precognition.ts';
import { checkOnReservation } from '../../http/attempt-budget.ts';
import { loginGuard } from '../../http/login-guard.ts';
import { bodyEmail, limitRequests, MINUTES_15, reserveAttempts, type Limit } from '../../http/rate-limit.ts';
import { hasErrors, invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

// Input bounds: anything longer is refused with a 422 before any work is done.
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const nullableText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
const PASSWORD = text(1024);
const EMAIL = text(254);
const SECRET = text(200);

const registrationProperties = {
  email: EMAIL,
  password: PASSWORD,
  name: text(100),
  surname: text(100),
  birthdate: text(10),
  gender: text(20),
  country: text(2),
  city: text(100),
  address1: text(200),
  postcode: text(12),
  phonePrefix: nullableText(5),
  phoneNumber: text(20),
  phone: text(20),
  newsletter: { type: 'boolean' },
  agreement: { type: 'boolean' },
  ma_token: nullableText(100),
  promo: nullableText(64),
  referrer: nullableText(36),
} as const;

const profileProperties = {
  name: registrationProperties.name,
  surname: registrationProperties.surname,
  birthdate: registrationProperties.birthdate,
  gender: registrationProperties.gender,
  country: registrationProperties.country,
  city: registrationProperties.city,
  address1: registrationProperties.address1,
  postcode: registrationProperties.postcode,
  phone: registrationProperties.phone,
  newsletter: registrationProperties.newsletter,
} as const;

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required }) as const;

const playerSchema = {
  type: 'object',
  required: ['id', 'uuid', 'email', 'pending_email', 'active', 'blocked', 'kyc_status'],
  properties: {
    id: { type: 'string' },
    uuid: { type: 'string' },
    email: { type: 'string' },
    pending_email: { type: ['string', 'null'] },
    active: { type: 'boolean' },
    blocked: { type: 'boolean' },
    name: { type: 'string' },
    surname: { type: 'string' },
    birthdate: { type: 'string' },
    gender: { type: 'string' },
    country: { type: 'string' },
    city: { type: 'string' },
    address1: { type: 'string' },
    postcode: { type: 'string' },
    phone: { type: 'string' },
    newsletter: { type: 'boolean' },
    kyc_status: { type: 'string' },
    created_at: { type: 'string' },
  },
} as const;

const loginResponse = {
  type: 'object',
  required: ['token', 'expires_at', 'active'],
  properties: { token: { type: 'string' }, expires_at: { type: 'string' }, active: { type: 'boolean' } },
} as const;
const messageResponse = { type: 'object', required: ['message', 'status'], properties: { message: { type: 'string' }, status: { type: 'string' } } } as const;

const sameAnswer = { message: 'If that e-mail address belongs to an account, we have sent it a link.' } as const;

export async function accountRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { accounts } = services;
  const allow = services.config.rateLimitAllowlist;
  const limit = (limits: Limit[]) => limitRequests(app, allow, limits);
  const playerKey = (request: FastifyRequest) => (request.player ? String(request.player.id) : undefined);
  const { signedIn, notBlocked, activePlayer } = playerGuards(app, accounts);

  // --- registration (with Precognition dry runs) -------------------------------------------------
  const isDryRun = (request: FastifyRequest) => precognitionRequest(request) !== null;
  const isRealRun = (request: FastifyRequest) => !isDryRun(request);
  app.post(
    '/api/register',
    {
      schema: { body: object(registrationProperties) },
      onSend: varyOnPrecognition,
      preHandler: limit([
        { name: 'register-ip', max: 20, windowMs: MINUTES_15, by: 'ip', when: isRealRun, message: 'Too many registrations from your network.' },
        { name: 'register-check-ip', max: 300, windowMs: MINUTES_15, by: 'ip', when: isDryRun, message: 'Too many requests.' },
        { name: 'register-email', max: 5, windowMs: MINUTES_15, by: bodyEmail, when: isRealRun, message: 'Too many registrations for this e-mail address.' },
      ]),
    },
    async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      const dryRun = precognitionRequest(request);
      if (dryRun) {
        markPrecognitive(reply);
        const fields = (dryRun.fields ?? REGISTRATION_FIELDS).filter((field) => (REGISTRATION_FIELDS as readonly string[]).includes(field));
        // Step 3 sends the composed phone with phoneNumber: check it with it.
        if (fields.includes('phoneNumber') && body.phone !== undefined && !fields.includes('phone')) fields.push('phone');
        const { errors } = await accounts.validateRegistration(body, fields);
        if (hasErrors(errors)) throw invalid(errors);
        return precognitionSucceeded(reply);
      }
      const { player, activationType } = await accounts.register(body, { ip: request.ip });
      const message =
        activationType === 'email'
          ? 'Your account has been created. Please check your e-mail to activate it.'
          : 'Your account has been created. Please enter the code we sent to your phone to activate it.';
      return reply.code(201).send({ message, activation_type: activationType, data: player });
    },
  );

  // --- login and logout ----------------------------------------------------------------------------
  const attemptLogin = loginGuard(app, services.config, { name: 'login', cookie: 'device', path: '/api/login' });
  app.post(
    '/api/login',
    {
      schema: { body: object({ email: EMAIL, password: PASSWORD }, ['email', 'password']), response: { 200: loginResponse } },
      preHandler: limit([{ name: 'login-ip', max: 100, windowMs: MINUTES_15, by: 'ip', message: 'Too many login attempts from your network.' }]),
    },
    async (request, reply) => {
      const { email, password } = request.body as { email: string; password: string };
      const result = await attemptLogin(request, reply, email, () => accounts.login(email, password));
      if (!result) throw invalid({ email: ['These credentials do not match our records.'] });
      setTokenCookie(reply, result.token, new Date(result.expires_at));
      return result;
    },
  );

  app.post('/api/logout', async (request, reply) => {
    await accounts.logout(presentedToken(request));
    clearTokenCookie(reply);
    return reply.code(204).send();
  });

  // --- the player ----------------------------------------------------------------------------------
  app.get('/api/player', { preHandler: signedIn, schema: { response: { 200: playerSchema } } }, async (request) => accounts.playerProfile(request.player!.id));

  app.patch('/api/player', { preHandler: activePlayer, schema: { body: object(profileProperties), response: { 200: playerSchema } } }, async (request) =>
    accounts.updateProfile(request.player!.id, request.body as Record<string, unknown>),
  );

  const currentPasswordBudget = reserveAttempts(app, { name: 'current-password-failures', max: 5, windowMs: MINUTES_15, message: 'Too many wrong passwords.' });
  /** Runs a check of the signed-in player's current password on their budget of wrong ones. */
  const withCurrentPassword = async <T>(request: FastifyRequest, reply: FastifyReply, check: () => Promise<T | false>) =>
    checkOnReservation(await currentPasswordBudget(request, reply, String(request.player!.id)), check);
  app.post(
    '/api/player/password',
    {
      preHandler: activePlayer,
      schema: {
        body: object({ current_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD }, [
          'current_password',
          'password',
          'password_confirmation',
        ]),
        response: { 200: messageResponse },
      },
    },
    async (request, reply) => {
      const input = request.body as { current_password: string; password: string; password_confirmation: string };
      const changed = await withCurrentPassword(request, reply, () => accounts.changePassword(request.player!, input));
      if (!changed) throw invalid({ current_password: ['The password is incorrect.'] });
      return { message: 'Your password has been changed. Your other sessions were signed out.', status: 'password-changed' };
    },
  );

  app.post(
    '/api/player/email',
    { preHandler: activePlayer, schema: { body: object({ email: EMAIL, password: PASSWORD }, ['email', 'password']), response: { 200: playerSchema } } },
    async (request, reply) => {
      const input = request.body as { email: string; password: string };
      const player = await withCurrentPassword(request, reply, () => accounts.requestEmailChange(request.player!, input));
      if (!player) throw invalid({ password: ['The password is incorrect.'] });
      return player;
    },
  );

  app.post(
    '/api/player/email/confirm',
    {
      schema: { body: object({ token: SECRET }, ['token']), response: { 200: messageResponse } },
      preHandler: limit([{ name: 'email-confirm-ip', max: 30, windowMs: MINUTES_15, by: 'ip', message: 'Too many attempts.' }]),
    },
    async (request) => accounts.confirmEmailChange((request.body as { token: string }).token),
  );

  // --- password reset (SPEC.md §7) -----------------------------------------------------------------
  app.post(
    '/api/password/create',
    {
      schema: { body: object({ email: EMAIL }, ['email']), response: { 200: messageResponse } },
      preHandler: limit([
        { name: 'password-create-ip', max: 20, windowMs: MINUTES_15, by: 'ip', message: 'Too many password reset requests from your network.' },
        { name: 'password-create-email', max: 3, windowMs: MINUTES_15, by: bodyEmail, message: 'Too many password reset requests for this e-mail address.' },
      ]),
    },
    async (request) => {
      await accounts.requestPasswordReset((request.body as { email: string }).email);
      return { ...sameAnswer, status: 'passwords.sent' };
    },
  );

  app.get(
    '/api/password/find/:token',
    {
      schema: { params: object({ token: SECRET }, ['token']), response: { 200: object({ email: { type: 'string' } }, ['email']) } },
      preHandler: limit([{ name: 'password-find-ip', max: 60, windowMs: MINUTES_15, by: 'ip', message: 'Too many attempts.' }]),
    },
    async (request) => {
      const email = await accounts.findPasswordReset((request.params as { token: string }).token);
      if (!email) throw new Problem(404, 'This password reset token is invalid or has expired.');
      return { email };
    },
  );

  app.post(
    '/api/password/reset',
    {
      schema: {
        body: object({ email: EMAIL, token: SECRET, password: PASSWORD, password_confirmation: PASSWORD }, [
          'email',
          'token',
          'password',
          'password_confirmation',
        ]),
        response: { 200: messageResponse },
      },
      preHandler: limit([
        { name: 'password-reset-ip', max: 20, windowMs: MINUTES_15, by: 'ip', message: 'Too many password reset attempts from your network.' },
      ]),
    },
    async (request) => {
      await accounts.resetPassword(request.body as { email: string; token: string; password: string; password_confirmation: string });
      return { message: 'Your password has been reset. Please log in with your new password.', status: 'passwords.reset' };
    },
  );

  // --- activation ----------------------------------------------------------------------------------
  app.post(
    '/api/activate',
    {
      schema: { body: object({ activate_token: SECRET }, ['activate_token']), response: { 200: messageResponse } },
      preHandler: limit([{ name: 'activate-ip', max: 30, windowMs: MINUTES_15, by: 'ip', message: 'Too many activation attempts.' }]),
    },
    async (request) => accounts.activateByLink((request.body as { activate_token: string }).activate_token),
  );

  app.post(
    '/api/sms-activation',
    {
      schema: { body: object({ code: text(20) }, ['code']), response: { 200: messageResponse } },
      preHandler: [
        notBlocked,
        limit([
          { name: 'sms-activation-ip', max: 30, windowMs: MINUTES_15, by: 'ip', message: 'Too many activation attempts from your network.' },
          { name: 'sms-activation-player', max: 10, windowMs: MINUTES_15, by: playerKey, message: 'Too many activation attempts.' },
        ]),
      ],
    },
    async (request) => accounts.activateBySms(request.player!, (request.body as { code: string }).code),
  );

  app.post(
    '/api/resend-activation',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['message', 'status', 'activation_type'],
            properties: { ...messageResponse.properties, activation_type: { type: 'string' } },
          },
        },
      },
      preHandler: [
        notBlocked,
        limit([
          { name: 'resend-ip', max: 10, windowMs: MINUTES_15, by: 'ip', message: 'Too many requests for a new activation from your network.' },
          { name: 'resend-player', max: 3, windowMs: MINUTES_15, by: playerKey, message: 'Too many requests for a new activation.' },
        ]),
      ],
    },
    async (request) => accounts.resendActivation(request.player!),
  );

  // --- magic link ----------------------------------------------------------------------------------
  app.post(
    '/api/magic-link',
    {
      schema: { body: object({ email: EMAIL, redirect: { type: ['string', 'null'], maxLength: 2048 } }, ['email']), response: { 200: messageResponse } },
      preHandler: limit([
        { name: 'magic-link-ip', max: 20, windowMs: MINUTES_15, by: 'ip', message: 'Too many sign-in link requests from your network.' },
        { name: 'magic-link-email', max: 3, windowMs: MINUTES_15, by: bodyEmail, message: 'Too many sign-in link requests for this e-mail address.' },
      ]),
    },
    async (request) => {
      const body = request.body as { email: string; redirect?: string | null };
      await accounts.requestMagicLink(body.email, body.redirect);
      return { ...sameAnswer, status: 'magic-link.sent' };
    },
  );

  app.post(
    '/api/magic-link/consume',
    {
      schema: {
        body: object({ token: SECRET }, ['token']),
        response: {
          200: {
            ...loginResponse,
            required: [...loginResponse.required, 'redirect'],
            properties: { ...loginResponse.properties, redirect: { type: 'string' } },
          },
        },
      },
      preHandler: limit([{ name: 'magic-link-consume-ip', max: 30, windowMs: MINUTES_15, by: 'ip', message: 'Too many sign-in attempts.' }]),
    },
    async (request, reply: FastifyReply) => {
      const result = await accounts.consumeMagicLink((request.body as { token: string }).token);
      setTokenCookie(reply, result.token, new Date(result.expires_at));
      return result;
    },
  );
}
