import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { DisputeEvent, GatewayEvent, GatewayEventType, PaymentEvent } from './event.ts';
import { sandboxCheckouts } from './schema.ts';

// A payment provider in a box (docs/decisions/0021-wallet-and-payments.md): a hosted card page and a crypto
// "network", reporting outcomes to our webhook signed with HMAC-SHA256 over the raw body. It behaves like an
// external gateway: it knows deposits only by reference and never touches our wallet tables.

export const SIGNATURE_HEADER = 'sandbox-signature';

/** Sandbox test cards, as real gateways publish them. Any other number that passes the Luhn check is declined. */
export const TEST_CARDS: Record<string, { approve: boolean; message?: string }> = {
  '4242424242424242': { approve: true },
  '4000000000000002': { approve: false, message: 'Your card was declined.' },
  '4000000000009995': { approve: false, message: 'Your card has insufficient funds.' },
};
const UNKNOWN_CARD = 'This sandbox only accepts its test cards. Use 4242 4242 4242 4242 to approve a payment.';

/** How an event reaches the merchant: an HTTP POST of the raw body with the signature header. True when accepted (2xx). */
export type WebhookTransport = (rawBody: string, signature: string) => Promise<boolean>;

export type Checkout = typeof sandboxCheckouts.$inferSelect;

export type CardForm = { card_number?: unknown; expiry?: unknown; cvc?: unknown; name?: unknown };
export type CardOutcome =
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'paid' | 'declined' | 'closed'; message: string | null; returnUrl: string };

