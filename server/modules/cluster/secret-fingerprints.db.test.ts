import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { checkSharedSecrets, fingerprint, SharedSecretMismatch } from './secret-fingerprints.ts';
import { secretFingerprints } from './schema.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const totp = (value: string) => ({ name: 'totp-encryption-key', variable: 'TOTP_ENCRYPTION_KEY', value });
const kyc = (value: string) => ({ name: 'kyc-encryption-key', variable: 'KYC_ENCRYPTION_KEY', value });

describe('shared secret fingerprints', () => {
  it('equal values give equal fingerprints, different values or names different ones, and never the value', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), fc.constantFrom('a', 'b'), (first, second, name) => {
        expect(fingerprint(name, first)).toBe(fingerprint(name, first));
        if (first !== second) expect(fingerprint(name, first)).not.toBe(fingerprint(name, second));
        expect(fingerprint('a', first)).not.toBe(fingerprint('b', first));
        expect(fingerprint(name, first)).toMatch(/^[0-9a-f]{32}$/);
      }),
    );
  });

  it('the first start records, the same secrets start again, another value stops the node naming its variable', async () => {
    const { db } = database;
    await checkSharedSecrets(db, [totp('first-totp-key'), kyc('first-kyc-key')]);
    const stored = await db.select().from(secretFingerprints);
    expect(stored.map((row) => row.name).sort()).toEqual(['kyc-encryption-key', 'totp-encryption-key']);
    expect(JSON.stringify(stored)).not.toContain('first-totp-key');

    await expect(checkSharedSecrets(db, [totp('first-totp-key'), kyc('first-kyc-key')])).resolves.toBeUndefined();
    const refused = checkSharedSecrets(db, [totp('first-totp-key'), kyc('another-kyc-key')]);
    await expect(refused).rejects.toBeInstanceOf(SharedSecretMismatch);
    await expect(refused).rejects.toThrow(/^KYC_ENCRYPTION_KEY differs/);
    // Refused, it changed nothing: the first value still starts.
    expect(await db.select().from(secretFingerprints)).toEqual(stored);
    await expect(checkSharedSecrets(db, [kyc('first-kyc-key')])).resolves.toBeUndefined();
  });

  it('a secret added later is recorded by the next start; two first starts at once agree on one value', async () => {
    const { db } = database;
    const realtime = { name: 'realtime-app', variable: 'REALTIME_SECRET', value: 'one' };
    const results = await Promise.allSettled([checkSharedSecrets(db, [realtime]), checkSharedSecrets(db, [{ ...realtime, value: 'two' }])]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [rejected] = results.filter((result) => result.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(SharedSecretMismatch);
  });
});
