import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { affiliates } from './schema.ts';

/**
 * Affiliates' TOTP secrets as sealed at rest (accounts.ts, owner `affiliate:{id}`): the confirmed secret and one being
 * set up, for the key re-sealing tool (server/modules/cluster/reseal.ts `SealedTotpColumn`, scripts/reseal.ts).
 */
export function affiliateTotpColumns(db: Database) {
  const column = (name: string, field: 'totpSecret' | 'totpPending') => ({
    name,
    async stored() {
      const rows = await db
        .select({ id: affiliates.id, value: affiliates[field] })
        .from(affiliates)
        .where(isNotNull(affiliates[field]))
        .orderBy(asc(affiliates.id));
      return rows.map(({ id, value }) => ({ id, owner: `affiliate:${id}`, value: value! }));
    },
    async replace(id: number, value: string, next: string) {
      const changed = await db
        .update(affiliates)
        .set({ [field]: next })
        .where(and(eq(affiliates.id, id), eq(affiliates[field], value)))
        .returning({ id: affiliates.id });
      return changed.length === 1;
    },
  });
  // A secret being set up (accounts.ts startTwoFactor) is sealed the same way and confirmed later by a code.
  return [column('affiliate', 'totpSecret'), column('affiliate-pending', 'totpPending')];
}
