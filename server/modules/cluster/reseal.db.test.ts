import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identityDocuments, totpColumns } from '../../../scripts/reseal.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { createSecretBox } from '../../secret-box.ts';
import { insertTestPlayer } from '../accounts/testing.ts';
import { affiliates } from '../affiliates/schema.ts';
import { operators } from '../operators/schema.ts';
import { verificationDocuments } from '../verification/schema.ts';
import { createDiskStore } from '../verification/storage.ts';
import { OldKeyMismatch, ResealConflict, resealDocuments, resealTotp } from './reseal.ts';
import { secretFingerprints } from './schema.ts';
import { fingerprint } from './secret-fingerprints.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const newKey = () => randomBytes(32).toString('hex');
const [A, B, C] = [newKey(), newKey(), newKey()];

let database: DatabaseHandle;
let storeRoot: string;
let store: ReturnType<typeof createDiskStore>;
beforeAll(async () => {
  database = await openTestDatabase();
  storeRoot = mkdtempSync(path.join(tmpdir(), 'croupier-reseal-'));
  store = createDiskStore(storeRoot);
});
afterAll(async () => {
  await database.close();
  rmSync(storeRoot, { recursive: true, force: true });
});

async function clear() {
  const { db } = database;
  await db.delete(verificationDocuments);
  await db.delete(affiliates);
  await db.delete(operators);
  await db.delete(secretFingerprints);
  rmSync(storeRoot, { recursive: true, force: true });
}
beforeEach(clear);

const sealTotp = (key: string, secret: string, owner: string) => `v1.${createSecretBox(key).seal(Buffer.from(secret), owner).toString('base64')}`;
/** The plaintext, or null when it does not open with `key`. */
function openTotp(key: string, stored: string, owner: string): string | null {
  try {
    return createSecretBox(key)
      .open(Buffer.from(stored.slice(3), 'base64'), owner)
      .toString();
  } catch {
    return null;
  }
}
function openDocument(key: string, sealed: Buffer, owner: string): Buffer | null {
  try {
    return createSecretBox(key).open(sealed, owner);
  } catch {
    return null;
  }
}

type Arranged = {
  staff: { id: number; secret: string }[];
  affiliates: { id: number; secret: string; pending: string }[];
  documents: { key: string; bytes: Buffer }[];
};

/** Staff with a secret each, affiliates with a confirmed and a pending secret each, documents in the store: sealed under `key`. */
async function arrange(key: string, { staff = [] as string[], affiliatePairs = [] as [string, string][], documents = [] as Buffer[] }): Promise<Arranged> {
  const { db } = database;
  const arranged: Arranged = { staff: [], affiliates: [], documents: [] };
  for (const secret of staff) {
    const [row] = await db
      .insert(operators)
      .values({ email: `${randomUUID()}@staff.example`, passwordHash: 'not-a-hash' })
      .returning({ id: operators.id });
    await db
      .update(operators)
      .set({ totpSecret: sealTotp(key, secret, `staff:${row!.id}`) })
      .where(eq(operators.id, row!.id));
    arranged.staff.push({ id: row!.id, secret });
  }
  for (const [secret, pending] of affiliatePairs) {
    const [row] = await db
      .insert(affiliates)
      .values({
        kind: 'person',
        name: 'Reseal Partner',
        contactName: 'Reseal Partner',
        email: `${randomUUID()}@partner.example`,
        passwordHash: 'not-a-hash',
        country: 'MT',
        payoutMethod: 'bank',
        payoutDetails: 'IBAN',
        postbackSecret: 'postback',
      })
      .returning({ id: affiliates.id });
    const owner = `affiliate:${row!.id}`;
    await db
      .update(affiliates)
      .set({ totpSecret: sealTotp(key, secret, owner), totpPending: sealTotp(key, pending, owner) })
      .where(eq(affiliates.id, row!.id));
    arranged.affiliates.push({ id: row!.id, secret, pending });
  }
  const playerId = documents.length > 0 ? await insertTestPlayer(db) : 0;
  for (const bytes of documents) {
    const storageKey = randomUUID();
    await store.put(storageKey, createSecretBox(key).seal(bytes, storageKey));
    await db.insert(verificationDocuments).values({
      id: storageKey,
      playerId,
      kind: 'address',
      side: 'front',
      fileName: 'bill.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
      sha256: 'not-checked-here',
      storageKey,
    });
    arranged.documents.push({ key: storageKey, bytes });
  }
  return arranged;
}

