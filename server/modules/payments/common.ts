import { formatMoney } from '../../../contract/money.ts';
import type { Deposit, PaymentMethod, PaymentMethodId, Withdrawal, WithdrawalStatus } from '../../../contract/wallet.ts';
import type { Database } from '../../db/client.ts';
import { invalid } from '../../problem.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { OnchainWithdrawals } from './chain/payouts.ts';
import type { PaymentGateway } from './gateways/port.ts';
import type { PaymentGateways } from './gateways/registry.ts';
import type { deposits, withdrawals } from './schema.ts';

// What deposits, withdrawals and operator decisions share: their rows as the API shows them, the method limits,
// and the dependencies of the payments service.

export type DepositRow = typeof deposits.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type PayingPlayer = { id: number; active: boolean; blocked: boolean };
export type AdminWithdrawal = Withdrawal & { player_id: string; review_due_at: string | null };

/** What payments asks of the bonuses module (wired in server/services.ts). */
export type PaymentBonuses = {
  claim(playerId: number, slug: string, idempotencyKey: string, deposit: { id: string; amount: number }): Promise<unknown>;
  depositCompleted(playerId: number, depositId: string, amount: number): Promise<void>;
  beforeWithdrawal(playerId: number, forfeit: boolean): Promise<void>;
  /** A refund or chargeback took the deposit back: a bonus it activated is forfeited (docs/decisions/0104). */
  depositReversed?(playerId: number, depositId: string): Promise<void>;
};

export type PaymentsDependencies = {
  db: Database;
  /** The bonus a deposit claims and activates, and the forfeit a withdrawal needs; no bonuses without it. */
  bonuses?: PaymentBonuses;
  ledger: LedgerService;
  /** The payment gateway adapters that are on (docs/decisions/0104); none: no method is offered (docs/decisions/0022). */
  gateways: PaymentGateways;
  currency: string;
  /** Responsible-gambling deposit limits (limits module); a deposit is counted by its `reference`. */
  depositLimits?: DepositLimits;
  /** Compliance (issue 33, docs/decisions/0114): a hold keeps withdrawals from being paid; it hears new requests. */
  compliance?: WithdrawalCompliance;
  /** On-chain withdrawals paid by the signer (docs/decisions/0123); off without a chain and a signer. */
  onchain?: OnchainWithdrawals;
};

export type WithdrawalCompliance = {
  /** Why the player's withdrawals must wait for a compliance review; null when they need not. */
  withdrawalHold: (playerId: number) => Promise<string | null>;
  /** Told after a new (not replayed) request committed; never delays or fails the request. */
  withdrawalRequested?: (request: { playerId: number; id: string; amount: number; method: string; destination: string; at: Date }) => void;
};

export type DepositLimits = {
  /** Refuses (403 `excluded` or `limit`) or counts the deposit; before any gateway is involved. */
  reserveDeposit: (deposit: { playerId: number; amount: number; reference: string }) => Promise<void>;
  releaseDeposit: (reference: string) => Promise<void>;
  depositCredited: (deposit: { playerId: number; amount: number; reference: string }) => Promise<void>;
};

/** The name a deposit is counted under by the limits: fixed by the player and their Idempotency-Key. */
export const limitReference = (playerId: number, idempotencyKey: string) => `deposit:${playerId}:${idempotencyKey}`;

/** The method, if offered, and the amount within its limits for `direction`; else the 422 the player sees. */
export function methodOrFail(
  { gateways, currency }: Pick<PaymentsDependencies, 'gateways' | 'currency'>,
  method: string,
  direction: 'deposit' | 'withdrawal',
  amount: number,
): { found: PaymentMethod; gateway: PaymentGateway } {
  const offered = gateways.forMethod(currency, method);
  if (!offered) throw invalid({ method: ['The selected method is invalid.'] });
  const { method: found, gateway } = offered;
  const limits = found[direction];
  if (amount < limits.min) throw invalid({ amount: [`The amount must be at least ${formatMoney(limits.min, currency)}.`] });
  if (amount > limits.max) throw invalid({ amount: [`The amount may not be greater than ${formatMoney(limits.max, currency)}.`] });
  return { found, gateway };
}

export function toDeposit(row: DepositRow, gateways: Pick<PaymentGateways, 'forMethod'>): Deposit {
  // A deposit its owner confirms themselves (the sandbox's simulated network), while its gateway is on.
  const confirmation =
    gateways.forMethod(row.currency, row.method)?.gateway.confirmation?.({ method: row.method, status: row.status, providerReference: row.gatewayReference }) ??
    null;
  return {
    id: row.id,
    method: row.method as PaymentMethodId,
    status: row.status as Deposit['status'],
    amount: row.amount,
    currency: row.currency,
    redirect_url: row.redirectUrl,
    address: row.address,
    sandbox_confirm_url: confirmation?.url ?? null,
    sandbox_confirm_signature: confirmation?.signature ?? null,
    bonus_id: row.bonusId,
    failure_message: row.failureMessage,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    method: row.method as PaymentMethodId,
    status: row.status as WithdrawalStatus,
    amount: row.amount,
    currency: row.currency,
    destination: row.destination,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}
