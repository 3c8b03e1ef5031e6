// Test database templates (docs/architecture.md, Tests): every database test file used to start its own PGlite
// (initdb) or CREATE DATABASE, then run every migration, most of the database suites' time. Now a run builds a
// migrated template and a seeded one, unless they exist already, and each test file opens a copy: a tarball of
// PGlite's data directory, or a PostgreSQL database created with TEMPLATE. Each is named by a hash of what went
// into it, so a changed migration or seed builds new ones. A run marks the templates it uses; templates of other
// hashes go once unused for an hour, not at once: another checkout, or a run started before an edit, may use them.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase, type Database } from './client.ts';
import { seedDemoContent } from './seed.ts';

/** Where each kind of test database is copied from: tarball paths (PGlite) or template database names (PostgreSQL). */
export type TestTemplates = { driver: 'pglite' | 'postgres'; plain: string; seeded: string };

const root = fileURLToPath(new URL('../../', import.meta.url));
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const cacheFolder = path.join(root, 'node_modules/.cache/croupier-test-db');
/** Keeps builders of PostgreSQL templates (two runs at once, a worker rebuilding) apart: "CROU" "TPL". */
const TEMPLATE_LOCK = [0x43524f55, 0x54504c] as const;
/** How long a template of another hash is kept after its last use; a run of the suite takes minutes. */
const UNUSED_FOR_MS = 60 * 60_000;

/** Builds the templates this run needs unless they exist already; safe to call from several processes at once. */
export async function ensureTestTemplates(serverUrl = process.env.DATABASE_URL): Promise<TestTemplates> {
  return serverUrl ? ensurePostgresTemplates(serverUrl) : ensurePgliteTemplates();
}

/**
 * The templates' keys. Plain: the migrations, this builder, and the versions of PGlite (its data directory
 * format) and drizzle (its migrator's bookkeeping). Seeded: that, and the seed with every file it imports (games'
 * maths feed the catalogue), so an edit there rebuilds only the seeded template.
 */
export function templateKeys(driver: 'pglite' | 'postgres'): { plain: string; seeded: string } {
  const version = (name: string) => JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version as string;
  const versions = `croupier test template v1 ${driver} pglite ${version('@electric-sql/pglite')} drizzle-orm ${version('drizzle-orm')}`;
  const plain = digest(versions, [...filesUnder(migrationsFolder), fileURLToPath(import.meta.url)]);
  return { plain, seeded: digest(plain, [...importedFrom(fileURLToPath(new URL('./seed.ts', import.meta.url)))]) };
}

function digest(prefix: string, files: string[]): string {
  const hash = createHash('sha256').update(`${prefix}\n`);
  for (const file of [...new Set(files)].sort()) hash.update(`${path.relative(root, file)}\n`).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** `file` and every file of ours it imports, directly or not (relative imports: the project's own code). */
function importedFrom(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    const target = path.resolve(path.dirname(file), specifier!);
    if (existsSync(target) && statSync(target).isFile()) importedFrom(target, seen);
  }
  return seen;
}

// PGlite: an in-memory database, migrated and dumped with dumpDataDir; then loaded, seeded and dumped again.
// Gzipped: 5 MB instead of 43, and a copy opens about 60 ms later than from the plain tar, of some 600.

async function ensurePgliteTemplates(): Promise<TestTemplates> {
  const keys = templateKeys('pglite');
  const templates: TestTemplates = {
    driver: 'pglite',
    plain: path.join(cacheFolder, `${keys.plain}-plain.tar.gz`),
    seeded: path.join(cacheFolder, `${keys.seeded}-seeded.tar.gz`),
  };
  await mkdir(cacheFolder, { recursive: true });
  let client: PGlite | undefined;
  try {
    if (!existsSync(templates.plain)) {
      client = await PGlite.create();
      await migrate(drizzle({ client }), { migrationsFolder });
      await writeAtomically(templates.plain, await client.dumpDataDir('gzip'));
    }
    if (!existsSync(templates.seeded)) {
      client ??= await PGlite.create({ loadDataDir: new Blob([await readFile(templates.plain)]) });
      await seedDemoContent(drizzle({ client }));
      await writeAtomically(templates.seeded, await client.dumpDataDir('gzip'));
    }
  } finally {
    await client?.close();
  }
  // The modification time says when a run last used a tarball (removeStaleTarballs).
  const now = new Date();
  for (const file of [templates.plain, templates.seeded]) await utimes(file, now, now);
  await removeStaleTarballs([templates.plain, templates.seeded]);
  return templates;
}

/** A reader sees the whole tarball or none: another run building the same one at the same time renames over it. */
async function writeAtomically(file: string, data: Blob): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await data.arrayBuffer()));
  await rename(partial, file);
}

