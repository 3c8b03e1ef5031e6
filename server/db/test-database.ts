import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { databaseUrl, ensureTestTemplates, type TestTemplates } from './test-template.ts';

let templates: Promise<TestTemplates> | undefined;

/** The templates the global setup built (server/db/test-global-setup.ts); a run without it builds or finds them here. */
function currentTemplates(): Promise<TestTemplates> {
  const provided = inject('testDatabaseTemplates');
  const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  templates ??= provided?.driver === driver ? Promise.resolve(provided) : ensureTestTemplates();
  return templates;
}

/**
 * A template can go while a run uses it: a run on the same machine or server, of other migrations and more than
 * an hour later, removes it (server/db/test-template.ts). Opening a copy then fails with `missing`; build it again.
 */
async function fromTemplate<T>(seeded: boolean, missing: string, open: (template: string) => Promise<T>): Promise<T> {
  const kind = seeded ? 'seeded' : 'plain';
  try {
    return await open((await currentTemplates())[kind]);
  } catch (error) {
    if ((error as { code?: string }).code !== missing) throw error;
    templates = ensureTestTemplates();
    return open((await templates)[kind]);
  }
}

/**
 * A fresh, migrated database for one test file, copied from the run's template (server/db/test-template.ts):
 * in-memory PGlite by default, or a new database on the PostgreSQL server named by DATABASE_URL, dropped again
 * on close. `seeded` gives one with the demo content already in it, as the server seeds at start.
 */
export async function openTestDatabase({ seeded = false }: { seeded?: boolean } = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return fromTemplate(seeded, 'ENOENT', openPgliteCopy);

  const name = `croupier_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // 3D000: no such database.
    await fromTemplate(seeded, '3D000', (template) => admin.query(`create database ${name} template ${template}`));
  } finally {
    await admin.end();
  }

  // openDatabase applies pending migrations as at every start: on a copy of the template there are none.
  const handle = await openDatabase({ driver: 'postgres', url: databaseUrl(serverUrl, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // Let the pool's connections finish closing before dropping, so none is killed mid-goodbye.
      for (let attempt = 0; attempt < 50; attempt++) {
        const { rows } = await cleanup.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * Each template's tarball, read and unzipped once per test worker: the workers share their module cache between
 * files (vitest.config.ts), so every later file of the worker skips the gunzip, about a fifth of opening a copy.
 * Kept as a promise, so files that ask at the same time unzip it once; dropped again if reading fails, so a
 * template rebuilt under the same path (fromTemplate) is read afresh.
 */
const unzipped = new Map<string, Promise<Blob>>();

function templateData(tarball: string): Promise<Blob> {
  let data = unzipped.get(tarball);
  if (!data) {
    data = readFile(tarball).then((bytes) => new Blob([gunzipSync(bytes)]));
    unzipped.set(tarball, data);
    data.catch(() => unzipped.delete(tarball));
  }
  return data;
}

/** An in-memory PGlite started from the template's tarball; openDatabase applies no migration to it, having them all. */
async function openPgliteCopy(tarball: string): Promise<DatabaseHandle> {
  return openDatabase({ driver: 'pglite', inMemory: true, loadDataDir: await templateData(tarball) });
}
