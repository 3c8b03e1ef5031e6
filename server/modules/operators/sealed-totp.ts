import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { operators } from './schema.ts';

/**
 * Staff TOTP secrets as sealed at rest (service.ts `sealTotp`, owner `staff:{id}`), for the key re-sealing tool
 * (server/modules/cluster/reseal.ts `SealedTotpColumn`, scripts/reseal.ts): read every stored value, and replace one
 * only where the row still holds what was read.
 */
export function staffTotpColumn(db: Database) {
  return {
    name: 'staff',
    async stored() {
      const rows = await db
        .select({ id: operators.id, value: operators.totpSecret })
        .from(operators)
        .where(isNotNull(operators.totpSecret))
        .orderBy(asc(operators.id));
      return rows.map(({ id, value }) => ({ id, owner: `staff:${id}`, value: value! }));
    },
    async replace(id: number, value: string, next: string) {
      const changed = await db
        .update(operators)
        .set({ totpSecret: next })
        .where(and(eq(operators.id, id), eq(operators.totpSecret, value)))
        .returning({ id: operators.id });
      return changed.length === 1;
    },
  };
}
