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

export type GatewayEvent = z.infer<typeof gatewayEventSchema>;
export type GatewayEventType = GatewayEvent['type'];

/** The event in a verified body, or the fields that are wrong, keyed as Laravel keys nested fields (`data.amount`). */
export function parseGatewayEvent(value: unknown): { event: GatewayEvent } | { errors: FieldErrors } {
  const parsed = gatewayEventSchema.safeParse(value, {
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
