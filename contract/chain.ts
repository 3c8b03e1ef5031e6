// The on-chain crypto rail's API (docs/decisions/0109-crypto-rail.md): the player's deposit address and their
// on-chain deposits. Plain values live in chain.rules.ts (re-exported here).
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { dataOf } from './http.ts';
import { CHAIN_DEPOSIT_STATUSES, CHAIN_PAYOUT_STATUSES, CHAIN_WAITING_REASONS, type ChainDeposit, type CryptoDepositInfo } from './chain.rules.ts';

export * from './chain.rules.ts';

export const chainDepositSchema = z
  .object({
    id: z.string(),
    token: z.string(),
    /** In whole tokens, exactly ("25.5"). */
    amount: z.string(),
    decimals: z.int(),
    tx_hash: z.string(),
    status: z.enum(CHAIN_DEPOSIT_STATUSES),
    confirmations: z.int(),
    required_confirmations: z.int(),
    waiting_for: z.enum(CHAIN_WAITING_REASONS).nullable(),
    /** The quote it was (or is being) credited at, in minor units of the wallet currency. */
    quote: z.object({ amount: z.int(), currency: z.string(), rate: z.string() }).nullable(),
    seen_at: z.string(),
    credited_at: z.string().nullable(),
  })
  .meta({ id: 'ChainDeposit' }) satisfies z.ZodType<ChainDeposit>;

/** GET /api/payments/crypto → { data: CryptoDepositInfo } */
export const cryptoDepositInfoSchema = z
  .object({
    /** The player's own deposit address (EIP-55), the same for every deposit. */
    address: z.string(),
    chain_id: z.int(),
    confirmations: z.int(),
    tokens: z.array(z.object({ symbol: z.string(), decimals: z.int(), contract: z.string().nullable() })),
    /** The latest on-chain deposits to the address, newest first. */
    deposits: z.array(chainDepositSchema),
    /** Withdrawals to an address: each coin with its current rate (null: not withdrawable now) and the limits; null when off. */
    withdrawal: z
      .object({
        tokens: z.array(z.object({ symbol: z.string(), decimals: z.int(), rate: z.string().nullable() })),
        min: z.int(),
        max: z.int(),
      })
      .nullable(),
  })
  .meta({ id: 'CryptoDepositInfo' }) satisfies z.ZodType<CryptoDepositInfo>;

/** GET /api/admin/chain/deposits: on-chain deposits for operators, newest first. */
export const adminChainDepositsQuerySchema = z.object({
  status: z.enum(CHAIN_DEPOSIT_STATUSES).optional(),
  /** `true`: only deposits whose block left the chain after their confirmations. */
  reorged: z.enum(['true', 'false']).optional(),
});
export const adminChainDepositSchema = chainDepositSchema
  .extend({
    player: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    address: z.string(),
    from: z.string(),
    block_number: z.int(),
    reorged: z.boolean(),
    deposit_id: z.string().nullable(),
  })
  .meta({ id: 'AdminChainDeposit' });
export type AdminChainDeposit = z.infer<typeof adminChainDepositSchema>;

/** The rate table (the default rate provider): one whole token's worth in the wallet currency and how long it holds. */
export const chainRateSchema = z
  .object({
    token: z.string(),
    currency: z.string(),
    rate: z.string(),
    max_age_seconds: z.int(),
    set_at: z.string(),
    /** Older than its maximum age: deposits in this token wait and operators are alerted. */
    stale: z.boolean(),
  })
  .meta({ id: 'ChainRate' });
export type ChainRate = z.infer<typeof chainRateSchema>;
export const chainRatesSchema = z.object({
  tokens: z.array(z.string()),
  currency: z.string(),
  confirmations: z.int(),
  chain_id: z.int(),
  rates: z.array(chainRateSchema),
});
export type ChainRates = z.infer<typeof chainRatesSchema>;

