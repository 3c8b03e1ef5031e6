import type { PaymentMethod, PaymentMethodId } from '../../../contract/wallet.ts';

// The payment methods and their limits, in minor units of the site currency (docs/decisions/0021).
// Both go through the sandbox gateway until an operator connects a real provider.
export function paymentMethods(currency: string): PaymentMethod[] {
  return [
    {
      id: 'sandbox-card',
      name: 'Card',
      type: 'card',
      currency,
      deposit: { min: 10_00, max: 5_000_00 },
      withdrawal: { min: 20_00, max: 5_000_00 },
      quick_amounts: [20_00, 50_00, 100_00, 250_00],
    },
    {
      id: 'sandbox-crypto',
      name: 'Crypto',
      type: 'crypto',
      currency,
      deposit: { min: 20_00, max: 50_000_00 },
      withdrawal: { min: 20_00, max: 20_000_00 },
      quick_amounts: [50_00, 100_00, 500_00, 1_000_00],
    },
  ];
}

export function findMethod(currency: string, id: string): PaymentMethod | undefined {
  return paymentMethods(currency).find((method) => method.id === (id as PaymentMethodId));
}