/** Everything stored, as bytes: what "left byte-identical" and "changed nothing" compare. */
async function snapshot() {
  const { db } = database;
  const staff = await db.select({ id: operators.id, totp: operators.totpSecret }).from(operators).orderBy(operators.id);
  const partners = await db.select({ id: affiliates.id, totp: affiliates.totpSecret, pending: affiliates.totpPending }).from(affiliates).orderBy(affiliates.id);
  const keys = (await db.select({ key: verificationDocuments.storageKey }).from(verificationDocuments)).flatMap((row) => (row.key ? [row.key] : []));
  const files = Object.fromEntries(await Promise.all(keys.sort().map(async (key) => [key, (await store.get(key))?.toString('base64') ?? null] as const)));
  const fingerprints = await db
    .select({ name: secretFingerprints.name, value: secretFingerprints.fingerprint })
    .from(secretFingerprints)
    .orderBy(secretFingerprints.name);
  return { staff, partners, files, fingerprints };
}

/** Every arranged item opens under `key` to its own plaintext, and none opens under `not`. */
async function expectSealedUnder(arranged: Arranged, key: string, not: string) {
  const { staff, partners, files } = await snapshot();
  for (const { id, secret } of arranged.staff) {
    const stored = staff.find((row) => row.id === id)!.totp!;
    expect(openTotp(key, stored, `staff:${id}`)).toBe(secret);
    expect(openTotp(not, stored, `staff:${id}`)).toBeNull();
  }
  for (const { id, secret, pending } of arranged.affiliates) {
    const row = partners.find((partner) => partner.id === id)!;
    expect(openTotp(key, row.totp!, `affiliate:${id}`)).toBe(secret);
    expect(openTotp(key, row.pending!, `affiliate:${id}`)).toBe(pending);
    expect(openTotp(not, row.totp!, `affiliate:${id}`)).toBeNull();
    expect(openTotp(not, row.pending!, `affiliate:${id}`)).toBeNull();
  }
  for (const { key: storageKey, bytes } of arranged.documents) {
    const sealed = Buffer.from(files[storageKey]!, 'base64');
    expect(openDocument(key, sealed, storageKey)).toEqual(bytes);
    expect(openDocument(not, sealed, storageKey)).toBeNull();
  }
}

const totp = (from: string, to: string, check = false) => resealTotp({ db: database.db, columns: totpColumns(database.db), from, to, check });
const kyc = (from: string, to: string, check = false) =>
  resealDocuments({ db: database.db, documents: identityDocuments(database.db), store, from, to, check });
const recorded = async (name: string) => (await database.db.select().from(secretFingerprints).where(eq(secretFingerprints.name, name)))[0]?.fingerprint;
const record = (name: string, key: string) => database.db.insert(secretFingerprints).values({ name, fingerprint: fingerprint(name, key) });

const SOME = {
  staff: ['JBSWY3DPEHPK3PXP', 'KRSXG5CTMVRXEZLU'],
  affiliatePairs: [['GEZDGNBVGY3TQOJQ', 'MFRGGZDFMZTWQ2LK']] as [string, string][],
  documents: [Buffer.from('%PDF-1.7 a utility bill'), randomBytes(3000)],
};

