import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/** The one database type every service takes: the same schema on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseLocation =
  | { driver: 'postgres'; url: string }
  | { driver: 'pglite'; dataDir: string }
  /** In memory; `loadDataDir` starts it from a dumped data directory (the tests' template, server/db/test-template.ts). */
  | { driver: 'pglite'; inMemory: true; loadDataDir?: Blob };

/** Opens the database and applies pending migrations, so a fresh checkout needs no setup step. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    // An idle connection the server drops (restart, failover, admin) must not crash the process:
    // the pool replaces it on next use, and queries in flight fail on their own.
    pool.on('error', () => {});
    const db = drizzlePostgres({ client: pool });
    try {
      await migratePostgres(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('dataDir' in location) {
    const dir = path.join(location.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create(location.loadDataDir ? { loadDataDir: location.loadDataDir } : {});
  }
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}

export function databaseLocationFor(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseLocation {
  return config.databaseUrl ? { driver: 'postgres', url: config.databaseUrl } : { driver: 'pglite', dataDir: config.dataDir };
}
