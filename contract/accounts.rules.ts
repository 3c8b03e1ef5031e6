// Player accounts' plain rules, shared by the register wizard (gates, messages) and the server: the fields and steps
// of registration, the password and age rules a browser can check, and the texts. No zod here, so the site's
// bundles can import it; the schemas and the server's field rules are in accounts.ts, which re-exports all of this.
// Imports nothing.

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

/** POST /api/password/create and /api/password/reset (SPEC.md §3: message, status). */
export type PasswordStatusResponse = { message: string; status: 'passwords.sent' | 'passwords.reset' };

/** PATCH /api/player: any subset of these. */
export const PROFILE_FIELDS = ['name', 'surname', 'birthdate', 'gender', 'country', 'city', 'address1', 'postcode', 'phone', 'newsletter'] as const;

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
