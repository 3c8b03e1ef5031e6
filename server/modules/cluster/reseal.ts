import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { createSecretBox, type SecretBox } from '../../secret-box.ts';
import type { LocalSecretName } from '../../shared-secrets.ts';
import type { DocumentStore } from '../verification/storage.ts';
import { secretFingerprints } from './schema.ts';
import { fingerprint } from './secret-fingerprints.ts';

// Key rotation for the secrets sealed at rest (issue 35 §2/§4, docs/decisions/0110-shared-secrets.md): every item
// sealed under the old key is opened and sealed again under the new one, to the same owner, one item at a time, so
// a run stopped half-way is simply run again (what already opens with the new key is counted, not touched). An item
// that opens with neither key is left as it is and named by its id. When nothing was unreadable, the database's
// fingerprint of the secret becomes the new key's, so nodes start with the new key and are refused with the old.
// Run with every node stopped (scripts/reseal.ts). Other modules' tables are reached only through the ports below
// (this module owns none of them; each owner exports its binding, which the script passes in), and a row that changes under the tool stops it rather
// than being overwritten.
//
// Nothing here logs, and nothing returned holds a key, a sealed value or a plaintext: only counts and ids.

/** How staff and affiliates' TOTP secrets are stored (operators/service.ts, affiliates/accounts.ts). */
const SEALED_TOTP = 'v1.';

/** One column of TOTP secrets, read and written only through these two functions. */
export type SealedTotpColumn = {
  /** Names the column's items in a report: `staff`, `affiliate`, `affiliate-pending`. */
  name: string;
  /** Every row with a value in the column: its id, the owner it is sealed to (`staff:{id}`), the stored text. */
  stored(): Promise<{ id: number; owner: string; value: string }[]>;
  /** Writes `next` where the row still holds `value`; false when the row changed meanwhile. */
  replace(id: number, value: string, next: string): Promise<boolean>;
};

/** The identity documents whose sealed file is kept: each storage key, also the owner the file is sealed to. */
export type SealedDocuments = { storageKeys(): Promise<string[]> };

export type ResealReport = {
  /** Sealed again under the new key (with `check`: would be). */
  resealed: number;
  /** Already open with the new key: an earlier run did them. */
  already: number;
  /** Opened with neither key: left as they are. Their ids, never their values. */
  unreadable: string[];
  /** The database now expects the new key (a run that wrote everything and found nothing unreadable). */
  keyRecorded: boolean;
};

/** `missing`: documents whose row names a file the store does not have (nothing to re-seal; it does not stop the key). */
export type DocumentResealReport = ResealReport & { missing: string[] };

/** The old key given is not the one this database's nodes use: nothing was read or written. */
export class OldKeyMismatch extends Error {
  readonly secret: string;
  constructor(secret: string) {
    super(`The old key is not the ${secret} this database's nodes use (its fingerprint does not match the stored one); nothing was changed.`);
    this.secret = secret;
  }
}

/** A row changed while it was being re-sealed: a node is still running. What was re-sealed before stays so. */
export class ResealConflict extends Error {
  readonly item: string;
  constructor(item: string) {
    super(`${item} changed while it was being re-sealed: is a node still running? Stop every node and run again.`);
    this.item = item;
  }
}

type Keys = { db: Database; from: string; to: string; check?: boolean };
type Outcome = { kind: 'already' } | { kind: 'reseal'; plain: Buffer } | { kind: 'unreadable' };

const SECRETS = {
  totp: { name: 'totp-encryption-key', variable: 'TOTP_ENCRYPTION_KEY' },
  kyc: { name: 'kyc-encryption-key', variable: 'KYC_ENCRYPTION_KEY' },
} as const satisfies Record<string, { name: LocalSecretName; variable: string }>;

function openWith(box: SecretBox, sealed: Buffer, owner: string): Buffer | null {
  try {
    return box.open(sealed, owner);
  } catch {
    return null;
  }
}

/** The new key first: an item it opens was done by an earlier run (AES-GCM's tag makes a false open negligible). */
function outcomeOf(from: SecretBox, to: SecretBox, sealed: Buffer, owner: string): Outcome {
  const done = openWith(to, sealed, owner);
  if (done) {
    done.fill(0);
    return { kind: 'already' };
  }
  const plain = openWith(from, sealed, owner);
  return plain ? { kind: 'reseal', plain } : { kind: 'unreadable' };
}

