import type { Address } from 'viem';
import type { ChainToken } from '../../../config-chain.ts';

// The shapes on-chain withdrawals pass between the web server and the signer (payouts.ts).

/** What the signer reports (POST /api/internal/chain/report, contract/chain.ts signerReportSchema). */
export type SignerReport = {
  hot_wallet?: { address: string; next_nonce: number } | undefined;
  payouts?:
    | {
        withdrawal_id: string;
        from: string;
        nonce: number;
        tx_hash: string;
        raw_tx: string;
        status: 'signed' | 'broadcast' | 'confirmed' | 'failed';
        confirmations: number;
        block_number: number | null;
        failure: string | null;
      }[]
    | undefined;
  sweeps?: { kind: 'gas' | 'sweep'; address: string; token: string; raw_amount: string; tx_hash: string }[] | undefined;
};

export type PreparedChainWithdrawal = {
  destination: string;
  token: ChainToken;
  address: Address;
  rawAmount: bigint;
  rate: string;
  rateSetAt: Date;
};