/** Tarballs of other keys unused for an hour, and pieces a killed build left (a younger one may be a build under way). */
async function removeStaleTarballs(keep: string[]): Promise<void> {
  for (const name of await readdir(cacheFolder)) {
    const file = path.join(cacheFolder, name);
    if (keep.includes(file)) continue;
    // One another run removed meanwhile counts as just used: nothing left to do.
    const used = (await stat(file).catch(() => undefined))?.mtimeMs ?? Date.now();
    if (Date.now() - used > UNUSED_FOR_MS) await rm(file, { force: true });
  }
}

// PostgreSQL: croupier_template_<key> (migrated) and croupier_template_<key>_seeded (a copy of it, seeded), built
// under another name and renamed when complete, marked IS_TEMPLATE and ALLOW_CONNECTIONS false: CREATE DATABASE …
// TEMPLATE refuses a template someone is connected to, and once built nobody can connect to one.

async function ensurePostgresTemplates(serverUrl: string): Promise<TestTemplates> {
  const keys = templateKeys('postgres');
  const templates: TestTemplates = { driver: 'postgres', plain: `croupier_template_${keys.plain}`, seeded: `croupier_template_${keys.seeded}_seeded` };
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Session-level: held until released below or, if this process dies, until its connection closes.
    await admin.query('select pg_advisory_lock($1, $2)', [...TEMPLATE_LOCK]);
    const exists = async (name: string) => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (!(await exists(templates.plain))) {
      await buildPostgresTemplate(admin, serverUrl, templates.plain, undefined, async () => {});
    }
    if (!(await exists(templates.seeded))) {
      await buildPostgresTemplate(admin, serverUrl, templates.seeded, templates.plain, seedDemoContent);
    }
    // A database has no modification time: its comment says when a run last used it (dropOtherTemplates).
    const used = `'${new Date().toISOString()}'`;
    for (const name of [templates.plain, templates.seeded]) await admin.query(`comment on database ${name} is ${used}`);
    await dropOtherTemplates(admin, [templates.plain, templates.seeded]);
    await admin.query('select pg_advisory_unlock($1, $2)', [...TEMPLATE_LOCK]);
  } finally {
    await admin.end();
  }
  return templates;
}

async function buildPostgresTemplate(admin: pg.Client, serverUrl: string, name: string, from: string | undefined, fill: (db: Database) => Promise<void>) {
  const building = `${name}_building`;
  await dropTemplate(admin, building);
  await admin.query(`create database ${building}${from ? ` template ${from}` : ''}`);
  // openDatabase applies the migrations as the server does at start (none left to apply on a copy of the plain one).
  const handle = await openDatabase({ driver: 'postgres', url: databaseUrl(serverUrl, building) });
  try {
    await fill(handle.db);
  } finally {
    await handle.close();
  }
  // PostgreSQL waits up to 5 s for the pool's closing backends to go before it renames (or refuses to).
  await admin.query(`alter database ${building} with is_template true allow_connections false`);
  await admin.query(`alter database ${building} rename to ${name}`);
}

/** Templates of other keys unused for an hour, and builds a killed run left (no comment; under the lock, none is under way). */
async function dropOtherTemplates(admin: pg.Client, keep: string[]): Promise<void> {
  const { rows } = await admin.query<{ datname: string; used: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as used from pg_database where datname like 'croupier\\_template\\_%'`,
  );
  for (const { datname, used } of rows) {
    const unusedFor = Date.now() - Date.parse(used ?? '');
    if (!keep.includes(datname) && (Number.isNaN(unusedFor) || unusedFor > UNUSED_FOR_MS)) await dropTemplate(admin, datname);
  }
}

async function dropTemplate(admin: pg.Client, name: string): Promise<void> {
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (rowCount === 0) return;
  // A template database cannot be dropped; force ends a connection a killed build left.
  await admin.query(`alter database ${name} with is_template false`);
  await admin.query(`drop database ${name} with (force)`);
}

/** The server's URL with another database name. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
