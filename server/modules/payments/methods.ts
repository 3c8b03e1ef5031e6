import type { PaymentMethod } from '../../../contract/wallet.ts';
import type { PaymentGateways } from './gateways/registry.ts';

// The payment methods and their limits, in minor units of the site currency (docs/decisions/0021): whatever the
// gateway adapters that are on offer (docs/decisions/0104); none when none is on.
export function paymentMethods(gateways: Pick<PaymentGateways, 'methods'>, currency: string, country?: string | null): PaymentMethod[] {
  return gateways.methods(currency, country);
}

/** The ids of the card methods on offer: a card withdrawal goes back to a card deposited with through one of them. */
export function cardMethodIds(gateways: Pick<PaymentGateways, 'methods'>, currency: string): string[] {
  return paymentMethods(gateways, currency)
    .filter((method) => method.type === 'card')
    .map((method) => method.id);
}
