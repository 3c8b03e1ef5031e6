// Player accounts: the request and response shapes of SPEC.md §3/§7 and the validation rules of
// issue 4 §1, shared by the register wizard (gates, messages) and the server (which adds the rules
// only it can check: unique e-mail, common passwords, referrer). Imports nothing of ours but contract.
// The plain rules (fields, steps, password and age checks, texts) are in accounts.rules.ts, which the site's bundles
// import instead of this file (no zod there), and are re-exported here.
import { z } from 'zod';
import { ageOn, GENDERS, type Gender, KYC_STATUSES, MINIMUM_AGE, passwordProblems, REGISTRATION_FIELDS, type RegistrationField } from './accounts.rules.ts';
import { COUNTRY_CODES } from './countries.ts';
import { defineEndpoint, noContent } from './endpoint.ts';
import { messageResponseSchema, nullableText, text as bounded } from './http.ts';

export * from './accounts.rules.ts';

export type { ErrorBody, FieldErrors, MessageResponse, ValidationErrorBody } from './http.ts';
import type { FieldErrors } from './http.ts';

// --- request bodies (the bounds; the rules the services check are below and in the services) -----------------
const PASSWORD = bounded(1024);
const EMAIL = bounded(254);
const SECRET = bounded(200);

/** POST /api/register body: every field bounded; which are required and how they must look is the service's 422. */
export const registrationBodySchema = z.object({
  email: EMAIL.optional(),
  password: PASSWORD.optional(),
  name: bounded(100).optional(),
  surname: bounded(100).optional(),
  birthdate: bounded(10).optional(),
  gender: bounded(20).optional(),
  country: bounded(2).optional(),
  city: bounded(100).optional(),
  address1: bounded(200).optional(),
  postcode: bounded(12).optional(),
  phonePrefix: nullableText(5).optional(),
  phoneNumber: bounded(20).optional(),
  phone: bounded(20).optional(),
  newsletter: z.boolean().optional(),
  agreement: z.boolean().optional(),
  ma_token: nullableText(100).optional(),
  promo: nullableText(64).optional(),
  referrer: nullableText(36).optional(),
});
/** PATCH /api/player body: any subset of the profile fields. */
export const profileBodySchema = registrationBodySchema.pick({
  name: true,
  surname: true,
  birthdate: true,
  gender: true,
  country: true,
  city: true,
  address1: true,
  postcode: true,
  phone: true,
  newsletter: true,
});
export const loginBodySchema = z.object({ email: EMAIL, password: PASSWORD });
export const passwordChangeBodySchema = z.object({ current_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD });
export const emailChangeBodySchema = z.object({ email: EMAIL, password: PASSWORD });
export const tokenBodySchema = z.object({ token: SECRET });
export const tokenParamsSchema = z.object({ token: SECRET });
export const emailBodySchema = z.object({ email: EMAIL });
export const passwordResetBodySchema = z.object({ email: EMAIL, token: SECRET, password: PASSWORD, password_confirmation: PASSWORD });
export const activationBodySchema = z.object({ activate_token: SECRET });
export const smsActivationBodySchema = z.object({ code: bounded(20) });
export const magicLinkBodySchema = z.object({ email: EMAIL, redirect: nullableText(2048).optional() });

// --- responses ----------------------------------------------------------------------------------------------
/** GET /api/player → 200: the user of SPEC.md §3 with the profile fields. */
export const playerSchema = z
  .object({
    id: z.string(),
    /** Public id for the referral link /refer-a-friend/{uuid}. */
    uuid: z.string(),
    email: z.string(),
    /** A new address waiting for its confirmation link, or null. */
    pending_email: z.string().nullable(),
    active: z.boolean(),
    blocked: z.boolean(),
    name: z.string(),
    surname: z.string(),
    birthdate: z.string(),
    gender: z.enum(GENDERS),
    country: z.string(),
    city: z.string(),
    address1: z.string(),
    postcode: z.string(),
    phone: z.string(),
    newsletter: z.boolean(),
    kyc_status: z.enum(KYC_STATUSES),
    created_at: z.string(),
  })
  .meta({ id: 'Player' });
export type Player = z.infer<typeof playerSchema>;