/** Both keys are well formed and differ, and the old one is the one recorded (or the new one, after a finished run). */
async function checkKeys(db: Database, secret: (typeof SECRETS)[keyof typeof SECRETS], from: string, to: string) {
  const boxes = { from: createSecretBox(from), to: createSecretBox(to) };
  if (from.toLowerCase() === to.toLowerCase()) throw new Error('The old and the new key are the same key');
  const [row] = await db.select({ value: secretFingerprints.fingerprint }).from(secretFingerprints).where(eq(secretFingerprints.name, secret.name));
  if (row && row.value !== fingerprint(secret.name, from) && row.value !== fingerprint(secret.name, to)) throw new OldKeyMismatch(secret.variable);
  return boxes;
}

/** The fingerprint of exactly the new key's text, as a node configured with it computes it at start. */
async function recordKey(db: Database, name: string, to: string) {
  const value = fingerprint(name, to);
  await db
    .insert(secretFingerprints)
    .values({ name, fingerprint: value })
    .onConflictDoUpdate({ target: secretFingerprints.name, set: { fingerprint: value, createdAt: sql`now()` } });
}

async function finish(db: Database, name: string, to: string, tally: Omit<ResealReport, 'keyRecorded'>, check: boolean): Promise<ResealReport> {
  const keyRecorded = !check && tally.unreadable.length === 0;
  if (keyRecorded) await recordKey(db, name, to);
  return { ...tally, keyRecorded };
}

/** Staff and affiliates' TOTP secrets sealed under `from` (64 hex) sealed again under `to`; see the file's head. */
export async function resealTotp({ db, columns, from, to, check = false }: Keys & { columns: SealedTotpColumn[] }): Promise<ResealReport> {
  const boxes = await checkKeys(db, SECRETS.totp, from, to);
  const tally = { resealed: 0, already: 0, unreadable: [] as string[] };
  for (const column of columns) {
    for (const { id, owner, value } of await column.stored()) {
      // Not sealed: a secret stored before sealing began, which its owner's code still reads as it is.
      if (!value.startsWith(SEALED_TOTP)) continue;
      const outcome = outcomeOf(boxes.from, boxes.to, Buffer.from(value.slice(SEALED_TOTP.length), 'base64'), owner);
      if (outcome.kind === 'already') tally.already += 1;
      else if (outcome.kind === 'unreadable') tally.unreadable.push(`${column.name}:${id}`);
      else {
        const next = check ? null : SEALED_TOTP + boxes.to.seal(outcome.plain, owner).toString('base64');
        outcome.plain.fill(0);
        if (next !== null && !(await column.replace(id, value, next))) throw new ResealConflict(`${column.name}:${id}`);
        tally.resealed += 1;
      }
    }
  }
  return finish(db, SECRETS.totp.name, to, tally, check);
}

/**
 * Identity documents' files sealed under `from` sealed again under `to` and written back to the same storage key
 * (the disk store writes a temporary file and renames it over the old one, so a stop mid-write leaves the old file).
 */
export async function resealDocuments({
  db,
  documents,
  store,
  from,
  to,
  check = false,
}: Keys & { documents: SealedDocuments; store: DocumentStore }): Promise<DocumentResealReport> {
  const boxes = await checkKeys(db, SECRETS.kyc, from, to);
  const tally = { resealed: 0, already: 0, unreadable: [] as string[], missing: [] as string[] };
  for (const key of await documents.storageKeys()) {
    const sealed = await store.get(key);
    if (!sealed) {
      tally.missing.push(key);
      continue;
    }
    const outcome = outcomeOf(boxes.from, boxes.to, sealed, key);
    if (outcome.kind === 'already') tally.already += 1;
    else if (outcome.kind === 'unreadable') tally.unreadable.push(key);
    else {
      const next = check ? null : boxes.to.seal(outcome.plain, key);
      outcome.plain.fill(0);
      if (next) await store.put(key, next);
      tally.resealed += 1;
    }
  }
  const { missing, ...rest } = tally;
  return { ...(await finish(db, SECRETS.kyc.name, to, rest, check)), missing };
}