/** PUT /api/admin/chain/rates */
export const chainRateBodySchema = z.object({
  token: z.string().regex(/^[A-Z0-9]{2,11}$/, 'The token must be one the site accepts.'),
  rate: z.string().regex(/^\d{1,12}(\.\d{1,18})?$/, 'The rate must be a positive decimal number, such as 0.92.'),
  max_age_seconds: z.int().min(60, 'The maximum age must be at least 60 seconds.').max(604_800, 'The maximum age may not be more than 7 days.'),
  reason: z.string().trim().min(3, 'The reason must be at least 3 characters.').max(500, 'The reason may not be more than 500 characters.'),
});

/** GET /api/admin/chain/withdrawals: on-chain withdrawals with their quote and the signer's payout (docs/decisions/0123). */
export const adminChainWithdrawalSchema = z
  .object({
    id: z.string(),
    player: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    amount: z.int(),
    currency: z.string(),
    /** The withdrawal's own status (pending, paid = approved, rejected). */
    status: z.string(),
    token: z.string(),
    /** In whole tokens, exactly. */
    token_amount: z.string(),
    rate: z.string(),
    address: z.string(),
    payout: z
      .object({
        status: z.enum(CHAIN_PAYOUT_STATUSES),
        tx_hash: z.string(),
        nonce: z.int(),
        confirmations: z.int(),
        failure: z.string().nullable(),
        returned: z.boolean(),
      })
      .nullable(),
    required_confirmations: z.int(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminChainWithdrawal' });
export type AdminChainWithdrawal = z.infer<typeof adminChainWithdrawalSchema>;

/** GET /api/admin/chain/hot-wallet: the signer's hot wallet and its balances (public data, read over JSON-RPC). */
export const hotWalletSchema = z
  .object({
    /** Null until the signer first reported. */
    address: z.string().nullable(),
    balances: z.array(z.object({ token: z.string(), amount: z.string().nullable() })),
    signer: z.boolean(),
    sweeps: z.array(
      z.object({ kind: z.enum(['gas', 'sweep']), address: z.string(), token: z.string(), amount: z.string(), tx_hash: z.string(), created_at: z.string() }),
    ),
  })
  .meta({ id: 'HotWallet' });
export type HotWallet = z.infer<typeof hotWalletSchema>;

/** POST /api/admin/chain/sweeps */
export const chainSweepBodySchema = z.object({
  reason: z.string().trim().min(3, 'The reason must be at least 3 characters.').max(500, 'The reason may not be more than 500 characters.'),
});

/** The crypto rail's back office (server/modules/operators/chain-routes.ts); each answers 404 while the rail is off. */
export const chainAdminEndpoints = {
  deposits: defineEndpoint({
    method: 'GET',
    path: '/api/admin/chain/deposits',
    query: adminChainDepositsQuerySchema,
    responses: { 200: dataOf(z.array(adminChainDepositSchema)) },
    auth: 'operator',
    permission: 'payments.read',
    summary: 'On-chain deposits, with their transactions, confirmations and reorg flags',
    operationId: 'listChainDeposits',
  }),
  rates: defineEndpoint({
    method: 'GET',
    path: '/api/admin/chain/rates',
    responses: { 200: dataOf(chainRatesSchema) },
    auth: 'operator',
    permission: 'payments.read',
    summary: 'The rates on-chain deposits are credited at',
    operationId: 'getChainRates',
  }),
  setRate: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/chain/rates',
    body: chainRateBodySchema,
    responses: { 200: dataOf(chainRatesSchema) },
    auth: 'operator',
    permission: 'payments.manage',
    summary: 'Set a token’s rate, with a reason',
    operationId: 'setChainRate',
  }),
  withdrawals: defineEndpoint({
    method: 'GET',
    path: '/api/admin/chain/withdrawals',
    responses: { 200: dataOf(z.array(adminChainWithdrawalSchema)) },
    auth: 'operator',
    permission: 'payments.read',
    summary: 'On-chain withdrawals the signer paid or is paying',
    operationId: 'listChainWithdrawals',
  }),
  hotWallet: defineEndpoint({
    method: 'GET',
    path: '/api/admin/chain/hot-wallet',
    responses: { 200: dataOf(hotWalletSchema) },
    auth: 'operator',
    permission: 'payments.read',
    summary: 'The hot wallet’s address, balances and sweeps',
    operationId: 'getChainHotWallet',
  }),
  sweep: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chain/sweeps',
    body: chainSweepBodySchema,
    responses: { 200: dataOf(z.object({ sent: z.int() })) },
    auth: 'operator',
    permission: 'payments.manage',
    summary: 'Sweep the deposit addresses into the hot wallet, with a reason',
    operationId: 'sweepChainDeposits',
  }),
};

