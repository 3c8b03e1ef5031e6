import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import { duplicateAccounts } from './schema.ts';

// Accounts staff flagged as duplicates (issue 33 §3, docs/decisions/0112): built early in server/services.ts, since
// the bonuses' claim guard and the affiliates' commission ask it; the flag itself is set through the sign-ins service.

export const DUPLICATE_BONUS_MESSAGE = 'Bonuses are not available on this account. Please contact support.';

export type DuplicateFlag = { reason: string; flaggedBy: number; flaggedAt: Date };

export function createDuplicateFlags(db: Database) {
  return {
    async flagOf(playerId: number): Promise<DuplicateFlag | null> {
      const [row] = await db.select().from(duplicateAccounts).where(eq(duplicateAccounts.playerId, playerId));
      return row ? { reason: row.reason, flaggedBy: row.flaggedBy, flaggedAt: row.flaggedAt } : null;
    },

    /** Which of these players are flagged duplicates (the affiliates pay no commission on them). */
    async flaggedAmong(playerIds: number[]): Promise<Set<number>> {
      if (playerIds.length === 0) return new Set();
      const rows = await db.select({ playerId: duplicateAccounts.playerId }).from(duplicateAccounts).where(inArray(duplicateAccounts.playerId, playerIds));
      return new Set(rows.map((row) => row.playerId));
    },

    /** In front of every bonus claim: a flagged duplicate claims nothing. */
    async assertMayClaimBonus(playerId: number): Promise<void> {
      const [row] = await db.select({ playerId: duplicateAccounts.playerId }).from(duplicateAccounts).where(eq(duplicateAccounts.playerId, playerId));
      if (row) throw new Problem(400, DUPLICATE_BONUS_MESSAGE, { type: 'bonus' });
    },

    /** Flags (or re-flags with a new reason) within the caller's transaction, so the audit row commits with it. */
    async flag(tx: Database, playerId: number, reason: string, staffId: number): Promise<void> {
      await tx
        .insert(duplicateAccounts)
        .values({ playerId, reason, flaggedBy: staffId })
        .onConflictDoUpdate({ target: duplicateAccounts.playerId, set: { reason, flaggedBy: staffId, flaggedAt: new Date() } });
    },

    async unflag(tx: Database, playerId: number): Promise<boolean> {
      const removed = await tx.delete(duplicateAccounts).where(eq(duplicateAccounts.playerId, playerId)).returning({ playerId: duplicateAccounts.playerId });
      return removed.length > 0;
    },
  };
}

export type DuplicateFlags = ReturnType<typeof createDuplicateFlags>;
