import type { Deposit, PaymentMethodId } from '../../../contract/wallet.ts';
import { analytics } from '../../lib/analytics.ts';

/**
 * SPEC.md §3 payment event: `amount` in major units, as tag managers read values, and `error` only when
 * the payment failed (a decline, or an error answer from our API).
 */
export function trackPayment(type: 'deposit' | 'withdrawal', gateway: PaymentMethodId, minor: number, error?: string): void {
  analytics().track({ event: 'payment', type, gateway, amount: minor / 100, ...(error ? { error } : {}) });
}

/** A deposit's final outcome is reported once, however often its result page is opened again. */
export function trackDepositOutcome(deposit: Deposit): void {
  if (deposit.status === 'pending') return;
  const key = `payment-tracked:${deposit.id}`;
  try {
    if (window.sessionStorage.getItem(key)) return;
    window.sessionStorage.setItem(key, deposit.status);
  } catch {
    // Without storage a reload may report the outcome twice; the event itself still goes out.
  }
  trackPayment('deposit', deposit.method, deposit.amount, deposit.status === 'declined' ? (deposit.failure_message ?? 'The payment was declined.') : undefined);
}
