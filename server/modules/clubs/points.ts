// Loyalty points (docs/decisions/0065-loyalty-points.md): earned inside the transaction that takes a real-money
// stake, keyed by the round so a retry earns nothing twice; exchanged for cash in the same transaction as the
// ledger transfer; expired by month, oldest points first; adjusted by operators with a recorded reason.

import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  cashForPoints,
  type Exchange,
  type Loyalty,
  type LoyaltyEntry,
  MIN_POINTS_EXCHANGE,
  POINTS_EXPIRY_MONTHS,
  POINTS_PER_CASH_UNIT,
  pointsGivenBack,
  pointsRuleOf,
  pointsWithCarry,
} from '../../../contract/clubs.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { Database } from '../../db/client.ts';
import { invalid } from '../../problem.ts';
import { IdempotencyConflict, type LedgerService, type LedgerTransaction } from '../ledger/service.ts';
import { idempotencyConflict, keyedUuid, replayOf, requestHashOf } from '../shared/idempotency.ts';
import { pageMeta, pageOffset } from '../shared/pagination.ts';
import { addMonths, monthOf } from './calendar.ts';
import { addToCarry, type BookEntry, type EntryRow, type Executor, NotEnoughPoints, record as recordAt, scheduleOf, toEntry } from './points-book.ts';
import { loyaltyBalances, loyaltyEntries } from './schema.ts';

export { expirySchedule } from './points-book.ts';

/** Whether a stake on `engine` earns slot points (its own carry) or table points. */
export const isSlots = (engine: string): boolean => pointsRuleOf(engine).category === 'slots';

const points = (n: number) => n.toLocaleString('en-US');

export type PointsService = ReturnType<typeof createPoints>;

