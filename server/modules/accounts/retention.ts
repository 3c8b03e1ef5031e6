import { and, asc, eq, gt, like, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { personalAccessTokens, players } from './schema.ts';

// Retention of players' personal data (docs/decisions/0117): a player whose last activity (registration, sign-in,
// profile change) is older than the retention period is anonymised: identity and contact fields are overwritten,
// the birthdate keeps only its year, sessions end and the account is closed. Ids stay, so money and game records,
// which the licence requires to be kept, still add up; they no longer say who the player was.

/** The address an anonymised player's e-mail becomes: unique, undeliverable (RFC 6761 .invalid). */
export const anonymisedEmail = (playerId: number) => `anonymised-${playerId}@retention.invalid`;
const ANONYMISED = 'anonymised-%@retention.invalid';

export function accountRetention(db: Database) {
  return {
    /** Up to `limit` players after `afterId`, not yet anonymised, with no activity since `cutoff`. */
    async candidates(cutoff: Date, afterId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: players.id })
        .from(players)
        .where(
          and(
            gt(players.id, afterId),
            not(like(players.email, ANONYMISED)),
            sql`greatest(${players.createdAt}, ${players.updatedAt}, coalesce(${players.lastLoginAt}, ${players.createdAt})) < ${cutoff.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(players.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Overwrites the player's personal data and ends their sessions; false if already anonymised or unknown. */
    async anonymise(playerId: number, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(players)
          .set({
            email: anonymisedEmail(playerId),
            name: 'Anonymised',
            surname: 'Player',
            birthdate: sql`date_trunc('year', ${players.birthdate})::date`,
            gender: '',
            city: '',
            address1: '',
            postcode: '',
            phone: '',
            registrationIp: null,
            newsletter: false,
            active: false,
            updatedAt: at,
          })
          .where(and(eq(players.id, playerId), not(like(players.email, ANONYMISED))))
          .returning({ id: players.id });
        if (!row) return false;
        await tx.delete(personalAccessTokens).where(eq(personalAccessTokens.playerId, playerId));
        return true;
      });
    },
  };
}
