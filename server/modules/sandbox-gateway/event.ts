import { z } from 'zod';
import type { FieldErrors } from '../../../contract/accounts.ts';
import { MAX_AMOUNT } from '../../../contract/wallet.ts';

export { MAX_AMOUNT };

// The gateway's webhook event, exactly: every identifier in its own shape, every string bounded, the amount a
// bounded positive integer (docs/decisions/0023). A signed body is still input: a gateway can have bugs.

/** Printable text without control characters (NUL included), which PostgreSQL text refuses or logs would mangle. */
const text = (max: number) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

export const gatewayEventSchema = z.object({
  id: z.string().regex(/^evt_[0-9a-f]{24}$/, 'must be an event id such as evt_ followed by 24 hex digits'),
  type: z.enum(['payment.succeeded', 'payment.failed'], 'must be payment.succeeded or payment.failed'),
  created: z
    .int('must be a whole number of seconds')
    .min(0, 'must be a Unix time')
    .max(2 ** 32, 'must be a Unix time'),
  data: z.object({
    checkout_id: z.string().regex(/^c[sc]_[0-9a-f]{24}$/, 'must be a checkout id'),
    reference: z.uuid('must be a UUID'),
    amount: z.int('must be an integer of minor units').min(1, 'must be at least 1').max(MAX_AMOUNT, `must be at most ${MAX_AMOUNT}`),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code'),
    failure_message: text(200).nullable(),
    card_last4: z
      .string()
      .regex(/^[0-9]{4}$/, 'must be 4 digits')
      .nullable(),
  }),
});

/**
 * A refund or a chargeback of a paid checkout (docs/decisions/0104): the same envelope, with the id of the refund
 * or dispute, which our side posts once, and the amount taken back.
 */
export const DISPUTE_EVENT_TYPES = ['charge.refunded', 'charge.dispute.lost'] as const;
export const disputeEventSchema = gatewayEventSchema.extend({
  type: z.enum(DISPUTE_EVENT_TYPES, 'must be charge.refunded or charge.dispute.lost'),
  data: gatewayEventSchema.shape.data.extend({
    dispute_id: z.string().regex(/^(re|dp)_[0-9a-f]{24}$/, 'must be a refund or dispute id'),
  }),
});

export type PaymentEvent = z.infer<typeof gatewayEventSchema>;
export type DisputeEvent = z.infer<typeof disputeEventSchema>;
export type GatewayEvent = PaymentEvent | DisputeEvent;
export type GatewayEventType = PaymentEvent['type'];

const isDisputeBody = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (DISPUTE_EVENT_TYPES as readonly unknown[]).includes((value as { type?: unknown }).type);

/** The event in a verified body, or the fields that are wrong, keyed as Laravel keys nested fields (`data.amount`). */
export function parseGatewayEvent(value: unknown): { event: GatewayEvent } | { errors: FieldErrors } {
  const schema: z.ZodType<GatewayEvent> = isDisputeBody(value) ? disputeEventSchema : gatewayEventSchema;
  const parsed = schema.safeParse(value, {
    error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined),
  });
  if (parsed.success) return { event: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
    (errors[field] ??= []).push(`The ${field} field ${/^(must|is required)/.test(issue.message) ? issue.message : 'is invalid'}.`);
  }
  return { errors };
}
