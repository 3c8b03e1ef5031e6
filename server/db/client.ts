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
import { type DatabaseThread, startDatabaseThread } from './embedded-database.ts';
import { poolOptionsFor } from './hosts.ts';

/** The one database type every service takes: the same schema on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT>;

/** A transaction as `db.transaction(async (tx) => …)` hands it over: its statements run on its own connection. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What a function that may run inside its caller's transaction takes: the database (each statement on its own, or a
 * transaction the function opens) or that caller's transaction, so its rows commit or roll back with the caller's.
 */
export type DbExecutor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  /** What runs the SQL: PGlite (in this thread or its own) or a PostgreSQL server. */
  driver: 'pglite' | 'postgres';
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** PGlite in its own thread only: resolves, with why, if that thread stops while the database is open. */
  lost?: Promise<Error>;
  /** A connection pool's connections and waiting queries (not for inline PGlite), for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

/**
 * Where embedded PGlite runs (EMBEDDED_DB, decision 0098): in a thread of its own, spoken to through node-postgres as
 * a PostgreSQL server is, so its work never holds the server's event loop; or inline, in the caller's thread (tests).
 */
export type EmbeddedMode = 'worker' | 'inline';

/**
 * Connections the pool keeps to the database thread. PGlite runs one at a time (server/db/embedded-sessions.ts);
 * the others have their next statement waiting in the thread, so it goes on to it without a round trip.
 */
const THREAD_CONNECTIONS = 4;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseLocation =
  | { driver: 'postgres'; url: string }
  | { driver: 'pglite'; dataDir: string; embedded?: EmbeddedMode }
  /** In memory; `loadDataDir` starts it from a dumped data directory (the tests' template, server/db/test-template.ts). */
  | { driver: 'pglite'; inMemory: true; loadDataDir?: Blob; embedded?: EmbeddedMode };

/** Opens the database and applies pending migrations, so a fresh checkout needs no setup step. PGlite runs inline unless `embedded` says otherwise. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  // Several hosts (a primary and its standbys) with target_session_attrs: the pool follows a failover (server/db/hosts.ts).
  if (location.driver === 'postgres') return openPool(new pg.Pool({ ...poolOptionsFor(location.url), max: 10 }), 'postgres');
  const dataDir = 'dataDir' in location ? path.join(location.dataDir, 'pglite') : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  if (location.embedded === 'worker') {
    const thread = await startDatabaseThread(dataDir ? { dataDir } : { loadDataDir: 'loadDataDir' in location ? location.loadDataDir : undefined });
    // PGlite's one database and user (another name in the startup packet is a fatal error that ends its thread). No
    // idle timeout: a connection to the thread costs nothing to keep, and a new one would prepare its statements again.
    const pool = new pg.Pool({
      user: 'postgres',
      database: 'postgres',
      max: THREAD_CONNECTIONS,
      idleTimeoutMillis: 0,
      stream: () => thread.connect(),
    });
    return openPool(pool, 'pglite', thread);
  }
  let client: PGlite;
  if (dataDir) {
    client = await PGlite.create(dataDir);
  } else {
    client = await PGlite.create('loadDataDir' in location && location.loadDataDir ? { loadDataDir: location.loadDataDir } : {});
  }
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    driver: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}

/** A node-postgres pool, to a PostgreSQL server or to the embedded database's thread (which it stops on close). */
async function openPool(pool: pg.Pool, driver: DatabaseHandle['driver'], thread?: DatabaseThread): Promise<DatabaseHandle> {
  // An idle connection the server drops (restart, failover, admin) must not crash the process:
  // the pool replaces it on next use, and queries in flight fail on their own.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool });
  const close = async () => {
    await pool.end();
    await thread?.stop();
  };
  try {
    await migratePostgres(db, { migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  return {
    db,
    driver,
    ping: async () => void (await db.execute(sql`select 1`)),
    close,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ...(thread ? { lost: thread.lost } : {}),
  };
}

export function databaseLocationFor(config: { databaseUrl: string | undefined; dataDir: string; embeddedDb: EmbeddedMode }): DatabaseLocation {
  return config.databaseUrl ? { driver: 'postgres', url: config.databaseUrl } : { driver: 'pglite', dataDir: config.dataDir, embedded: config.embeddedDb };
}
