import { asc, eq } from 'drizzle-orm';
import type { PaymentEventKind } from '../../../contract/payments-admin.rules.ts';
import type { Database } from '../../db/client.ts';
import { paymentEvents } from './schema.ts';

// A payment's history (docs/decisions/0104): one row per notification or action, each under a key so that a
// repeated notification or a retried action adds nothing.

export type { PaymentEventKind };

export type PaymentEventInput = {
  key: string;
  payment: { deposit: string } | { withdrawal: string };
  playerId: number;
  kind: PaymentEventKind;
  gateway?: string | null;
  providerReference?: string | null;
  amount?: number | null;
  currency?: string | null;
  details?: Record<string, unknown>;
  staffId?: number | null;
  reason?: string | null;
};

export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/** Records the event once; false when its key was recorded before. */
export async function recordPaymentEvent(executor: Pick<Database, 'insert'>, event: PaymentEventInput): Promise<boolean> {
  const rows = await executor
    .insert(paymentEvents)
    .values({
      key: event.key,
      depositId: 'deposit' in event.payment ? event.payment.deposit : null,
      withdrawalId: 'withdrawal' in event.payment ? event.payment.withdrawal : null,
      playerId: event.playerId,
      kind: event.kind,
      gateway: event.gateway ?? null,
      providerReference: event.providerReference ?? null,
      amount: event.amount ?? null,
      currency: event.currency ?? null,
      details: event.details ?? {},
      staffId: event.staffId ?? null,
      reason: event.reason ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}

export async function eventRecorded(executor: Pick<Database, 'select'>, key: string): Promise<boolean> {
  const [row] = await executor.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.key, key));
  return row !== undefined;
}

/** A deposit's or a withdrawal's events, oldest first. */
export async function paymentHistory(db: Database, payment: { deposit: string } | { withdrawal: string }): Promise<PaymentEventRow[]> {
  return db
    .select()
    .from(paymentEvents)
    .where('deposit' in payment ? eq(paymentEvents.depositId, payment.deposit) : eq(paymentEvents.withdrawalId, payment.withdrawal))
    .orderBy(asc(paymentEvents.id));
}
