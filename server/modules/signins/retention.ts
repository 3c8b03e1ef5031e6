import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signIns } from './schema.ts';

/** Retention (docs/decisions/0117): an anonymised player's sign-ins (addresses, browsers, devices) are deleted. */
export function signInRetention(db: Database) {
  return {
    async forget(playerId: number): Promise<number> {
      return (await db.delete(signIns).where(eq(signIns.playerId, playerId)).returning({ id: signIns.id })).length;
    },
  };
}
