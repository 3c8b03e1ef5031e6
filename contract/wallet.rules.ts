// The wallet's and payments' plain values, shared by the player site and the server: statuses, payment methods,
// bounds and texts. No zod here, so the site's bundles can import it; the schemas are in wallet.ts, which re-exports
// all of this. Imports nothing.

/** `onchain`: a deposit the chain watcher credited from a transfer to the player's own address (docs/decisions/0109). */
export const PAYMENT_METHOD_IDS = ['sandbox-card', 'sandbox-crypto', 'onchain'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

/** A deposit's `bonusId`: a promotion's slug or id, as the cashier's `?bonusId=` carries it. */
export const BONUS_ID_PATTERN = '^[A-Za-z0-9_-]{1,100}$';

export type AmountLimits = { min: number; max: number };

export const DEPOSIT_STATUSES = ['pending', 'completed', 'declined', 'refunded', 'charged_back'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** The largest amount any method accepts, in minor units (the gateway's events use the same bound). */
export const MAX_AMOUNT = 100_000_000_00;

export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'bet', 'win', 'bonus', 'adjustment'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/**
 * `refunded`, `charged_back`, `reversed`: money a refund or the player's bank took back from a deposit;
 * `debt_repaid`: what a deposit repaid of an amount a chargeback left owing (docs/decisions/0104).
 */
export const TRANSACTION_STATUSES = ['pending', 'completed', 'declined', 'paid', 'rejected', 'refunded', 'charged_back', 'reversed', 'debt_repaid'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const KYC_MESSAGE = 'Your account must be KYC verified!';
