import { asc, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { verificationDocuments } from './schema.ts';

/**
 * The identity documents whose sealed file is kept (an erased one's storage key is null), each sealed to its storage
 * key (service.ts): for the key re-sealing tool (server/modules/cluster/reseal.ts `SealedDocuments`).
 */
export function sealedIdentityDocuments(db: Database) {
  return {
    async storageKeys() {
      const rows = await db
        .select({ key: verificationDocuments.storageKey })
        .from(verificationDocuments)
        .where(isNotNull(verificationDocuments.storageKey))
        .orderBy(asc(verificationDocuments.uploadedAt), asc(verificationDocuments.id));
      return rows.map((row) => row.key!);
    },
  };
}