// The signer's side of the web server (docs/decisions/0123): signed with SIGNER_SECRET, not for browsers.
const HEX = /^0x[0-9a-fA-F]+$/;
/** POST /api/internal/chain/report */
export const signerReportSchema = z.object({
  hot_wallet: z.object({ address: z.string().regex(/^0x[0-9a-fA-F]{40}$/), next_nonce: z.int().min(0) }).optional(),
  payouts: z
    .array(
      z.object({
        withdrawal_id: z.uuid(),
        from: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
        nonce: z.int().min(0),
        tx_hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
        raw_tx: z.string().regex(HEX).max(10_000),
        status: z.enum(CHAIN_PAYOUT_STATUSES),
        confirmations: z.int().min(0),
        block_number: z.int().min(0).nullable(),
        failure: z.string().max(200).nullable(),
      }),
    )
    .max(500)
    .optional(),
  sweeps: z
    .array(
      z.object({
        kind: z.enum(['gas', 'sweep']),
        address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
        token: z.string().regex(/^[A-Z0-9]{2,11}$/),
        raw_amount: z.string().regex(/^\d{1,78}$/),
        tx_hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
      }),
    )
    .max(500)
    .optional(),
});
/** What the signer may pay: POST /api/internal/chain/approved → { data: SignerWithdrawal[] } */
export const signerWithdrawalSchema = z.object({
  withdrawal_id: z.string(),
  chain_id: z.int(),
  token: z.string(),
  token_contract: z.string().nullable(),
  decimals: z.int(),
  address: z.string(),
  raw_amount: z.string(),
  amount: z.int(),
  currency: z.string(),
});
export type SignerWithdrawal = z.infer<typeof signerWithdrawalSchema>;
/** POST /api/internal/chain/addresses → { data: SignerAddress[] }: the deposit addresses the signer sweeps, by index. */
export const signerAddressesSchema = z.array(z.object({ index: z.int(), address: z.string() }));
/** POST /api/internal/chain/report → { data }: what the report changed. */
export const signerReportAnswerSchema = z.object({ payouts: z.int(), ignored: z.int(), sweeps: z.int() });

/**
 * The signer service's calls (server/modules/payments/chain/signer-routes.ts): each signed with SIGNER_SECRET over
 * its raw body, which the server reads itself once the signature holds (400 not JSON, 422 not the report).
 */
export const signerEndpoints = {
  approved: defineEndpoint({
    method: 'POST',
    path: '/api/internal/chain/approved',
    body: z.unknown(),
    responses: { 200: dataOf(z.array(signerWithdrawalSchema)) },
    // The signature is the caller's proof, not a session.
    auth: 'public',
    summary: 'The signer: the approved on-chain withdrawals it may pay',
    operationId: 'getSignerWithdrawals',
  }),
  addresses: defineEndpoint({
    method: 'POST',
    path: '/api/internal/chain/addresses',
    body: z.unknown(),
    responses: { 200: dataOf(signerAddressesSchema) },
    auth: 'public',
    summary: 'The signer: the deposit addresses to sweep',
    operationId: 'getSignerAddresses',
  }),
  report: defineEndpoint({
    method: 'POST',
    path: '/api/internal/chain/report',
    body: signerReportSchema,
    responses: { 200: dataOf(signerReportAnswerSchema) },
    auth: 'public',
    summary: 'The signer: report payouts sent, confirmed or failed, and sweeps',
    operationId: 'reportSignerActivity',
  }),
};
