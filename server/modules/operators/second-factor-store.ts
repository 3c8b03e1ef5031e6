import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client.ts';
import { secondFactorBudgets } from './schema.ts';
import {
  type BudgetState,
  type CheckOutcome,
  reserveCheck,
  SECOND_FACTOR_BUDGET,
  type SecondFactorPolicy,
  type SecondFactorSubject,
  settleCheck,
} from './second-factor-budget.ts';

// The second-factor budget kept in the database (decision 0099), so it holds across nodes: each step reads the
// subject's row under FOR UPDATE, applies the pure rule (second-factor-budget.ts) and writes the result in one short
// transaction. Parallel requests for one account queue on that row for a moment; none holds it while a code is
// checked, because the check itself runs between the two steps, on a reservation.

export type SecondFactorTicket = { subject: SecondFactorSubject; id: string };
export type SecondFactorReservation = { granted: true; ticket: SecondFactorTicket } | { granted: false; retryAt: Date; locked: boolean };
export type SecondFactorStore = ReturnType<typeof createSecondFactorStore>;

export function createSecondFactorStore({
  db,
  now = () => new Date(),
  policy = SECOND_FACTOR_BUDGET,
}: {
  db: Database;
  now?: () => Date;
  policy?: SecondFactorPolicy;
}) {
  const where = (subject: SecondFactorSubject) => and(eq(secondFactorBudgets.subjectType, subject.type), eq(secondFactorBudgets.subjectId, subject.id));

  /** One atomic step on the subject's budget: `apply` sees the stored state and answers the new one. */
  async function step<T>(
    subject: SecondFactorSubject,
    apply: (state: BudgetState, at: number) => { state: BudgetState; result: T },
    after?: (tx: Transaction, result: T) => Promise<void>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.insert(secondFactorBudgets).values({ subjectType: subject.type, subjectId: subject.id }).onConflictDoNothing();
      const [row] = await tx.select().from(secondFactorBudgets).where(where(subject)).for('update');
      const at = now();
      const { state, result } = apply({ checks: row!.checks, lockedUntil: row!.lockedUntil?.getTime() ?? null }, at.getTime());
      await tx
        .update(secondFactorBudgets)
        .set({ checks: state.checks, lockedUntil: state.lockedUntil === null ? null : new Date(state.lockedUntil), updatedAt: at })
        .where(where(subject));
      await after?.(tx, result);
      return result;
    });
  }

  return {
    policy,

    /** Takes one check from the subject's budget before a code is checked, or says until when none is granted. */
    reserve: (subject: SecondFactorSubject): Promise<SecondFactorReservation> =>
      step(subject, (state, at) => {
        const id = randomUUID();
        const reserved = reserveCheck(state, at, id, policy);
        return {
          state: reserved.state,
          result: reserved.granted
            ? { granted: true as const, ticket: { subject, id } }
            : { granted: false as const, retryAt: new Date(reserved.retryAt), locked: reserved.locked },
        };
      }),

    /**
     * How the reserved check ended. When it locks the second factor, `onLocked` runs in the same transaction (the
     * audit row), so the lock and its record commit together, once per lock.
     */
    settle: (ticket: SecondFactorTicket, outcome: CheckOutcome, onLocked?: (tx: Transaction, lockedUntil: Date) => Promise<void>) =>
      step(
        ticket.subject,
        (state, at) => {
          const settled = settleCheck(state, at, ticket.id, outcome, policy);
          return { state: settled.state, result: settled.lockedNow ? new Date(settled.state.lockedUntil!) : null };
        },
        async (tx, lockedUntil) => {
          if (lockedUntil) await onLocked?.(tx, lockedUntil);
        },
      ),

    /** The subjects of `type` whose second factor is locked now, with until when. */
    async locked(type: SecondFactorSubject['type'], ids: number[]): Promise<Map<number, Date>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: secondFactorBudgets.subjectId, lockedUntil: secondFactorBudgets.lockedUntil })
        .from(secondFactorBudgets)
        .where(and(eq(secondFactorBudgets.subjectType, type), inArray(secondFactorBudgets.subjectId, ids)));
      const at = now();
      return new Map(rows.filter((row) => row.lockedUntil && row.lockedUntil > at).map((row) => [row.id, row.lockedUntil!]));
    },

    /** Forgets the subject's budget and lock (an admin reset its second factor), inside the caller's transaction. */
    async clear(subject: SecondFactorSubject, within: DbExecutor = db): Promise<void> {
      await within.delete(secondFactorBudgets).where(where(subject));
    },
  };
}