export function createPoints({ db, ledger, currency, now }: { db: Database; ledger: LedgerService; currency: string; now: () => Date }) {
  async function balanceOf(playerId: number): Promise<{ points: number; lifetimePoints: number }> {
    const [row] = await db.select().from(loyaltyBalances).where(eq(loyaltyBalances.playerId, playerId));
    return { points: row?.points ?? 0, lifetimePoints: row?.lifetimePoints ?? 0 };
  }

  /** Points credited (earned and adjusted) per month, for tiers: signed, so a correction counts too. */
  async function monthPoints(playerId: number, months: string[]): Promise<Map<string, number>> {
    const rows = await db
      .select({ month: loyaltyEntries.month, points: sql<string | number>`coalesce(sum(${loyaltyEntries.points}), 0)` })
      .from(loyaltyEntries)
      .where(and(eq(loyaltyEntries.playerId, playerId), inArray(loyaltyEntries.month, months), inArray(loyaltyEntries.type, ['earned', 'adjusted'])))
      .groupBy(loyaltyEntries.month);
    return new Map(rows.map((row) => [row.month, Number(row.points)]));
  }

  /** Writes one keyed change now and moves the balance with it; false when the key was already used (nothing changed). */
  const record = (tx: Executor, entry: BookEntry) => recordAt(tx, entry, now());

  /**
   * The whole points of `carry` (the player's locked carry of the stake's category) become points under the stake's
   * key, and the carry keeps the remainder; false, changing nothing, when there is no whole point or the key was used.
   */
  async function pointsFromCarry(tx: LedgerTransaction, stake: { playerId: number; roundId: string; engine: string; key: string }, carry: number) {
    const earned = pointsWithCarry(stake.engine, 0, carry);
    if (earned.points <= 0) return false;
    const entry = { playerId: stake.playerId, type: 'earned' as const, points: earned.points, key: stake.key, reference: stake.roundId, month: monthOf(now()) };
    if (!(await record(tx, entry))) return false;
    await tx
      .update(loyaltyBalances)
      .set(isSlots(stake.engine) ? { slotsCarry: earned.carry } : { tableCarry: earned.carry })
      .where(eq(loyaltyBalances.playerId, stake.playerId));
    return true;
  }

  return {
    balanceOf,
    monthPoints,

    /**
     * Inside the stake's transaction, which runs once per posted stake: the stake joins what the player's earlier
     * stakes of its category left over, and each whole point's worth becomes a point, once per key. The balance
     * row stays locked to the end of the stake's transaction, so two stakes at once cannot both spend one carry.
     */
    async earn(tx: LedgerTransaction, stake: { playerId: number; roundId: string; engine: string; stake: number; key: string }) {
      if (!Number.isSafeInteger(stake.stake) || stake.stake <= 0) return false;
      const carry = await addToCarry(tx, { playerId: stake.playerId, slots: isSlots(stake.engine), stake: stake.stake, at: now() });
      // The row now holds carry + stake.
      return pointsFromCarry(tx, stake, carry);
    },

    /**
     * After a round whose own statement added its stake to the carry (docs/decisions/0091-one-commit-rounds.md):
     * the carry's whole points become points under the stake's key, with the balance row locked. Once per key: a
     * second call finds the key used and changes nothing; a carry left whole (the process stopped in between) is
     * turned into points by the next stake of its category, so no point is lost.
     */
    async convertCarry(tx: LedgerTransaction, stake: { playerId: number; roundId: string; engine: string; key: string }): Promise<boolean> {
      const column = isSlots(stake.engine) ? loyaltyBalances.slotsCarry : loyaltyBalances.tableCarry;
      const [row] = await tx.select({ carry: column }).from(loyaltyBalances).where(eq(loyaltyBalances.playerId, stake.playerId)).for('update');
      return pointsFromCarry(tx, stake, row?.carry ?? 0);
    },

    /**
     * Inside the transaction that gives a stake back (an aggregator's rollback): what the stake added leaves the
     * carry of its category, and whole points when the carry is too small (pointsGivenBack), as an `earned` entry of
     * minus those points under `{key}:given-back`, once. Points the player already spent are not taken below zero.
     */
    async giveBack(tx: LedgerTransaction, stake: { playerId: number; roundId: string; engine: string; stake: number; key: string }): Promise<number> {
      if (!Number.isSafeInteger(stake.stake) || stake.stake <= 0) return 0;
      const slots = isSlots(stake.engine);
      const column = slots ? loyaltyBalances.slotsCarry : loyaltyBalances.tableCarry;
      const [row] = await tx
        .select({ carry: column, points: loyaltyBalances.points })
        .from(loyaltyBalances)
        .where(eq(loyaltyBalances.playerId, stake.playerId))
        .for('update');
      if (!row) return 0;
      const back = pointsGivenBack(stake.engine, row.carry, stake.stake);
      const taken = Math.min(back.points, row.points);
      const at = now();
      if (taken > 0) {
        const entry = {
          playerId: stake.playerId,
          type: 'earned' as const,
          points: -taken,
          key: `${stake.key}:given-back`,
          reference: stake.roundId,
          month: monthOf(at),
        };
        const inserted = await tx
          .insert(loyaltyEntries)
          .values({ ...entry, createdAt: at })
          .onConflictDoNothing()
          .returning({ id: loyaltyEntries.id });
        if (inserted.length === 0) return 0;
      }
      await tx
        .update(loyaltyBalances)
        .set({
          points: sql`${loyaltyBalances.points} - ${taken}`,
          lifetimePoints: sql`greatest(${loyaltyBalances.lifetimePoints} - ${taken}, 0)`,
          [slots ? 'slotsCarry' : 'tableCarry']: back.carry,
          updatedAt: at,
        })
        .where(eq(loyaltyBalances.playerId, stake.playerId));
      return taken;
    },

    /** The player's loyalty page: balance, this month, the next expiry and a page of history, newest first. */
    async loyalty(playerId: number, page: { page: number; perPage: number }): Promise<{ data: Loyalty; meta: ReturnType<typeof pageMeta> }> {
      const month = monthOf(now());
      const [balance, months, schedule, [counted], rows] = await Promise.all([
        balanceOf(playerId),
        monthPoints(playerId, [month]),
        scheduleOf(db, playerId),
        db.select({ n: count() }).from(loyaltyEntries).where(eq(loyaltyEntries.playerId, playerId)),
        db
          .select()
          .from(loyaltyEntries)
          .where(eq(loyaltyEntries.playerId, playerId))
          .orderBy(desc(loyaltyEntries.id))
          .limit(page.perPage)
          .offset(pageOffset(page)),
      ]);
      const next = schedule[0];
      return {
        data: {
          points: balance.points,
          lifetime_points: balance.lifetimePoints,
          points_this_month: months.get(month) ?? 0,
          expiring: next ? { points: next.points, at: next.at.toISOString() } : null,
          history: rows.map(toEntry),
        },
        meta: pageMeta(page, Number(counted?.n ?? 0)),
      };
    },

    /** Exchanges points for cash with no wagering, once per Idempotency-Key; points and cash move together. */
    async exchange(playerId: number, wanted: number, idempotencyKey: string): Promise<Exchange> {
      const id = keyedUuid('loyalty-exchange', String(playerId), idempotencyKey);
      const key = `exchange:${id}`;
      const hash = requestHashOf(['loyalty-exchange', wanted]);
      const answer = async (row: EntryRow): Promise<Exchange> => ({
        id,
        points: -row.points,
        amount: cashForPoints(-row.points),
        currency,
        created_at: row.createdAt.toISOString(),
        points_left: (await balanceOf(playerId)).points,
      });
      const earlier = async () => (await db.select().from(loyaltyEntries).where(eq(loyaltyEntries.key, key)))[0];
      const existing = await earlier();
      if (existing) return answer(replayOf(existing as EntryRow & { requestHash: string }, hash));
      if (wanted < MIN_POINTS_EXCHANGE) throw invalid({ points: [`The smallest exchange is ${points(MIN_POINTS_EXCHANGE)} points.`] });
      if (!Number.isInteger(cashForPoints(wanted))) throw invalid({ points: [`Exchange points in steps of ${points(POINTS_PER_CASH_UNIT / 100)}.`] });
      const refuseBalance = async () => {
        const made = await earlier();
        if (made) return answer(replayOf(made as EntryRow & { requestHash: string }, hash));
        throw invalid({ points: [`You have ${points((await balanceOf(playerId)).points)} points; you cannot exchange more than that.`] });
      };
      if ((await balanceOf(playerId)).points < wanted) return refuseBalance();
      const amount = cashForPoints(wanted);
      const [accounts, house] = await Promise.all([ledger.ensurePlayerAccounts(playerId, currency), ledger.houseAccount('loyalty', currency)]);
      try {
        await ledger.transfer(
          {
            idempotencyKey: `loyalty-exchange:${id}`,
            type: 'bonus',
            referenceId: id,
            metadata: { reason: 'loyalty_exchange', points: wanted },
            entries: [
              { accountId: house.id, amount: -amount },
              { accountId: accounts.cash.id, amount },
            ],
          },
          {
            within: async (tx) => {
              const written = await record(tx, {
                playerId,
                type: 'exchanged',
                points: -wanted,
                key,
                reference: `${formatMoney(amount, currency)} cash`,
                month: monthOf(now()),
                requestHash: hash,
              });
              if (!written) throw new IdempotencyConflict(key);
            },
          },
        );
      } catch (error) {
        if (error instanceof NotEnoughPoints) return refuseBalance();
        if (error instanceof IdempotencyConflict) {
          const made = await earlier();
          if (made) return answer(replayOf(made as EntryRow & { requestHash: string }, hash));
          throw idempotencyConflict();
        }
        throw error;
      }
      return answer((await earlier())!);
    },

    /** An operator's change of a player's points with the reason recorded; refused below zero. */
    /** `audit` runs in the adjustment's transaction once a new entry is written (a replay writes none). */
    async adjust(
      playerId: number,
      input: { points: number; reason: string; operatorId: number; idempotencyKey: string | null },
      audit?: (tx: Executor, entryId: string) => Promise<void>,
    ): Promise<LoyaltyEntry> {
      const reason = input.reason.trim();
      const errors: Record<string, string[]> = {};
      if (input.points === 0 || Math.abs(input.points) > 1_000_000) errors.points = ['The points must be a whole number from -1,000,000 to 1,000,000, not 0.'];
      if (reason.length < 3) errors.reason = ['The reason field is required.'];
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const key = `adjust:${input.idempotencyKey ? keyedUuid('loyalty-adjust', String(playerId), input.idempotencyKey) : crypto.randomUUID()}`;
      const hash = requestHashOf(['loyalty-adjust', input.points, reason]);
      const earlier = async () => (await db.select().from(loyaltyEntries).where(eq(loyaltyEntries.key, key)))[0];
      try {
        await db.transaction(async (tx) => {
          const inserted = await record(tx, {
            playerId,
            type: 'adjusted',
            points: input.points,
            key,
            reference: reason,
            month: monthOf(now()),
            requestHash: hash,
            operatorId: input.operatorId,
          });
          if (inserted && audit) {
            const [entry] = await tx.select({ id: loyaltyEntries.id }).from(loyaltyEntries).where(eq(loyaltyEntries.key, key));
            await audit(tx, String(entry!.id));
          }
        });
      } catch (error) {
        if (error instanceof NotEnoughPoints) throw invalid({ points: [`The player has only ${points((await balanceOf(playerId)).points)} points.`] });
        throw error;
      }
      return toEntry(replayOf((await earlier()) as EntryRow & { requestHash: string }, hash));
    },

    /** The operator's view of the history, with who adjusted. */
    async entries(playerId: number, limit = 100) {
      const rows = await db.select().from(loyaltyEntries).where(eq(loyaltyEntries.playerId, playerId)).orderBy(desc(loyaltyEntries.id)).limit(limit);
      return rows.map((row) => ({ ...toEntry(row), operator_id: row.operatorId === null ? null : String(row.operatorId) }));
    },

    /**
     * Expires, for every player, the points of each month whose expiry (POINTS_EXPIRY_MONTHS after it) is at or
     * before `period`, oldest points first; keyed by player and month, so a repeat expires nothing.
     */
    async expire(period: Date): Promise<{ players: number; points: number }> {
      const lastExpired = addMonths(monthOf(period), -(POINTS_EXPIRY_MONTHS + 1));
      const candidates = await db
        .selectDistinct({ playerId: loyaltyEntries.playerId })
        .from(loyaltyEntries)
        .where(and(lte(loyaltyEntries.month, lastExpired), sql`${loyaltyEntries.points} > 0`))
        .orderBy(asc(loyaltyEntries.playerId));
      let players = 0;
      let total = 0;
      for (const { playerId } of candidates) {
        const expired = await db.transaction(async (tx) => {
          // One player's expiry at a time: the balance row is locked while the schedule is read.
          await tx.select().from(loyaltyBalances).where(eq(loyaltyBalances.playerId, playerId)).for('update');
          let sum = 0;
          for (const due of await scheduleOf(tx, playerId)) {
            if (due.month > lastExpired) break;
            const key = `expiry:${playerId}:${due.month}`;
            if (await record(tx, { playerId, type: 'expired', points: -due.points, key, reference: due.month, month: due.month })) sum += due.points;
          }
          return sum;
        });
        if (expired > 0) {
          players += 1;
          total += expired;
        }
      }
      return { players, points: total };
    },

    /** Players with points credited in [from, to) months, for the tier review. */
    async playersWithPoints(months: string[]): Promise<number[]> {
      const rows = await db
        .selectDistinct({ playerId: loyaltyEntries.playerId })
        .from(loyaltyEntries)
        .where(and(inArray(loyaltyEntries.month, months), inArray(loyaltyEntries.type, ['earned', 'adjusted'])));
      return rows.map((row) => row.playerId);
    },
  };
}