describe('re-sealing TOTP secrets and identity documents under a new key', () => {
  it('--check counts what would be re-sealed and writes nothing, not even the fingerprint', async () => {
    await arrange(A, SOME);
    await record('totp-encryption-key', A);
    await record('kyc-encryption-key', A);
    const before = await snapshot();

    expect(await totp(A, B, true)).toEqual({ resealed: 4, already: 0, unreadable: [], keyRecorded: false });
    expect(await kyc(A, B, true)).toEqual({ resealed: 2, already: 0, unreadable: [], missing: [], keyRecorded: false });
    expect(await snapshot()).toEqual(before);
  });

  it('A to B: every item opens with B to the same plaintext and no longer with A; a second run finds all done and changes nothing', async () => {
    const arranged = await arrange(A, SOME);
    // Left alone: a secret stored before sealing began, a member without two-factor, an erased document's row.
    const [legacy] = await database.db
      .insert(operators)
      .values({ email: 'legacy@staff.example', passwordHash: 'not-a-hash', totpSecret: 'JBSWY3DPEHPK3PXQ' })
      .returning({ id: operators.id });
    await database.db.insert(operators).values({ email: 'plain@staff.example', passwordHash: 'not-a-hash' });
    const playerId = await insertTestPlayer(database.db);
    const erased = { playerId, kind: 'selfie', side: 'front', fileName: 'me.jpg', contentType: 'image/jpeg', size: 1, sha256: 'x', storageKey: null };
    await database.db.insert(verificationDocuments).values(erased);
    await record('totp-encryption-key', A);

    expect(await totp(A, B)).toEqual({ resealed: 4, already: 0, unreadable: [], keyRecorded: true });
    expect(await kyc(A, B)).toEqual({ resealed: 2, already: 0, unreadable: [], missing: [], keyRecorded: true });
    await expectSealedUnder(arranged, B, A);
    const [legacyNow] = await database.db.select().from(operators).where(eq(operators.id, legacy!.id));
    expect(legacyNow!.totpSecret).toBe('JBSWY3DPEHPK3PXQ');
    // The fingerprint a node started with TOTP_ENCRYPTION_KEY=B computes: it starts, and one with A is refused.
    expect(await recorded('totp-encryption-key')).toBe(fingerprint('totp-encryption-key', B));
    expect(await recorded('kyc-encryption-key')).toBe(fingerprint('kyc-encryption-key', B));

    const after = await snapshot();
    expect(await totp(A, B)).toEqual({ resealed: 0, already: 4, unreadable: [], keyRecorded: true });
    expect(await kyc(A, B)).toEqual({ resealed: 0, already: 2, unreadable: [], missing: [], keyRecorded: true });
    // Re-sealing draws a fresh IV, so equal bytes mean nothing was written again.
    expect(await snapshot()).toEqual(after);
  });

  it('an item sealed under a third key is unreadable, named by id, left byte-identical, and the fingerprint stays the old key', async () => {
    const arranged = await arrange(A, SOME);
    const stranger = await arrange(C, { staff: ['ONSWG4TFORZWK3DF'], documents: [Buffer.from('sealed elsewhere')] });
    await record('totp-encryption-key', A);
    await record('kyc-encryption-key', A);
    const strangerBefore = await snapshot();

    const totpReport = await totp(A, B);
    const kycReport = await kyc(A, B);
    expect(totpReport).toEqual({ resealed: 4, already: 0, unreadable: [`staff:${stranger.staff[0]!.id}`], keyRecorded: false });
    expect(kycReport).toEqual({ resealed: 2, already: 0, unreadable: [stranger.documents[0]!.key], missing: [], keyRecorded: false });
    expect(JSON.stringify([totpReport, kycReport])).not.toContain('ONSWG4TFORZWK3DF');
    await expectSealedUnder(arranged, B, A);
    const after = await snapshot();
    const strangerId = stranger.staff[0]!.id;
    expect(after.staff.find((row) => row.id === strangerId)).toEqual(strangerBefore.staff.find((row) => row.id === strangerId));
    expect(after.files[stranger.documents[0]!.key]).toBe(strangerBefore.files[stranger.documents[0]!.key]);
    expect(await recorded('totp-encryption-key')).toBe(fingerprint('totp-encryption-key', A));
    expect(await recorded('kyc-encryption-key')).toBe(fingerprint('kyc-encryption-key', A));
  });

  it('a document whose file is gone is listed as missing and does not hold the key back', async () => {
    const arranged = await arrange(A, { documents: [Buffer.from('one'), Buffer.from('two')] });
    await store.delete(arranged.documents[0]!.key);
    expect(await kyc(A, B)).toEqual({ resealed: 1, already: 0, unreadable: [], missing: [arranged.documents[0]!.key], keyRecorded: true });
    expect(await store.get(arranged.documents[0]!.key)).toBeNull();
  });

  it('refuses an old key the database does not use, and the same key twice, before touching anything', async () => {
    await arrange(A, SOME);
    await record('totp-encryption-key', A);
    await record('kyc-encryption-key', A);
    const before = await snapshot();
    await expect(totp(C, B)).rejects.toBeInstanceOf(OldKeyMismatch);
    await expect(kyc(C, B, true)).rejects.toThrow(/KYC_ENCRYPTION_KEY/);
    await expect(totp(A, A.toUpperCase())).rejects.toThrow(/same key/);
    expect(await snapshot()).toEqual(before);
  });

  it('a row a running node changes meanwhile is not overwritten: the run stops and names it', async () => {
    const arranged = await arrange(A, { staff: ['JBSWY3DPEHPK3PXP'] });
    const id = arranged.staff[0]!.id;
    const moved = sealTotp(A, 'MFRGGZDFMZTWQ2LK', `staff:${id}`);
    const [staffColumn, ...others] = totpColumns(database.db);
    const racing = {
      ...staffColumn!,
      async stored() {
        const rows = await staffColumn!.stored();
        await database.db.update(operators).set({ totpSecret: moved }).where(eq(operators.id, id));
        return rows;
      },
    };
    const run = resealTotp({ db: database.db, columns: [racing, ...others], from: A, to: B });
    await expect(run).rejects.toBeInstanceOf(ResealConflict);
    await expect(run).rejects.toThrow(`staff:${id}`);
    const [row] = await database.db.select().from(operators).where(eq(operators.id, id));
    expect(row!.totpSecret).toBe(moved);
    expect(await recorded('totp-encryption-key')).toBeUndefined();
  });

  it('property: A to B then B to A gives back items that open under A to the same plaintexts', async () => {
    const secret = fc.stringMatching(/^[A-Z2-7]{16,32}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.array(secret, { maxLength: 3 }),
        fc.array(fc.tuple(secret, secret), { maxLength: 2 }),
        fc.array(fc.uint8Array({ minLength: 0, maxLength: 200 }), { maxLength: 3 }),
        async (staff, affiliatePairs, documents) => {
          await clear();
          const arranged = await arrange(A, { staff, affiliatePairs, documents: documents.map((bytes) => Buffer.from(bytes)) });
          const items = staff.length + affiliatePairs.length * 2;
          expect(await totp(A, B)).toMatchObject({ resealed: items, unreadable: [] });
          expect(await kyc(A, B)).toMatchObject({ resealed: documents.length, unreadable: [] });
          expect(await totp(B, A)).toMatchObject({ resealed: items, unreadable: [] });
          expect(await kyc(B, A)).toMatchObject({ resealed: documents.length, unreadable: [] });
          await expectSealedUnder(arranged, A, B);
          expect(await recorded('totp-encryption-key')).toBe(fingerprint('totp-encryption-key', A));
        },
      ),
      { numRuns: 12 },
    );
  });
});

/** `npm run reseal -- …` as an operator runs it: a real process, the keys in its environment. */
function reseal(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/reseal.ts', ...args], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run reseal', () => {
  it('refuses a missing or malformed key with exit 2, naming the variable and never echoing it', async () => {
    const bad = 'not-a-key-0123';
    const [malformed, missing, help] = await Promise.all([
      reseal(['totp'], { RESEAL_FROM_KEY: A, RESEAL_TO_KEY: bad }),
      reseal(['kyc', '--check'], { RESEAL_TO_KEY: B }),
      reseal(['--help'], {}),
    ]);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('RESEAL_TO_KEY must be 64 hexadecimal characters');
    expect(malformed.stderr + malformed.stdout).not.toContain(bad);
    expect(malformed.stderr + malformed.stdout).not.toContain(A);

    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('RESEAL_FROM_KEY is not set');

    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Stop every node first');
  });
});
