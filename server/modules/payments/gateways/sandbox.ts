import type { PaymentMethod, PaymentMethodId } from '../../../../contract/wallet.ts';
import { randomBytes } from 'node:crypto';
import { disputeEventSchema, gatewayEventSchema, parseGatewayEvent } from '../../sandbox-gateway/event.ts';
import { SIGNATURE_HEADER, type SandboxGateway } from '../../sandbox-gateway/service.ts';
import type { GatewayNotification, PaymentGateway } from './port.ts';

// The sandbox gateway (docs/decisions/0022) behind the PaymentGateway port: the worked example of
// docs/payment-adapters.md. The sandbox module plays the provider (hosted card page, simulated crypto network,
// signed webhooks); this file is all our side knows of it.

export const SANDBOX_GATEWAY_ID = 'sandbox';
/** The sandbox's webhook body, for the OpenAPI document: a payment's outcome, or a refund or chargeback of it. */
export const sandboxNotificationSchemas = [gatewayEventSchema, disputeEventSchema] as const;

/** The methods and their limits, in minor units of the site currency (docs/decisions/0021); the same in every country. */
function sandboxMethods(currency: string): PaymentMethod[] {
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

const KINDS = {
  'payment.succeeded': 'completed',
  'payment.failed': 'declined',
  'charge.refunded': 'refunded',
  'charge.dispute.lost': 'charged_back',
} as const;

export function sandboxAdapter(sandbox: SandboxGateway): PaymentGateway {
  return {
    id: SANDBOX_GATEWAY_ID,
    methods: (currency) => sandboxMethods(currency),

    // Sandbox addresses look like bech32 ones but belong to no real network.
    depositAddress: async () => `sbx1q${randomBytes(20).toString('hex')}`,

    async startDeposit({ depositId, method, amount, currency, returnUrl, address }) {
      const isCard = method.type === 'card';
      const checkout = await sandbox.createCheckout({
        kind: isCard ? 'card' : 'crypto',
        reference: depositId,
        amount,
        currency,
        returnUrl,
        address: address ?? undefined,
      });
      return { providerReference: checkout.id, redirectUrl: isCard ? sandbox.checkoutUrl(checkout.id) : null, address };
    },

    // Only a pending sandbox crypto deposit can still be confirmed by its owner (the simulated network).
    confirmation({ method, status, providerReference }) {
      if (method !== ('sandbox-crypto' satisfies PaymentMethodId) || status !== 'pending' || !providerReference) return null;
      return { url: sandbox.cryptoConfirmUrl(providerReference), signature: sandbox.confirmSignature(providerReference) };
    },

    verifyNotification({ rawBody, headers }) {
      const signature = headers[SIGNATURE_HEADER];
      return sandbox.verifySignature(rawBody, typeof signature === 'string' ? signature : undefined);
    },

    parseNotification(body) {
      const parsed = parseGatewayEvent(body);
      if ('errors' in parsed) return parsed;
      const { event } = parsed;
      const notification: GatewayNotification = {
        id: event.id,
        kind: KINDS[event.type],
        reference: event.data.reference,
        providerReference: 'dispute_id' in event.data ? event.data.dispute_id : event.data.checkout_id,
        amount: event.data.amount,
        currency: event.data.currency,
        failureMessage: event.data.failure_message,
        cardLast4: event.data.card_last4,
        // Nothing personal in a sandbox event: the card's last four digits are what a receipt shows anyway.
        details: { event: event.id, type: event.type, checkout: event.data.checkout_id, created: event.created },
      };
      return { notification };
    },

    payWithdrawal: async () => ({ providerReference: sandbox.payout().id }),
    refund: async () => ({ providerReference: sandbox.refund().id }),

    connect(deliver) {
      sandbox.connect((rawBody, signature) => deliver({ rawBody, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature } }));
    },
  };
}
