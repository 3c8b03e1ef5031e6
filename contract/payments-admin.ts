import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { dataOf, matching, PAGE, PER_PAGE, pageMetaSchema, UUID_TEXT } from './http.ts';
import { actionReasonSchema } from './operators.ts';
import { PAYMENT_EVENT_KINDS, PAYMENT_KINDS, PAYMENT_STATUSES } from './payments-admin.rules.ts';

export * from './payments-admin.rules.ts';

// The back office's Payments API (docs/decisions/0104): search, one payment's history, refunds and chargebacks.

const DAY = matching(/^(19|2\d)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);

/** GET /api/admin/payments: every filter optional; `q` finds players by name or e-mail. */
export const adminPaymentsQuerySchema = z.object({
  q: z.string().trim().max(254).optional(),
  reference: z.string().trim().max(200).optional(),
  kind: z.enum(PAYMENT_KINDS).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  method: matching(/^[a-z0-9][a-z0-9-]{0,49}$/).optional(),
  from: DAY.optional(),
  to: DAY.optional(),
  page: PAGE.optional(),
  per_page: PER_PAGE.optional(),
});

const paymentPlayerSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const adminPaymentSchema = z
  .object({
    id: z.string(),
    kind: z.enum(PAYMENT_KINDS),
    player: paymentPlayerSchema,
    amount: z.int(),
    /** What refunds and chargebacks took back of a deposit so far. */
    reversed_amount: z.int(),
    currency: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    method: z.string(),
    /** The provider's reference of the checkout (deposits), when there is one. */
    reference: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminPayment' });
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsPageSchema = z.object({ data: z.array(adminPaymentSchema), meta: pageMetaSchema });

export const paymentEventSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_EVENT_KINDS),
  at: z.string(),
  amount: z.int().nullable(),
  currency: z.string().nullable(),
  gateway: z.string().nullable(),
  provider_reference: z.string().nullable(),
  /** What the provider said, redacted by its adapter. */
  details: z.record(z.string(), z.unknown()),
  /** The staff member who acted; null for the provider, the player or the system. */
  staff: z.object({ id: z.string(), email: z.string() }).nullable(),
  reason: z.string().nullable(),
});
export type PaymentHistoryEvent = z.infer<typeof paymentEventSchema>;

export const adminPaymentDetailSchema = adminPaymentSchema
  .extend({
    history: z.array(paymentEventSchema),
    /** What the player owes from chargebacks, in the payment's currency (repaid first by their next deposits). */
    player_owes: z.int(),
    /** What this staff member may do to it now. */
    actions: z.object({ refund: z.boolean(), chargeback: z.boolean() }),
    /** What is left of the deposit to refund or charge back. */
    reversible_amount: z.int(),
  })
  .meta({ id: 'AdminPaymentDetail' });
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;

/** GET /api/admin/payments/{deposits|withdrawals}/{id} and the deposit actions: the payment's id. */
export const depositParamsSchema = z.object({ id: UUID_TEXT });
/** POST /api/admin/payments/deposits/{id}/refund|chargeback: why, kept in the history and the audit log. */
export const paymentReversalBodySchema = z.object({ reason: actionReasonSchema });

/** The back office's Payments screen: its routes (server/modules/operators/payment-routes.ts). */
export const paymentsAdminEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payments',
    query: adminPaymentsQuerySchema,
    responses: { 200: adminPaymentsPageSchema },
    auth: 'operator',
    permission: 'payments.read',
    summary: 'Find deposits and withdrawals',
    operationId: 'listAdminPayments',
  }),
  deposit: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payments/deposits/:id',
    params: depositParamsSchema,
    responses: { 200: dataOf(adminPaymentDetailSchema) },
    auth: 'operator',
    permission: 'payments.read',
    summary: 'One deposit and its history (recorded in the audit log)',
    operationId: 'getAdminDeposit',
  }),
  withdrawal: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payments/withdrawals/:id',
    params: depositParamsSchema,
    responses: { 200: dataOf(adminPaymentDetailSchema) },
    auth: 'operator',
    permission: 'payments.read',
    summary: 'One withdrawal and its history (recorded in the audit log)',
    operationId: 'getAdminWithdrawal',
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/api/admin/payments/deposits/:id/refund',
    params: depositParamsSchema,
    body: paymentReversalBodySchema,
    responses: { 200: dataOf(adminPaymentDetailSchema) },
    auth: 'operator',
    permission: 'payments.manage',
    summary: 'Refund what is left of a deposit, with a reason',
    operationId: 'refundDeposit',
  }),
  chargeback: defineEndpoint({
    method: 'POST',
    path: '/api/admin/payments/deposits/:id/chargeback',
    params: depositParamsSchema,
    body: paymentReversalBodySchema,
    responses: { 200: dataOf(adminPaymentDetailSchema) },
    auth: 'operator',
    permission: 'payments.manage',
    summary: 'Record a chargeback of a deposit, with a reason',
    operationId: 'chargebackDeposit',
  }),
};