/** POST /api/register → 201 */
export const registrationResponseSchema = z.object({
  message: z.string(),
  /** How this player activates: a link by e-mail or a code by SMS (the operator's setting). */
  activation_type: z.enum(['email', 'sms']),
  data: playerSchema,
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** POST /api/login and POST /api/magic-link/consume → 200 (SPEC.md §3). */
export const loginResponseSchema = z.object({ token: z.string(), expires_at: z.string(), active: z.boolean() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export const magicLinkLoginResponseSchema = loginResponseSchema.extend({ redirect: z.string() });

/** GET /api/password/find/{token} */
export const passwordLookupResponseSchema = z.object({ email: z.string() });
export type PasswordLookupResponse = z.infer<typeof passwordLookupResponseSchema>;
/** POST /api/resend-activation */
export const resendActivationResponseSchema = messageResponseSchema.extend({ activation_type: z.enum(['email', 'sms']) });

/** GET /api/admin/players → { data: AdminPlayer[] } */
export const adminPlayerSchema = z.object({ id: z.string(), email: z.string(), active: z.boolean(), blocked: z.boolean(), kyc_status: z.enum(KYC_STATUSES) });
export type AdminPlayer = z.infer<typeof adminPlayerSchema>;

// Messages in Laravel's words, because the site shows them as the server sends them.
const label = (field: string) =>
  field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
const required = (field: string) => `The ${label(field)} field is required.`;

function text(field: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required(field) : `The ${label(field)} field must be a string.`) })
    .trim()
    .min(1, { message: required(field), abort: true })
    .max(max, { message: `The ${label(field)} field must not be greater than ${max} characters.`, abort: true });
}

function optionalText(field: string, max: number, pattern: RegExp) {
  return z
    .union([z.null(), z.string({ error: `The ${label(field)} field must be a string.` })])
    .optional()
    .transform((value) => (value === null || value === undefined || value.trim() === '' ? null : value.trim()))
    .refine((value) => value === null || value.length <= max, `The ${label(field)} field must not be greater than ${max} characters.`)
    .refine((value) => value === null || pattern.test(value), `The ${label(field)} field format is invalid.`);
}

function password(field = 'password') {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required(field) : `The ${label(field)} field must be a string.`) })
    .min(1, required(field))
    .superRefine((value, context) => {
      for (const message of passwordProblems(value).map((m) => m.replace('The password field', `The ${label(field)} field`))) {
        context.addIssue({ code: 'custom', message });
      }
    });
}

const NAME = /^[\p{L}\p{M}][\p{L}\p{M}'’ .-]*$/u;
const POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/;
// E.164: a country code and subscriber number of at most 15 digits in all.
const PHONE = /^\+[1-9]\d{7,14}$/;
const PHONE_NUMBER = /^\d{4,14}$/;
const PHONE_PREFIX = /^\+?[1-9]\d{0,3}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN_LIKE = /^[A-Za-z0-9._~-]+$/;

/** Each registration field's own rules; `today` decides the age. */
export function registrationRules(today: Date) {
  return {
    email: text('email', 254)
      .pipe(z.email('The email field must be a valid email address.'))
      .transform((value) => value.toLowerCase()),
    password: password(),
    name: text('name', 100).regex(NAME, 'The name field may only contain letters, spaces, apostrophes and hyphens.'),
    surname: text('surname', 100).regex(NAME, 'The surname field may only contain letters, spaces, apostrophes and hyphens.'),
    birthdate: text('birthdate', 10).superRefine((value, context) => {
      const age = ageOn(value, today);
      if (age === null) context.addIssue({ code: 'custom', message: 'The birthdate field must be a valid date (YYYY-MM-DD).' });
      else if (age < MINIMUM_AGE) context.addIssue({ code: 'custom', message: `You must be at least ${MINIMUM_AGE} years old to register.` });
      else if (age > 120) context.addIssue({ code: 'custom', message: 'The birthdate field must be a valid date (YYYY-MM-DD).' });
    }),
    gender: text('gender', 20).refine((value): value is Gender => (GENDERS as readonly string[]).includes(value), 'The selected gender is invalid.'),
    country: text('country', 2)
      .transform((value) => value.toUpperCase())
      .refine((value) => COUNTRY_CODES.has(value), 'The selected country is invalid.'),
    city: text('city', 100),
    address1: text('address1', 200),
    postcode: text('postcode', 12).regex(POSTCODE, 'The postcode field format is invalid.'),
    phonePrefix: optionalText('phonePrefix', 5, PHONE_PREFIX),
    phoneNumber: text('phoneNumber', 20)
      .transform((value) => value.replace(/[\s-]/g, ''))
      .refine((value) => PHONE_NUMBER.test(value), 'The phone number must be 4 to 14 digits.'),
    phone: text('phone', 20)
      .transform((value) => value.replace(/[\s-]/g, ''))
      .refine((value) => PHONE.test(value), 'The phone field must be a valid international number (+ country code and number).'),
    // Marketing consent is opt-in (issue 34 §3, docs/decisions/0122): a registration that does not say yes is a no.
    newsletter: z.boolean({ error: 'The newsletter field must be true or false.' }).optional().default(false),
    agreement: z.literal(true, { error: 'The agreement field must be accepted.' }),
    ma_token: optionalText('ma_token', 100, TOKEN_LIKE),
    promo: optionalText('promo', 64, TOKEN_LIKE),
    referrer: optionalText('referrer', 36, UUID),
  } satisfies Record<RegistrationField, z.ZodType>;
}

export type ValidRegistration = {
  [K in RegistrationField]-?: z.output<ReturnType<typeof registrationRules>[K]>;
};

/**
 * Validates the named fields of `input` (all of them when `fields` is omitted). Returns the clean
 * values and the Laravel-shaped errors, each field's messages in order.
 */
export function validateRegistrationFields(
  input: Record<string, unknown>,
  today: Date,
  fields: readonly string[] = REGISTRATION_FIELDS,
): { values: Partial<ValidRegistration>; errors: FieldErrors } {
  const rules = registrationRules(today) as Record<string, z.ZodType>;
  const values: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const field of fields) {
    const rule = rules[field];
    if (!rule) continue;
    const result = rule.safeParse(input[field]);
    if (result.success) values[field] = result.data;
    else errors[field] = [...new Set(result.error.issues.map((issue) => issue.message))];
  }
  return { values: values as Partial<ValidRegistration>, errors };
}

