import type { PaymentMethodId } from '../../../contract/wallet.ts';
import { callApi } from '../../lib/api.ts';

// The cashier's calls to the payments API (contract/wallet.ts). Money-moving calls carry the attempt's Idempotency-Key.

export const fetchPaymentMethods = () => callApi('GET', '/api/payments/methods');

export const fetchPlayer = () => callApi('GET', '/api/player');

export const fetchDeposit = (id: string) => callApi('GET', `/api/payments/deposits/${encodeURIComponent(id)}`);

export const createDeposit = (body: { method: PaymentMethodId; amount: number; bonusId?: string }, idempotencyKey: string) =>
  callApi('POST', '/api/payments/deposits', body, { 'Idempotency-Key': idempotencyKey });

/** The sandbox network's "send": only ever its confirmation path on our own origin, signed as the deposit gives it. */
export function confirmSandboxTransfer(url: string, signature: string) {
  const id = /^\/sandbox-gateway\/crypto\/([^/?#]+)\/confirm$/.exec(url)?.[1];
  if (id === undefined) return Promise.resolve({ ok: false as const, status: 0, message: 'This deposit cannot be confirmed here.' });
  return callApi('POST', `/sandbox-gateway/crypto/${id}/confirm`, undefined, { 'Sandbox-Signature': signature });
}

export const requestWithdrawal = (
  body: { method: PaymentMethodId; amount: number; address?: string; token?: string; forfeit_bonus?: boolean },
  idempotencyKey: string,
) => callApi('POST', '/api/payments/withdrawals', body, { 'Idempotency-Key': idempotencyKey });

export const fetchPendingWithdrawals = () => callApi('GET', '/api/payments/withdrawals');
