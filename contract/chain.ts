// The on-chain crypto rail's API (docs/decisions/0109-crypto-rail.md): the player's deposit address and their
// on-chain deposits. Plain values live in chain.rules.ts (re-exported here).
import { z } from 'zod';
import { CHAIN_DEPOSIT_STATUSES, CHAIN_WAITING_REASONS, type ChainDeposit, type CryptoDepositInfo } from './chain.rules.ts';

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
