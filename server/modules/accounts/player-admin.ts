import { desc, eq, sql } from 'drizzle-orm';
import type { AdminPlayer, KycStatus } from '../../../contract/accounts.ts';
import type { AccountsCore } from './core.ts';
import { players } from './schema.ts';

// What operators and other modules may know of players: search, KYC status, blocking, existence. Other modules
// ask these functions instead of reading the players table (docs/decisions/0028-modules-own-their-tables.md).

export function createPlayerAdmin({ db, now }: AccountsCore) {
  const adminColumns = { id: players.id, email: players.email, active: players.active, blocked: players.blocked, kycStatus: players.kycStatus };
  const toAdminPlayer = (row: { id: number; email: string; active: boolean; blocked: boolean; kycStatus: string }): AdminPlayer => ({
    id: String(row.id),
    email: row.email,
    active: row.active,
    blocked: row.blocked,
    kyc_status: row.kycStatus as KycStatus,
  });

  return {
    /** Operators' search: players whose e-mail contains `query` (all when empty), newest first. */
    async findPlayers(query: string | undefined, limit = 50): Promise<AdminPlayer[]> {
      const pattern = query
        ? `%${query
            .trim()
            .toLowerCase()
            .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        : undefined;
      const rows = await db
        .select(adminColumns)
        .from(players)
        .where(pattern ? sql`lower(${players.email}) like ${pattern}` : undefined)
        .orderBy(desc(players.id))
        .limit(limit);
      return rows.map(toAdminPlayer);
    },

    /** Whether a player with this id exists. */
    async playerExists(playerId: number): Promise<boolean> {
      const [row] = await db.select({ id: players.id }).from(players).where(eq(players.id, playerId));
      return row !== undefined;
    },

    /** The player's identity-verification status; null for an unknown player. */
    async kycStatusOf(playerId: number): Promise<KycStatus | null> {
      const [row] = await db.select({ kycStatus: players.kycStatus }).from(players).where(eq(players.id, playerId));
      return row ? (row.kycStatus as KycStatus) : null;
    },

    /** An operator's KYC decision (until document upload arrives with the verification work). */
    async setKycStatus(playerId: number, kycStatus: KycStatus): Promise<AdminPlayer | null> {
      const [row] = await db.update(players).set({ kycStatus, updatedAt: now() }).where(eq(players.id, playerId)).returning(adminColumns);
      return row ? toAdminPlayer(row) : null;
    },

    /** Blocks or unblocks a player. Takes effect on their very next request: nothing caches it. */
    async setBlocked(playerId: number, blocked: boolean): Promise<AdminPlayer | null> {
      const [row] = await db
        .update(players)
        .set({ blocked, blockedAt: blocked ? now() : null, updatedAt: now() })
        .where(eq(players.id, playerId))
        .returning(adminColumns);
      return row ? toAdminPlayer(row) : null;
    },
  };
}
