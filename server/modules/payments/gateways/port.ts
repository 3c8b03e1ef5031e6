import type { FieldErrors } from '../../../../contract/accounts.ts';
import type { PaymentMethod } from '../../../../contract/wallet.ts';

// The PaymentGateway port (docs/decisions/0104-payment-gateway-port.md, docs/payment-adapters.md): everything the
// payments module asks of a payment provider. An adapter implements it for one provider; the registry
// (registry.ts) turns the configuration into the adapters that are on. Deposits, withdrawals and methods only ever
// talk to this port, so connecting a provider never edits them.

/** What a notification (webhook) says happened to a payment, in the provider-neutral words of `payment_events`. */
export const NOTIFICATION_KINDS = ['authorised', 'completed', 'declined', 'refunded', 'charged_back', 'reversed'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A provider's notification, verified and parsed: about the deposit whose id is `reference`. */
export type GatewayNotification = {
  /** The provider's id of this notification: a repeated one changes nothing. */
  id: string;
  kind: NotificationKind;
  /** Our deposit id, as we handed it to the provider when the deposit started. */
  reference: string;
  /**
   * The provider's id of the thing that happened: the checkout for authorised/completed/declined, the refund or
   * dispute for refunded/charged_back/reversed. Refunds and chargebacks are posted once per provider reference.
   */
  providerReference: string;
  /** Minor units; for a refund or chargeback the amount taken back (at most what is left of the deposit). */
  amount: number;
  currency: string;
  /** Declines: what the player is told. */
  failureMessage?: string | null;
  /** Card payments: the last four digits, so a card withdrawal can name where it goes. */
  cardLast4?: string | null;
  /** What the provider said, with anything personal or secret removed by the adapter (shown in the back office). */
  details: Record<string, unknown>;
};

/** Where the player goes to pay: the provider's hosted page, or the address (and QR payload) to send coins to. */
export type DepositStart = { providerReference: string; redirectUrl: string | null; address: string | null };

export type StartDeposit = {
  /** Our deposit id: the provider's reference for it, and the key that makes starting twice open one checkout. */
  depositId: string;
  method: PaymentMethod;
  amount: number;
  currency: string;
  /** The page the provider sends the player back to. */
  returnUrl: string;
  /** Crypto: the player's deposit address (from `depositAddress`). */
  address: string | null;
};

/** The provider must treat a repeat with the same `withdrawalId` as the same payout (it is its idempotency key). */
export type PayWithdrawal = { withdrawalId: string; method: PaymentMethod; amount: number; currency: string; destination: string };

/** `idempotencyKey`: the provider must answer a repeat with the same refund, never refund twice. */
export type RefundRequest = {
  depositId: string;
  /** The deposit's checkout at the provider. */
  providerReference: string | null;
  amount: number;
  currency: string;
  reason: string;
  idempotencyKey: string;
};

/** A webhook request as it arrived: the raw bytes (signatures cover them) and the headers. */
export type RawNotification = { rawBody: string; headers: Record<string, string | string[] | undefined> };

export type PaymentGateway = {
  /** Short lowercase id: the webhook is `/api/payments/webhooks/{id}`, configuration names it in PAYMENT_GATEWAYS. */
  id: string;
  /** The methods this provider offers for a wallet in `currency`, for a player in `country` (ISO 3166-1, when known). */
  methods(currency: string, country?: string | null): PaymentMethod[];
  /** Crypto methods: a new address for this player (stored and reused by payments). */
  depositAddress?(playerId: number): Promise<string>;
  /** Starts paying a deposit. Must be safe to repeat for one `depositId` (same checkout back). */
  startDeposit(input: StartDeposit): Promise<DepositStart>;
  /**
   * For a pending deposit the player must confirm themselves (the sandbox's simulated network): the link and
   * its signature the cashier shows. Null for every other provider and state.
   */
  confirmation?(deposit: { method: string; status: string; providerReference: string | null }): { url: string; signature: string } | null;
  /** True when the request really comes from the provider (its signature over the raw body, in constant time). */
  verifyNotification(request: RawNotification): boolean;
  /** The verified body as a notification, or the fields that are wrong (a 422 naming them). */
  parseNotification(body: unknown): { notification: GatewayNotification } | { errors: FieldErrors };
  /** Sends an approved withdrawal's money; throws when the provider refuses (nothing is paid then). */
  payWithdrawal(input: PayWithdrawal): Promise<{ providerReference: string }>;
  /** Asks the provider to refund (part of) a deposit; the refund's reference. Throws when it refuses. */
  refund(input: RefundRequest): Promise<{ providerReference: string }>;
  /** In-process providers deliver notifications through our own HTTP stack; told the way once the app exists. */
  connect?(deliver: (request: RawNotification) => Promise<boolean>): void;
  close?(): void;
};
