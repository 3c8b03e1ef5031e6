// `npm run reseal -- totp|kyc [--check]`: rotates TOTP_ENCRYPTION_KEY or KYC_ENCRYPTION_KEY by sealing again, under
// the new key, every staff and affiliate TOTP secret (totp) or every identity document's file (kyc) sealed under the
// old one (server/modules/cluster/reseal.ts, docs/operations.md §6, docs/decisions/0110-shared-secrets.md).
//
// Run it with EVERY NODE STOPPED: it opens the database (DATABASE_URL, or the embedded one in DATA_DIR) and the
// document store (KYC_S3_URL, or DATA_DIR/kyc) of the normal configuration itself, and a row a running node changes
// under it stops the run. The keys come from the environment, never from arguments (which `ps` shows to anyone):
// RESEAL_FROM_KEY and RESEAL_TO_KEY, 64 hex each. Exit codes: 0 done, 1 something was unreadable or changed under it,
// 2 nothing done (a bad argument, variable or configuration, or an old key this database does not use).
//
// Which rows hold sealed values is the owning modules' knowledge: operators/sealed-totp.ts, affiliates/sealed-totp.ts
// and verification/sealed-documents.ts, bound here to the ports of cluster/reseal.ts.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, type Config, loadConfig } from '../server/config.ts';
import { type Database, databaseLocationFor, openDatabase } from '../server/db/client.ts';
import {
  type DocumentResealReport,
  OldKeyMismatch,
  type ResealReport,
  ResealConflict,
  resealDocuments,
  resealTotp,
  type SealedDocuments,
  type SealedTotpColumn,
} from '../server/modules/cluster/reseal.ts';
import { affiliateTotpColumns } from '../server/modules/affiliates/sealed-totp.ts';
import { staffTotpColumn } from '../server/modules/operators/sealed-totp.ts';
import { sealedIdentityDocuments } from '../server/modules/verification/sealed-documents.ts';
import { createDiskStore, createS3Store, type DocumentStore } from '../server/modules/verification/storage.ts';

export const usage = `Usage: npm run reseal -- <totp|kyc> [--check]

Seals again, under a new key, what is sealed at rest under the old one:
  totp     staff members' and affiliates' TOTP secrets (TOTP_ENCRYPTION_KEY)
  kyc      identity documents' files (KYC_ENCRYPTION_KEY), in KYC_S3_URL's bucket or DATA_DIR/kyc
  --check  count what would be re-sealed; write nothing

Stop every node first, and take a backup of the database (and of the document store for kyc).
Keys, from the environment only (never as arguments: ps shows those):
  RESEAL_FROM_KEY  the key in use now (64 hex; unset on the nodes: the file DATA_DIR/secrets/<totp|kyc>-encryption-key)
  RESEAL_TO_KEY    the new key (64 hex): afterwards set exactly this text as the variable on every node
The database and document store are the nodes' own configuration (DATABASE_URL or DATA_DIR, KYC_S3_URL).
Exit 0: done; 1: something opened with neither key (named by id, left as it was) or changed during the run;
2: nothing done (bad arguments, variables or configuration, or RESEAL_FROM_KEY is not the key the database uses).`;

const KEY = /^[0-9a-fA-F]{64}$/;

/** A refusal before anything was read or written: the message for the operator, exit code 2. */
export class UsageError extends Error {}

