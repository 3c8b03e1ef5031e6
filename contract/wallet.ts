// The wallet and payments API the player site and the server agree on (docs/decisions/0021-wallet-and-payments.md).
// Every amount is an integer number of minor units (cents) of `currency`. Imports nothing of ours outside contract/.
// The zod schemas are what the server validates and serialises with (decision 0027); the plain values are in
// wallet.rules.ts (the site's bundles import that one, never zod) and re-exported here.
import { z } from 'zod';
import { cryptoDepositInfoSchema } from './chain.ts';
import { defineEndpoint, fileAnswer, noContent } from './endpoint.ts';
import { dataOf, matching, PAGE, pageMetaSchema, UUID_TEXT } from './http.ts';
import {
  BONUS_ID_PATTERN,
  DEPOSIT_STATUSES,
  MAX_AMOUNT,
  PAYMENT_METHOD_IDS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  WITHDRAWAL_STATUSES,
} from './wallet.rules.ts';

export * from './wallet.rules.ts';

/** GET /api/player/wallet → { data: Wallet } */
export const walletSchema = z
  .object({
    currency: z.string(),
    /** What the player can play with: cash + bonus. */
    balance: z.int(),
    cash: z.int(),
    bonus: z.int(),
    /** What the player may withdraw now: the cash balance (bonus money never is). */
    withdrawable: z.int(),
    /** Money requested for withdrawal and held until an operator pays or rejects it. */
    pending_withdrawals: z.int(),
    pending_withdrawals_count: z.int(),
    /** Completed deposits minus paid withdrawals, lifetime and in the current calendar month (UTC). */
    net_deposits: z.object({ lifetime: z.int(), this_month: z.int() }),
    /** SPEC.md §3 `userDeposits`: has the player ever completed a deposit. */
    has_deposited: z.boolean(),
  })
  .meta({ id: 'Wallet' });
export type Wallet = z.infer<typeof walletSchema>;

/** GET /api/payments/methods → { data: PaymentMethod[] } */
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

const limitsSchema = z.object({ min: z.int(), max: z.int() });
export const paymentMethodSchema = z.object({
  id: z.enum(PAYMENT_METHOD_IDS),
  name: z.string(),
  type: z.enum(['card', 'crypto']),
  currency: z.string(),
  deposit: limitsSchema,
  withdrawal: limitsSchema,
  quick_amounts: z.array(z.int()),
});
export const depositSchema = z
  .object({
    id: z.string(),
    method: z.enum(PAYMENT_METHOD_IDS),
    status: z.enum(DEPOSIT_STATUSES),
    amount: z.int(),
    currency: z.string(),
    redirect_url: z.string().nullable(),
    address: z.string().nullable(),
    sandbox_confirm_url: z.string().nullable(),
    sandbox_confirm_signature: z.string().nullable(),
    bonus_id: z.string().nullable(),
    failure_message: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'Deposit' });