// --- the endpoints (contract/endpoint.ts): registration, sign-in, the player, passwords, activation, magic links ----
export const accountEndpoints = {
  register: defineEndpoint({
    method: 'POST',
    path: '/api/register',
    body: registrationBodySchema,
    responses: { 201: registrationResponseSchema, 204: noContent('A Precognition dry run found nothing wrong with the fields it checked.') },
    status: 201,
    auth: 'public',
    summary: 'Register a player (or, with Precognition headers, check some of the fields)',
    operationId: 'register',
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/login',
    body: loginBodySchema,
    responses: { 200: loginResponseSchema },
    auth: 'public',
    summary: 'Sign in with e-mail and password',
    operationId: 'login',
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/logout',
    responses: { 204: noContent('Signed out: the token no longer works and the cookie is cleared.') },
    auth: 'public',
    summary: 'Sign out',
    operationId: 'logout',
  }),
  player: defineEndpoint({
    method: 'GET',
    path: '/api/player',
    responses: { 200: playerSchema },
    auth: 'player',
    summary: 'The signed-in player',
    operationId: 'getPlayer',
  }),
  updateProfile: defineEndpoint({
    method: 'PATCH',
    path: '/api/player',
    body: profileBodySchema,
    responses: { 200: playerSchema },
    auth: 'active-player',
    summary: 'Change the player’s profile',
    operationId: 'updatePlayer',
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/player/password',
    body: passwordChangeBodySchema,
    responses: { 200: messageResponseSchema },
    auth: 'active-player',
    summary: 'Change the password (signs out the other sessions)',
    operationId: 'changePassword',
  }),
  changeEmail: defineEndpoint({
    method: 'POST',
    path: '/api/player/email',
    body: emailChangeBodySchema,
    responses: { 200: playerSchema },
    auth: 'active-player',
    summary: 'Ask to change the e-mail address (a link goes to the new one)',
    operationId: 'requestEmailChange',
  }),
  confirmEmail: defineEndpoint({
    method: 'POST',
    path: '/api/player/email/confirm',
    body: tokenBodySchema,
    responses: { 200: messageResponseSchema },
    auth: 'public',
    summary: 'Confirm a new e-mail address with the link’s token',
    operationId: 'confirmEmailChange',
  }),
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/api/password/create',
    body: emailBodySchema,
    responses: { 200: messageResponseSchema },
    auth: 'public',
    summary: 'Send a password reset link',
    operationId: 'requestPasswordReset',
  }),
  findPasswordReset: defineEndpoint({
    method: 'GET',
    path: '/api/password/find/:token',
    params: tokenParamsSchema,
    responses: { 200: passwordLookupResponseSchema },
    auth: 'public',
    summary: 'The e-mail address a password reset token is for',
    operationId: 'findPasswordReset',
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/password/reset',
    body: passwordResetBodySchema,
    responses: { 200: messageResponseSchema },
    auth: 'public',
    summary: 'Set a new password with a reset token',
    operationId: 'resetPassword',
  }),
  activate: defineEndpoint({
    method: 'POST',
    path: '/api/activate',
    body: activationBodySchema,
    responses: { 200: messageResponseSchema },
    auth: 'public',
    summary: 'Activate an account with the e-mailed link’s token',
    operationId: 'activateByLink',
  }),
  smsActivation: defineEndpoint({
    method: 'POST',
    path: '/api/sms-activation',
    body: smsActivationBodySchema,
    responses: { 200: messageResponseSchema },
    auth: 'not-blocked',
    summary: 'Activate the account with the code sent by SMS',
    operationId: 'activateBySms',
  }),
  resendActivation: defineEndpoint({
    method: 'POST',
    path: '/api/resend-activation',
    responses: { 200: resendActivationResponseSchema },
    auth: 'not-blocked',
    summary: 'Send a new activation link or code',
    operationId: 'resendActivation',
  }),
  magicLink: defineEndpoint({
    method: 'POST',
    path: '/api/magic-link',
    body: magicLinkBodySchema,
    responses: { 200: messageResponseSchema },
    auth: 'public',
    summary: 'Send a sign-in link',
    operationId: 'requestMagicLink',
  }),
  consumeMagicLink: defineEndpoint({
    method: 'POST',
    path: '/api/magic-link/consume',
    body: tokenBodySchema,
    responses: { 200: magicLinkLoginResponseSchema },
    auth: 'public',
    summary: 'Sign in with a sign-in link’s token',
    operationId: 'consumeMagicLink',
  }),
};
