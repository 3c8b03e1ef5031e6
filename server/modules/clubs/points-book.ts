// The rows of the points book (docs/decisions/0065-loyalty-points.md): the balance row a change moves, the keyed
// entries, the carry a stake adds to, and the expiry schedule they make. points.ts builds the clubs' points on these.

import { and, eq, gte, sql } from 'drizzle-orm';
import { type LoyaltyEntry, type LoyaltyEntryType, POINTS_EXPIRY_MONTHS } from '../../../contract/clubs.ts';
import type { Database } from '../../db/client.ts';
import { runNamed } from '../../db/prepared.ts';
import type { LedgerTransaction } from '../ledger/service.ts';
import { monthStart } from './calendar.ts';
import { loyaltyBalances, loyaltyEntries } from './schema.ts';

export type Executor = Database | LedgerTransaction;
export type EntryRow = typeof loyaltyEntries.$inferSelect;

/** The balance is lower than the change asks for: nothing was written. */
export class NotEnoughPoints extends Error {}

export const toEntry = (row: EntryRow): LoyaltyEntry => ({
  id: String(row.id),
  type: row.type as LoyaltyEntryType,
  points: row.points,
  created_at: row.createdAt.toISOString(),
  reference: row.reference,
});

/** Moves the balance by `change` (lifetime counts credits only); refuses to go below zero. */
export async function moveBalance(tx: Executor, playerId: number, change: number, at: Date): Promise<number> {
  if (change > 0) {
    const [row] = await tx
      .insert(loyaltyBalances)
      .values({ playerId, points: change, lifetimePoints: change, updatedAt: at })
      .onConflictDoUpdate({
        target: loyaltyBalances.playerId,
        set: {
          points: sql`${loyaltyBalances.points} + ${change}`,
          lifetimePoints: sql`${loyaltyBalances.lifetimePoints} + ${change}`,
          updatedAt: at,
        },
      })
      .returning({ points: loyaltyBalances.points });
    return row!.points;
  }
  const [row] = await tx
    .update(loyaltyBalances)
    .set({ points: sql`${loyaltyBalances.points} + ${change}`, updatedAt: at })
    .where(and(eq(loyaltyBalances.playerId, playerId), gte(loyaltyBalances.points, -change)))
    .returning({ points: loyaltyBalances.points });
  if (!row) throw new NotEnoughPoints();
  return row.points;
}

/** One keyed change of the book, as record() writes it. */
export type BookEntry = {
  playerId: number;
  type: LoyaltyEntryType;
  points: number;
  key: string;
  reference: string | null;
  month: string;
  requestHash?: string;
  operatorId?: number;
};

/** Writes one keyed change at `at` and moves the balance with it; false when the key was already used (nothing changed). */
export async function record(tx: Executor, entry: BookEntry, at: Date): Promise<boolean> {
  const inserted = await tx
    .insert(loyaltyEntries)
    .values({ ...entry, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: loyaltyEntries.id });
  if (inserted.length === 0) return false;
  await moveBalance(tx, entry.playerId, entry.points, at);
  return true;
}

/**
 * Adds a real-money stake to the player's carry of its category and returns the carry it leaves: the clubs' SQL
 * function clubs_add_carry() (migration 0034), the one implementation of the carry, which a round's or an
 * aggregator's one statement calls too (docs/decisions/0125-one-round-pipeline.md). Sent as a named prepared statement.
 */
export async function addToCarry(tx: Executor, stake: { playerId: number; slots: boolean; stake: number; at: Date }): Promise<number> {
  const [row] = (await runNamed(tx, 'clubs_add_carry_v1', 'select clubs_add_carry($1, $2, $3, $4) as carry', [
    stake.playerId,
    stake.slots,
    stake.stake,
    stake.at,
  ])) as [{ carry: number | string }];
  return Number(row.carry);
}

/** What expires when, oldest first: remaining points of each month after every debit took the oldest. */
export function expirySchedule(credits: { month: string; points: number }[], debits: number): { month: string; points: number; at: Date }[] {
  const schedule: { month: string; points: number; at: Date }[] = [];
  let toConsume = debits;
  for (const credit of [...credits].sort((a, b) => a.month.localeCompare(b.month))) {
    const used = Math.min(credit.points, toConsume);
    toConsume -= used;
    if (credit.points - used > 0) schedule.push({ month: credit.month, points: credit.points - used, at: monthStart(credit.month, POINTS_EXPIRY_MONTHS + 1) });
  }
  return schedule;
}

/** The player's expiry schedule from their entries (credits by month, every debit taking the oldest first). */
export async function scheduleOf(executor: Executor, playerId: number) {
  const credits = await executor
    .select({ month: loyaltyEntries.month, points: sql<string | number>`sum(${loyaltyEntries.points})` })
    .from(loyaltyEntries)
    .where(and(eq(loyaltyEntries.playerId, playerId), sql`${loyaltyEntries.points} > 0`))
    .groupBy(loyaltyEntries.month);
  const [debited] = await executor
    .select({ points: sql<string | number>`coalesce(sum(-${loyaltyEntries.points}), 0)` })
    .from(loyaltyEntries)
    .where(and(eq(loyaltyEntries.playerId, playerId), sql`${loyaltyEntries.points} < 0`));
  return expirySchedule(
    credits.map((row) => ({ month: row.month, points: Number(row.points) })),
    Number(debited?.points ?? 0),
  );
}
