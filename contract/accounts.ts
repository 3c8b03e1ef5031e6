// Player accounts: the request and response shapes of SPEC.md §3/§7 and the validation rules of
// issue 4 §1, shared by the register wizard (gates, messages) and the server (which adds the rules
// only it can check: unique e-mail, common passwords, referrer). Imports nothing of ours but contract.
import { z } from 'zod';
import { COUNTRY_CODES } from './countries.ts';
import { messageResponseSchema, nullableText, text as bounded } from './http.ts';

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export const KYC_STATUSES = ['unverified', 'pending', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const PASSWORD_MIN_LENGTH = 8;
// Long enough for any passphrase; bounded so nobody makes the server hash megabytes.
export const PASSWORD_MAX_LENGTH = 128;
export const MINIMUM_AGE = 18;

/** The register wizard's steps (SPEC.md §4): the fields each one validates with a dry run. */
export const REGISTRATION_STEPS = [
  ['email', 'password'],
  ['name', 'surname', 'birthdate', 'gender'],
  ['country', 'city', 'address1', 'postcode', 'phoneNumber', 'agreement'],
] as const;

/** POST /api/register body (SPEC.md §3), plus `referrer`: the uuid of /refer-a-friend/{uuid}. */
export type RegistrationForm = {
  email: string;
  password: string;
  name: string;
  surname: string;
  /** YYYY-MM-DD */
  birthdate: string;
  gender: Gender;
  country: string;
  city: string;
  address1: string;
  postcode: string;
  phonePrefix?: string;
  phoneNumber: string;
  /** '+' prefix number, e.g. +35699123456 */
  phone: string;
  newsletter?: boolean;
  agreement: boolean;
  ma_token?: string | null;
  promo?: string | null;
  referrer?: string | null;
};

export type RegistrationField = keyof RegistrationForm;

export const REGISTRATION_FIELDS: readonly RegistrationField[] = [
  'email',
  'password',
  'name',
  'surname',
  'birthdate',
  'gender',
  'country',
  'city',
  'address1',
  'postcode',
  'phonePrefix',
  'phoneNumber',
  'phone',
  'newsletter',
  'agreement',
  'ma_token',
  'promo',
  'referrer',
];

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

/** POST /api/password/create and /api/password/reset (SPEC.md §3: message, status). */
export type PasswordStatusResponse = { message: string; status: 'passwords.sent' | 'passwords.reset' };
/** GET /api/password/find/{token} */
export const passwordLookupResponseSchema = z.object({ email: z.string() });
export type PasswordLookupResponse = z.infer<typeof passwordLookupResponseSchema>;
/** POST /api/resend-activation */
export const resendActivationResponseSchema = messageResponseSchema.extend({ activation_type: z.enum(['email', 'sms']) });

/** PATCH /api/player: any subset of these. */
export const PROFILE_FIELDS = ['name', 'surname', 'birthdate', 'gender', 'country', 'city', 'address1', 'postcode', 'phone', 'newsletter'] as const;

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

/** Password rules a browser can check (the server also refuses the most common passwords). */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(`The password field must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(`The password field must not be greater than ${PASSWORD_MAX_LENGTH} characters.`);
  if (!/\p{Ll}/u.test(password)) problems.push('The password field must contain at least one lowercase letter.');
  if (!/\p{Nd}/u.test(password)) problems.push('The password field must contain at least one number.');
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) problems.push('The password field must contain at least one symbol.');
  return problems;
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

/** Whole years between a YYYY-MM-DD birthdate and `today`, or null when it is not a real date. */
export function ageOn(birthdate: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  let age = today.getUTCFullYear() - year;
  if (today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day)) age -= 1;
  return age;
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
    newsletter: z.boolean({ error: 'The newsletter field must be true or false.' }).optional().default(true),
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

/** SPEC.md §5 gates: whether the wizard's Next (or Register) button is enabled for a step (1–3). */
export function stepGatePasses(step: 1 | 2 | 3, form: Partial<Record<RegistrationField, unknown>>): boolean {
  const filled = (field: RegistrationField) => typeof form[field] === 'string' && (form[field] as string).trim() !== '';
  if (step === 1) {
    const pass = typeof form.password === 'string' ? form.password : '';
    return (
      filled('email') &&
      filled('password') &&
      pass.length >= PASSWORD_MIN_LENGTH &&
      /\p{Ll}/u.test(pass) &&
      /\p{Nd}/u.test(pass) &&
      /[^\p{L}\p{Nd}\s]/u.test(pass)
    );
  }
  if (step === 2) return filled('name') && filled('surname') && filled('birthdate') && filled('gender');
  return filled('country') && filled('city') && filled('address1') && filled('postcode') && filled('phoneNumber') && form.agreement === true;
}

/** What a resent activation e-mail answers, in the API and on the site's error screen alike. */
export const RESEND_DONE_MESSAGE = 'Please check your e-mail.';
