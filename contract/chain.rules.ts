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
};

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
