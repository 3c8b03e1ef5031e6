import { createHmac } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { secretFingerprints } from './schema.ts';

export type CheckedSecret = { name: string; variable: string; value: string };

/** A node's secret differs from the one the database's data was sealed or signed with. */
export class SharedSecretMismatch extends Error {
  readonly secret: string;
  readonly variable: string;
  constructor(secret: string, variable: string) {
    super(
      `${variable} differs from the value the other nodes of this database use (its fingerprint does not match ` +
        `the one stored when the first node started). Give every node the same ${variable}; this node did not start, ` +
        'so nothing was sealed or signed with the wrong key.',
    );
    this.secret = secret;
    this.variable = variable;
  }
}

/** HMAC of a fixed label under the secret: equal values give equal fingerprints, and it reveals nothing of the value. */
export function fingerprint(name: string, value: string): string {
  return createHmac('sha256', value).update(`croupier secret fingerprint v1:${name}`).digest('hex').slice(0, 32);
}

/**
 * Records each secret's fingerprint the first time any node starts on this database, and throws
 * SharedSecretMismatch (naming the variable) when this node's value gives another one. Two first starts at once
 * both insert-or-keep, then both compare with the row that won.
 */
export async function checkSharedSecrets(db: Database, secrets: CheckedSecret[]): Promise<void> {
  if (secrets.length === 0) return;
  const mine = new Map(secrets.map((secret) => [secret.name, fingerprint(secret.name, secret.value)]));
  await db
    .insert(secretFingerprints)
    .values([...mine].map(([name, value]) => ({ name, fingerprint: value })))
    .onConflictDoNothing({ target: secretFingerprints.name });
  const stored = await db
    .select()
    .from(secretFingerprints)
    .where(inArray(secretFingerprints.name, [...mine.keys()]));
  for (const secret of secrets) {
    const row = stored.find((candidate) => candidate.name === secret.name);
    if (row && row.fingerprint !== mine.get(secret.name)) throw new SharedSecretMismatch(secret.name, secret.variable);
  }
}
