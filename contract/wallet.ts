// The wallet and payments API the player site and the server agree on (docs/decisions/0021-wallet-and-payments.md).
// Every amount is an integer number of minor units (cents) of `currency`. Imports nothing of ours.

/** GET /api/player/wallet → { data: Wallet } */
export type Wallet = {
  currency: string;
  /** What the player can play with: cash + bonus. */
  balance: number;
  cash: number;
  bonus: number;
  /** What the player may withdraw now: the cash balance (bonus money never is). */
  withdrawable: number;
  /** Money requested for withdrawal and held until an operator pays or rejects it. */
  pending_withdrawals: number;
  pending_withdrawals_count: number;
  /** Completed deposits minus paid withdrawals, lifetime and in the current calendar month (UTC). */
  net_deposits: { lifetime: number; this_month: number };
  /** SPEC.md §3 `userDeposits`: has the player ever completed a deposit. */
  has_deposited: boolean;
};

export const PAYMENT_METHOD_IDS = ['sandbox-card', 'sandbox-crypto'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

/** A deposit's `bonusId`: a promotion's slug or id, as the cashier's `?bonusId=` carries it. */
export const BONUS_ID_PATTERN = '^[A-Za-z0-9_-]{1,100}$';

export type AmountLimits = { min: number; max: number };

/** GET /api/payments/methods → { data: PaymentMethod[] } */
export type PaymentMethod = {
  id: PaymentMethodId;
  name: string;
  type: 'card' | 'crypto';
  currency: string;
  deposit: AmountLimits;
  withdrawal: AmountLimits;
  /** Quick-pick deposit amounts shown as buttons. */
  quick_amounts: number[];
};

export type DepositStatus = 'pending' | 'completed' | 'declined';
export type WithdrawalStatus = 'pending' | 'paid' | 'rejected';

/** POST /api/payments/deposits and GET /api/payments/deposits/{id} → { data: Deposit } */
export type Deposit = {
  id: string;
  method: PaymentMethodId;
  status: DepositStatus;
  amount: number;
  currency: string;
  /** The hosted payment page (card), or null when the player pays to an address (crypto). */
  redirect_url: string | null;
  /** Crypto only: the player's deposit address, shown as text and QR code. */
  address: string | null;
  /** Sandbox crypto only: the sandbox network's "send" endpoint that confirms the transfer. */
  sandbox_confirm_url: string | null;
  /** Sandbox crypto only: sent as the `Sandbox-Signature` header with that POST, which is refused without it. */
  sandbox_confirm_signature: string | null;
  bonus_id: string | null;
  failure_message: string | null;
  created_at: string;
  completed_at: string | null;
};

/** POST /api/payments/withdrawals → { data: Withdrawal } */
export type Withdrawal = {
  id: string;
  method: PaymentMethodId;
  status: WithdrawalStatus;
  amount: number;
  currency: string;
  /** Where the money goes: a masked card or the crypto address. */
  destination: string;
  created_at: string;
  decided_at: string | null;
};

export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'bet', 'win', 'bonus', 'adjustment'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_STATUSES = ['pending', 'completed', 'declined', 'paid', 'rejected'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** GET /api/player/transactions → { data: Transaction[], meta: TransactionsMeta } */
export type Transaction = {
  id: string;
  type: TransactionType;
  status: TransactionStatus;
  /** Signed, from the player's point of view: money in is positive, money out negative. */
  amount: number;
  currency: string;
  created_at: string;
  /** The deposit or withdrawal id, or the game round of a bet or win. */
  reference_id: string | null;
};

export type TransactionsMeta = { current_page: number; per_page: number; total: number; last_page: number };

/** `BalanceUpdated` (namespace App.Events) on `private-App.Models.User.{id}`: the wallet after the change. */
export type BalanceUpdated = { wallet: Wallet };

export const KYC_MESSAGE = 'Your account must be KYC verified!';
