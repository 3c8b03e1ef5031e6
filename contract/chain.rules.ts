// The on-chain crypto rail's plain values (docs/decisions/0109-crypto-rail.md), shared by the cashier and the server.
// No zod here: the site's bundles import this file; the schemas are in chain.ts. Imports nothing.

export const CHAIN_DEPOSIT_STATUSES = ['seen', 'confirmed', 'credited', 'dropped'] as const;
export type ChainDepositStatus = (typeof CHAIN_DEPOSIT_STATUSES)[number];

/** Why a confirmed deposit is not credited yet: no fresh rate, or an amount too small (or too large) to credit alone. */
export const CHAIN_WAITING_REASONS = ['rate', 'amount'] as const;

/** An on-chain deposit as the player's cashier shows it (chain.ts's `chainDepositSchema`). */
export type ChainDeposit = {
  id: string;
  token: string;
  /** In whole tokens, exactly ("25.5"). */
  amount: string;
  decimals: number;
  tx_hash: string;
  status: ChainDepositStatus;
  confirmations: number;
  required_confirmations: number;
  waiting_for: (typeof CHAIN_WAITING_REASONS)[number] | null;
  quote: { amount: number; currency: string; rate: string } | null;
  seen_at: string;
  credited_at: string | null;
};

/** What GET /api/payments/crypto answers (chain.ts's `cryptoDepositInfoSchema`). */
export type CryptoDepositInfo = {
  address: string;
  chain_id: number;
  confirmations: number;
  tokens: { symbol: string; decimals: number; contract: string | null }[];
  deposits: ChainDeposit[];
  /** Withdrawals to an address (docs/decisions/0123): the coins with their current rate (null: not now) and limits; null when off. */
  withdrawal: CryptoWithdrawalOffer | null;
};

export type CryptoWithdrawalOffer = { tokens: { symbol: string; decimals: number; rate: string | null }[]; min: number; max: number };

/** The signer's payout states (docs/decisions/0123): signed and stored, sent, N confirmations, or failed (money returned). */
export const CHAIN_PAYOUT_STATUSES = ['signed', 'broadcast', 'confirmed', 'failed'] as const;
export type ChainPayoutStatus = (typeof CHAIN_PAYOUT_STATUSES)[number];

/** What an on-chain withdrawal's payout is doing, in operators' words. */
export function chainPayoutProgress(payout: { status: ChainPayoutStatus; confirmations: number; returned: boolean } | null, required: number): string {
  if (!payout) return 'Waiting for the signer';
  if (payout.status === 'confirmed') return 'Paid';
  if (payout.status === 'failed') return payout.returned ? 'Failed, money returned' : 'Failed, returning the money';
  if (payout.status === 'signed') return 'Signed, sending';
  return `Sent, ${payout.confirmations} of ${required} confirmations`;
}

/** The network's name for a chain id; the id itself for one we do not name. */
export function chainName(chainId: number): string {
  const names: Record<number, string> = {
    1: 'Ethereum',
    10: 'Optimism',
    137: 'Polygon',
    8453: 'Base',
    42161: 'Arbitrum One',
    11155111: 'Sepolia testnet',
    31337: 'Local test chain',
  };
  return names[chainId] ?? `Chain ${chainId}`;
}

/** The realtime event that tells a player's browsers an on-chain deposit moved (seen, n of N, credited, dropped). */
export const CHAIN_DEPOSIT_EVENT = 'ChainDepositUpdated';

/** Where a deposit stands, in the player's words. */
export function chainDepositProgress(deposit: {
  status: ChainDepositStatus;
  confirmations: number;
  required_confirmations: number;
  waiting_for: string | null;
}): string {
  if (deposit.status === 'credited') return 'Credited to your balance';
  if (deposit.status === 'dropped') return 'Dropped by the network: this payment is no longer on the chain';
  if (deposit.status === 'confirmed') return deposit.waiting_for === 'rate' ? 'Confirmed, waiting for an exchange rate' : 'Confirmed, waiting for our team';
  return `Seen, ${deposit.confirmations} of ${deposit.required_confirmations} confirmations`;
}

/**
 * What `minor` cents buy of a coin at `rate` (currency per whole coin, a plain decimal), in whole coins, rounded down
 * to the coin's smallest unit: the cashier's preview of the server's quote (server/modules/payments/chain/quote.ts
 * `tokenUnitsFor`, the one that counts). Null for a rate that is not a positive decimal.
 */
export function withdrawalCoins(minor: number, decimals: number, rate: string): string | null {
  const match = /^(\d{1,12})(?:\.(\d{1,18}))?$/.exec(rate);
  if (!match || !Number.isSafeInteger(minor) || minor < 0) return null;
  const units = BigInt(match[1]!) * 10n ** 18n + BigInt((match[2] ?? '').padEnd(18, '0'));
  if (units <= 0n) return null;
  const raw = (BigInt(minor) * 10n ** BigInt(decimals) * 10n ** 18n) / (units * 100n);
  const scale = 10n ** BigInt(decimals);
  const fraction = (raw % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${raw / scale}.${fraction}` : `${raw / scale}`;
}