export const withdrawalSchema = z
  .object({
    id: z.string(),
    /** Operators' lists only. */
    player_id: z.string().optional(),
    method: z.enum(PAYMENT_METHOD_IDS),
    status: z.enum(WITHDRAWAL_STATUSES),
    amount: z.int(),
    currency: z.string(),
    destination: z.string(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: 'Withdrawal' });

// Amounts are integers of minor units: JSON numbers only (no strings, no fractions), positive and bounded.
const AMOUNT = z.int().min(1).max(MAX_AMOUNT);
/** POST /api/payments/deposits body. */
export const depositBodySchema = z.object({
  method: z.enum(PAYMENT_METHOD_IDS),
  amount: AMOUNT,
  bonusId: matching(BONUS_ID_PATTERN).nullable().optional(),
});
/** POST /api/payments/withdrawals body: the address is free text the player types, never a control character. */
export const withdrawalBodySchema = z.object({
  method: z.enum(PAYMENT_METHOD_IDS),
  amount: AMOUNT,
  address: z
    .string()
    .max(100)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters (NUL included) is the point
    .regex(/^[^\u0000-\u001f\u007f]*$/)
    .nullable()
    .optional(),
  /** On-chain withdrawals (`onchain`): the coin to receive, one of the chain's accepted tokens (docs/decisions/0123). */
  token: z
    .string()
    .regex(/^[A-Z0-9]{2,11}$/)
    .nullable()
    .optional(),
  /** Withdraw while a bonus is active: the bonus and its bonus money are forfeited (cash is never touched). */
  forfeit_bonus: z.boolean().optional(),
});
export const paymentIdParamsSchema = z.object({ id: UUID_TEXT });

/** POST /api/payments/deposits and GET /api/payments/deposits/{id} → { data: Deposit } */
export type Deposit = z.infer<typeof depositSchema>;

/** POST /api/payments/withdrawals → { data: Withdrawal } */
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** GET /api/player/transactions → { data: Transaction[], meta: TransactionsMeta } */
export type Transaction = z.infer<typeof transactionSchema>;

export type TransactionsMeta = z.infer<typeof pageMetaSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  amount: z.int(),
  currency: z.string(),
  created_at: z.string(),
  reference_id: z.string().nullable(),
  /** A bet's or a win's game, by name (issue 34 §6); absent on other rows and where the game is unknown. */
  game_name: z.string().optional(),
});
export const transactionsPageSchema = z.object({ data: z.array(transactionSchema), meta: pageMetaSchema });

