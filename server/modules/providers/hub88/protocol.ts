import { z } from 'zod';

// The Hub88 Wallet API as Hub88 publishes it for operators (docs.hub88.io, "Wallet API" and "Seamless Wallet
// response statuses - Operator API"; docs/decisions/0096-hub88-seamless-wallet.md): the requests Hub88 sends us,
// the answers it expects, always HTTP 200 with a status, and its amounts.

export const HUB88 = 'hub88';

export const HUB88_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
] as const;
export type Hub88Status = (typeof HUB88_STATUSES)[number];

/**
 * Hub88 counts money in integers of 1/100,000 of the currency unit; our ledger in cents (contract/money.ts): one cent
 * is 1,000 of theirs. An amount that is not a whole number of cents cannot be paid exactly and is refused.
 */
export const HUB88_UNITS_PER_CENT = 1_000;

/** Hub88 units as cents, or null when they are negative, not whole cents, or beyond what the ledger holds. */
export function centsOf(amount: number): number | null {
  if (!Number.isSafeInteger(amount) || amount < 0 || amount % HUB88_UNITS_PER_CENT !== 0) return null;
  return amount / HUB88_UNITS_PER_CENT;
}

/** Cents as Hub88 units (exact: balances stay far below 2^53 / 1,000). */
export const hub88UnitsOf = (cents: number): number => cents * HUB88_UNITS_PER_CENT;

// A text field: no control characters (PostgreSQL text cannot hold NUL), bounded.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const PRINTABLE = /^[^\u0000-\u001f\u007f]*$/;
const text = (max: number) => z.string().min(1).max(max).regex(PRINTABLE);
const optionalText = (max: number) => text(max).nullish();
const flag = z.boolean().nullish();

const common = {
  request_uuid: text(100),
  user: text(100),
  sub_partner_id: optionalText(100),
};
const transaction = {
  ...common,
  transaction_uuid: text(100),
  supplier_transaction_id: optionalText(255),
  supplier_user: optionalText(255),
  token: text(255),
  round: optionalText(255),
  round_closed: flag,
  game_code: text(255),
  game_id: z.int().nullish(),
  meta: z.record(z.string(), z.unknown()).nullish(),
};

export const userInfoRequest = z.object(common);
export const balanceRequest = z.object({ ...common, token: optionalText(255), game_code: optionalText(255) });
export const betRequest = z.object({
  ...transaction,
  currency: text(16),
  amount: z.int(),
  reward_uuid: optionalText(255),
  is_free: flag,
  is_aggregated: flag,
  bet: optionalText(255),
});
// A win's token is not checked: it may come after the session ended, and is owed all the same.
export const winRequest = betRequest.extend({ token: optionalText(255), reference_transaction_uuid: text(100) });
// Token and game are sent with a rollback but not needed: the bet it names says whose and which.
export const rollbackRequest = z.object({ ...transaction, token: optionalText(255), game_code: optionalText(255), reference_transaction_uuid: text(100) });

/** Each path's request. */
export const HUB88_REQUESTS = {
  '/user/info': userInfoRequest,
  '/user/balance': balanceRequest,
  '/transaction/bet': betRequest,
  '/transaction/win': winRequest,
  '/transaction/rollback': rollbackRequest,
} as const;

/** The fields each request must have: one missing is RS_ERROR_WRONG_SYNTAX, one of the wrong type RS_ERROR_WRONG_TYPES. */
export const REQUIRED = {
  '/user/info': ['user', 'request_uuid'],
  '/user/balance': ['user', 'request_uuid'],
  '/transaction/bet': ['user', 'transaction_uuid', 'request_uuid', 'token', 'game_code', 'currency', 'amount'],
  '/transaction/win': ['user', 'transaction_uuid', 'request_uuid', 'game_code', 'currency', 'amount', 'reference_transaction_uuid'],
  '/transaction/rollback': ['user', 'transaction_uuid', 'request_uuid', 'reference_transaction_uuid'],
} as const;
export type Hub88Path = keyof typeof REQUIRED;
export const HUB88_PATHS = Object.keys(REQUIRED) as Hub88Path[];

/** Every answer: the status, the request's uuid, and for a known player their reference, currency and balance. */
export const hub88Answer = z.object({
  user: z.string().optional(),
  status: z.enum(HUB88_STATUSES),
  request_uuid: z.string().optional(),
  currency: z.string().optional(),
  balance: z.int().optional(),
  // /user/info only.
  country: z.string().optional(),
  sub_partner_id: z.string().optional(),
  birth_date: z.string().optional(),
  registration_date: z.string().optional(),
});
export type Hub88Answer = z.infer<typeof hub88Answer>;

/** The request_uuid of a body, to echo in an answer that refuses it; only a plain string that looks like one. */
export function requestUuidOf(raw: string): { request_uuid?: string } {
  try {
    const value = (JSON.parse(raw) as { request_uuid?: unknown } | null)?.request_uuid;
    return typeof value === 'string' && /^[\w-]{1,100}$/.test(value) ? { request_uuid: value } : {};
  } catch {
    return {};
  }
}