const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000];

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function signPayload(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;

export function createSandboxGateway({ db, secret, logger }: { db: Database; secret: string; logger?: { warn: (o: object, m: string) => void } }) {
  let transport: WebhookTransport | undefined;
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function deliver(event: GatewayEvent, attempt = 0): Promise<boolean> {
    const raw = JSON.stringify(event);
    let accepted = false;
    try {
      accepted = transport ? await transport(raw, signPayload(secret, raw)) : false;
    } catch (error) {
      logger?.warn({ err: error, event: event.id }, 'sandbox webhook delivery failed');
    }
    await db
      .update(sandboxCheckouts)
      .set({ attempts: sql`${sandboxCheckouts.attempts} + 1`, lastError: accepted ? null : 'not accepted' })
      .where(eq(sandboxCheckouts.id, event.data.checkout_id));
    // Like a real provider: a refused or failed delivery is retried later with backoff, then given up.
    const delay = RETRY_DELAYS_MS[attempt];
    if (!accepted && delay !== undefined && !closed) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void deliver(event, attempt + 1);
      }, delay);
      timer.unref();
      timers.add(timer);
    }
    return accepted;
  }

  function event(checkout: Checkout, type: GatewayEventType, failureMessage: string | null, cardLast4: string | null = null): PaymentEvent {
    return {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type,
      created: Math.floor(Date.now() / 1000),
      data: {
        checkout_id: checkout.id,
        reference: checkout.reference,
        amount: checkout.amount,
        currency: checkout.currency,
        failure_message: failureMessage,
        card_last4: cardLast4,
      },
    };
  }

  async function find(id: string): Promise<Checkout | undefined> {
    const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
    return row;
  }

  /** Marks the checkout paid once; false when it already was (a double submit). */
  /**
   * Paid, but the success never reached the merchant: the process stopped between marking the checkout paid and
   * delivering (a node killed in between), or every delivery so far was refused. A real provider keeps retrying such
   * a notification; the payer's retry of the same step delivers it again here (the merchant credits once).
   */
  const undelivered = (checkout: Checkout) => checkout.status === 'paid' && (checkout.attempts === 0 || checkout.lastError !== null);

  async function markPaid(id: string): Promise<boolean> {
    const rows = await db
      .update(sandboxCheckouts)
      .set({ status: 'paid', paidAt: new Date() })
      .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, 'open')))
      .returning({ id: sandboxCheckouts.id });
    return rows.length === 1;
  }

  const cryptoConfirmUrl = (id: string) => `/sandbox-gateway/crypto/${id}/confirm`;
  // The request line is the signed message: never valid JSON, so it cannot pass for a webhook body, nor one for it.
  const confirmSignature = (id: string) => signPayload(secret, `POST ${cryptoConfirmUrl(id)}`);

  function matches(expected: string, header: string | undefined): boolean {
    if (!header) return false;
    const want = Buffer.from(expected);
    const given = Buffer.from(header.trim());
    return given.length === want.length && timingSafeEqual(given, want);
  }

  return {
    /** The merchant's webhook endpoint, connected once the HTTP app exists. */
    connect(webhook: WebhookTransport) {
      transport = webhook;
    },

    verifySignature: (rawBody: string, header: string | undefined): boolean => matches(signPayload(secret, rawBody), header),

    /** For tests and tools that play the gateway: a signed body as the gateway would send it. */
    sign(rawBody: string): string {
      return signPayload(secret, rawBody);
    },

    async createCheckout(input: {
      kind: 'card' | 'crypto';
      reference: string;
      amount: number;
      currency: string;
      returnUrl: string;
      address?: string;
    }): Promise<Checkout> {
      const id = `${input.kind === 'card' ? 'cs' : 'cc'}_${randomBytes(12).toString('hex')}`;
      await db
        .insert(sandboxCheckouts)
        .values({
          id,
          kind: input.kind,
          reference: input.reference,
          amount: input.amount,
          currency: input.currency,
          returnUrl: input.returnUrl,
          address: input.address ?? null,
        })
        .onConflictDoNothing();
      const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.reference, input.reference));
      return row!;
    },

    checkoutUrl: (id: string) => `/sandbox-gateway/checkout/${id}`,
    cryptoConfirmUrl,
    /**
     * What authorises "the network" to confirm a crypto checkout: handed only to the deposit's owner through our
     * owner-only deposit API, and sent back in the signature header (docs/decisions/0022).
     */
    confirmSignature,
    verifyConfirmSignature: (id: string, header: string | undefined): boolean => matches(confirmSignature(id), header),

    find,

    /** The card form was submitted: validate, decide by test card, tell the merchant, send the payer back. */
    async payByCard(id: string, form: CardForm): Promise<CardOutcome | null> {
      const checkout = await find(id);
      if (checkout?.kind !== 'card') return null;
      if (checkout.status !== 'open' && !undelivered(checkout))
        return { kind: 'closed', message: 'This payment was already completed.', returnUrl: checkout.returnUrl };
      const errors: Record<string, string> = {};
      const digits = typeof form.card_number === 'string' ? form.card_number.replace(/[\s-]/g, '') : '';
      if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.card_number = 'Enter a valid card number.';
      const expiry = typeof form.expiry === 'string' ? /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(form.expiry) : null;
      const now = new Date();
      if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) errors.expiry = 'Enter the expiry date as MM / YY.';
      else if (
        2000 + Number(expiry[2]) < now.getUTCFullYear() ||
        (2000 + Number(expiry[2]) === now.getUTCFullYear() && Number(expiry[1]) < now.getUTCMonth() + 1)
      ) {
        errors.expiry = 'This card has expired.';
      }
      if (typeof form.cvc !== 'string' || !/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digit security code.';
      if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };

      const card = TEST_CARDS[digits] ?? { approve: false, message: UNKNOWN_CARD };
      if (card.approve) {
        if (!(await markPaid(id)) && !undelivered((await find(id)) ?? checkout)) {
          return { kind: 'closed', message: 'This payment was already completed.', returnUrl: checkout.returnUrl };
        }
        await deliver(event(checkout, 'payment.succeeded', null, digits.slice(-4)));
        return { kind: 'paid', message: null, returnUrl: checkout.returnUrl };
      }
      await deliver(event(checkout, 'payment.failed', card.message ?? null, digits.slice(-4)));
      return { kind: 'declined', message: card.message ?? null, returnUrl: checkout.returnUrl };
    },

    /** The payer left the hosted page: an open checkout reports a failure ("cancelled"), so the deposit is not left pending. */
    async cancel(id: string): Promise<Checkout | null> {
      const checkout = await find(id);
      if (checkout?.kind !== 'card') return null;
      if (checkout.status === 'open') await deliver(event(checkout, 'payment.failed', 'You cancelled the payment.'));
      return checkout;
    },

    /** The sandbox crypto network: the payer's transfer to the address is confirmed on chain. */
    async confirmCrypto(id: string): Promise<Checkout | null> {
      const checkout = await find(id);
      if (checkout?.kind !== 'crypto') return null;
      if ((await markPaid(id)) || undelivered(checkout)) await deliver(event(checkout, 'payment.succeeded', null));
      return (await find(id)) ?? null;
    },

    /** The sandbox's payouts: every approved withdrawal is paid at once, under a payout id of its own. */
    payout: (): { id: string } => ({ id: `po_${randomBytes(12).toString('hex')}` }),

    /** A refund the merchant asked for through the API: accepted at once (a real provider may also notify it later). */
    refund: (): { id: string } => ({ id: `re_${randomBytes(12).toString('hex')}` }),

    /**
     * The card network takes money back from a paid checkout (a refund made in the provider's dashboard, or a
     * chargeback the cardholder's bank opened) and tells the merchant: for tests and the developer tools.
     */
    async dispute(reference: string, type: DisputeEvent['type'], amount: number): Promise<{ event: DisputeEvent; accepted: boolean } | null> {
      const [checkout] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.reference, reference));
      if (checkout?.status !== 'paid') return null;
      const base = event(checkout, 'payment.succeeded', null);
      const disputed: DisputeEvent = {
        ...base,
        type,
        data: { ...base.data, amount, dispute_id: `${type === 'charge.refunded' ? 're' : 'dp'}_${randomBytes(12).toString('hex')}` },
      };
      return { event: disputed, accepted: await deliver(disputed) };
    },

    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