// Days are YYYY-MM-DD; the route checks that they are real dates within the years a casino's records can hold.
const DAY = matching(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
/** GET /api/player/transactions/export query. */
export const transactionFiltersSchema = z.object({
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  from: DAY.optional(),
  to: DAY.optional(),
});
/** GET /api/player/transactions query. */
export const transactionsQuerySchema = transactionFiltersSchema.extend({
  page: PAGE.optional(),
  per_page: matching(/^[1-9][0-9]?$|^100$/).optional(),
});

/** `BalanceUpdated` (namespace App.Events) on `private-App.Models.User.{id}`: the wallet after the change. */
export type BalanceUpdated = { wallet: Wallet };

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
export const walletEndpoints = {
  wallet: defineEndpoint({
    method: 'GET',
    path: '/api/player/wallet',
    responses: { 200: dataOf(walletSchema) },
    auth: 'player',
    summary: 'The player’s balances',
    operationId: 'getWallet',
  }),
  transactions: defineEndpoint({
    method: 'GET',
    path: '/api/player/transactions',
    query: transactionsQuerySchema,
    responses: { 200: transactionsPageSchema },
    auth: 'player',
    summary: 'The player’s transactions, newest first, a page at a time',
    operationId: 'listTransactions',
  }),
  exportTransactions: defineEndpoint({
    method: 'GET',
    path: '/api/player/transactions/export',
    query: transactionFiltersSchema,
    responses: { 200: fileAnswer('text/csv', 'The filtered transactions as a CSV file.') },
    auth: 'player',
    summary: 'The player’s transactions as CSV',
    operationId: 'exportTransactions',
  }),
};

export const paymentEndpoints = {
  methods: defineEndpoint({
    method: 'GET',
    path: '/api/payments/methods',
    responses: { 200: dataOf(z.array(paymentMethodSchema)) },
    auth: 'public',
    summary: 'The payment methods on offer',
    operationId: 'listPaymentMethods',
  }),
  deposit: defineEndpoint({
    method: 'POST',
    path: '/api/payments/deposits',
    body: depositBodySchema,
    responses: { 201: dataOf(depositSchema) },
    auth: 'active-player',
    idempotent: true,
    summary: 'Start a deposit',
    operationId: 'createDeposit',
  }),
  depositStatus: defineEndpoint({
    method: 'GET',
    path: '/api/payments/deposits/:id',
    params: paymentIdParamsSchema,
    responses: { 200: dataOf(depositSchema) },
    auth: 'player',
    summary: 'One of the player’s deposits',
    operationId: 'getDeposit',
  }),
  crypto: defineEndpoint({
    method: 'GET',
    path: '/api/payments/crypto',
    responses: { 200: dataOf(cryptoDepositInfoSchema) },
    auth: 'active-player',
    summary: 'The player’s crypto deposit address and deposits to it',
    operationId: 'getCryptoDeposits',
  }),
  withdraw: defineEndpoint({
    method: 'POST',
    path: '/api/payments/withdrawals',
    body: withdrawalBodySchema,
    responses: { 201: dataOf(withdrawalSchema) },
    auth: 'active-player',
    idempotent: true,
    summary: 'Ask for a withdrawal',
    operationId: 'requestWithdrawal',
  }),
  withdrawals: defineEndpoint({
    method: 'GET',
    path: '/api/payments/withdrawals',
    responses: { 200: dataOf(z.array(withdrawalSchema)) },
    auth: 'player',
    summary: 'The player’s pending withdrawals',
    operationId: 'listPendingWithdrawals',
  }),
};

// --- the sandbox gateway's hosted pages (server/modules/sandbox-gateway/routes.ts) --------------------------------
// What a provider would host, outside our API: HTML pages and form posts that end in a 303 back to the cashier, and
// the simulated crypto network's confirmation. They exist only with the sandbox on.
const sandboxCheckoutParams = z.object({ id: matching(/^c[sc]_[0-9a-f]{24}$/) });
/** The card form as the page posts it; the gateway checks the values itself and answers the form again with the errors. */
export const sandboxCardFormSchema = z.object({
  card_number: z.string().max(40).optional(),
  expiry: z.string().max(10).optional(),
  cvc: z.string().max(8).optional(),
  name: z.string().max(100).optional(),
});
export const sandboxCryptoConfirmationSchema = z.object({
  data: z.object({ id: z.string(), status: z.string(), address: z.string().nullable(), amount: z.int(), currency: z.string() }),
});
const backToShop = noContent('303 See Other to the cashier’s return page (404 with an HTML page for an unknown payment).');

export const sandboxGatewayEndpoints = {
  // A paid checkout answers 303 to the cashier's return page instead.
  checkout: defineEndpoint({
    method: 'GET',
    path: '/sandbox-gateway/checkout/:id',
    params: sandboxCheckoutParams,
    responses: { 200: fileAnswer('text/html', 'The sandbox card form.') },
    auth: 'public',
    summary: 'The sandbox gateway’s card form for a checkout',
    operationId: 'getSandboxCheckout',
  }),
  // Refused card details answer the form again, 422 with the errors.
  pay: defineEndpoint({
    method: 'POST',
    path: '/sandbox-gateway/checkout/:id',
    params: sandboxCheckoutParams,
    body: sandboxCardFormSchema,
    consumes: ['application/x-www-form-urlencoded'],
    responses: { 303: backToShop },
    auth: 'public',
    summary: 'Pay a sandbox checkout by card',
    operationId: 'paySandboxCheckout',
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/sandbox-gateway/checkout/:id/cancel',
    params: sandboxCheckoutParams,
    responses: { 303: backToShop },
    auth: 'public',
    summary: 'Cancel a sandbox checkout',
    operationId: 'cancelSandboxCheckout',
  }),
  // Signed with the signature the deposit's owner was given (401 otherwise).
  confirmCrypto: defineEndpoint({
    method: 'POST',
    path: '/sandbox-gateway/crypto/:id/confirm',
    params: sandboxCheckoutParams,
    responses: { 200: sandboxCryptoConfirmationSchema },
    auth: 'public',
    summary: 'Have the sandbox network confirm a crypto transfer',
    operationId: 'confirmSandboxCryptoTransfer',
  }),
};