function parseArguments(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: { check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${usage}`);
  }
}

/** The kind and the two keys, or UsageError naming the argument or variable (never a key's value). */
export function parseInvocation(argv: string[], env: NodeJS.ProcessEnv): { kind: 'totp' | 'kyc'; check: boolean; from: string; to: string } | 'help' {
  const parsed = parseArguments(argv);
  if (parsed.values.help) return 'help';
  const [kind, ...rest] = parsed.positionals;
  if ((kind !== 'totp' && kind !== 'kyc') || rest.length > 0) throw new UsageError(`say what to re-seal: totp or kyc\n\n${usage}`);
  const key = (variable: 'RESEAL_FROM_KEY' | 'RESEAL_TO_KEY') => {
    const value = env[variable];
    if (!value)
      throw new UsageError(`${variable} is not set: give the ${variable === 'RESEAL_FROM_KEY' ? 'key in use now' : 'new key'} (64 hex) in the environment`);
    if (!KEY.test(value)) throw new UsageError(`${variable} must be 64 hexadecimal characters (a 256-bit key)`);
    return value;
  };
  const from = key('RESEAL_FROM_KEY');
  const to = key('RESEAL_TO_KEY');
  if (from.toLowerCase() === to.toLowerCase()) throw new UsageError('RESEAL_FROM_KEY and RESEAL_TO_KEY are the same key');
  return { kind, check: parsed.values.check ?? false, from, to };
}

/** The owning modules' TOTP columns: staff (operators), affiliates' confirmed and pending secrets. */
export function totpColumns(db: Database): SealedTotpColumn[] {
  return [staffTotpColumn(db), ...affiliateTotpColumns(db)];
}

/** Identity documents whose file is kept, as the verification module knows them. */
export function identityDocuments(db: Database): SealedDocuments {
  return sealedIdentityDocuments(db);
}

/**
 * The nodes' document store, as verification/store-choice.ts picks it; not through that function, which would also
 * generate a KYC key into DATA_DIR when none is configured.
 */
function documentStoreOf(config: Config): DocumentStore {
  return config.kyc.s3Url ? createS3Store(config.kyc.s3Url) : createDiskStore(path.join(config.dataDir, 'kyc'));
}

function summary(kind: 'totp' | 'kyc', check: boolean, report: ResealReport | DocumentResealReport): string {
  const variable = kind === 'totp' ? 'TOTP_ENCRYPTION_KEY' : 'KYC_ENCRYPTION_KEY';
  const missing = 'missing' in report && report.missing.length > 0 ? `, ${report.missing.length} with no file in the store (${report.missing.join(', ')})` : '';
  const unreadable = report.unreadable.length > 0 ? ` (${report.unreadable.join(', ')})` : '';
  const outcome = check
    ? 'checked only, nothing written'
    : report.keyRecorded
      ? `the database now expects the new ${variable}: set it on every node`
      : `the database still expects the old ${variable}`;
  return `${kind}: ${report.resealed} ${check ? 'to re-seal' : 're-sealed'}, ${report.already} already under the new key, ${report.unreadable.length} unreadable${unreadable}${missing}; ${outcome}`;
}

/** Runs one invocation; answers the exit code (0, 1 or 2) and prints only counts, ids and messages. */
export async function runReseal(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let invocation: ReturnType<typeof parseInvocation>;
  let config: Config;
  try {
    invocation = parseInvocation(argv, env);
    if (invocation === 'help') {
      console.log(usage);
      return 0;
    }
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof ConfigError)) throw error;
    console.error(`reseal: ${error.message}`);
    return 2;
  }
  const { kind, check, from, to } = invocation;
  const location = databaseLocationFor(config);
  const database = await openDatabase(location.driver === 'pglite' ? { ...location, embedded: 'inline' } : location);
  try {
    const report =
      kind === 'totp'
        ? await resealTotp({ db: database.db, columns: totpColumns(database.db), from, to, check })
        : await resealDocuments({ db: database.db, documents: identityDocuments(database.db), store: documentStoreOf(config), from, to, check });
    console.log(summary(kind, check, report));
    return report.unreadable.length > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof OldKeyMismatch) {
      console.error(
        `reseal: RESEAL_FROM_KEY is not the ${error.secret} this database's nodes use (its fingerprint differs from the stored one); nothing was changed.`,
      );
      return 2;
    }
    if (error instanceof ResealConflict) {
      console.error(`reseal: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

// Exits at once: an S3 client's kept-alive connections would otherwise hold the process open.
if (import.meta.main) process.exit(await runReseal(process.argv.slice(2), process.env));
