// The back office's Payments screen (docs/decisions/0104): plain values shared by the console and the server.
// No zod here; the schemas are in payments-admin.ts, which re-exports all of this. Imports nothing.

export const PAYMENT_KINDS = ['deposit', 'withdrawal'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** Every status a deposit or a withdrawal can have, for the screen's filter. */
export const PAYMENT_STATUSES = ['pending', 'completed', 'declined', 'refunded', 'charged_back', 'paid', 'rejected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What a payment's history records: a provider's notification or a person's action. */
export const PAYMENT_EVENT_KINDS = [
  'created',
  'authorised',
  'completed',
  'declined',
  'refunded',
  'charged_back',
  'reversed',
  'debt_repaid',
  'paid',
  'rejected',
] as const;
export type PaymentEventKind = (typeof PAYMENT_EVENT_KINDS)[number];

export const PAYMENTS_PER_PAGE = 25;
