import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { buildApp } from '../http/app.ts';
import { validRegistration } from '../modules/accounts/testing.ts';
import { createLedgerService } from '../modules/ledger/service.ts';
import { rowsOf } from '../modules/shared/db-results.ts';
import { createServices } from '../services.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { startDatabaseThread } from './embedded-database.ts';
import { seedDemoContent } from './seed.ts';
import { ensureTestTemplates } from './test-template.ts';

// EMBEDDED_DB=worker (decision 0098): PGlite in a thread of its own, spoken to through node-postgres.

const dataDir = mkdtempSync(path.join(tmpdir(), 'croupier-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A copy of the run's migrated template, in memory, in a thread of its own (or inline). */
async function templateCopy(embedded: 'worker' | 'inline'): Promise<DatabaseHandle> {
  // PGlite's templates even when the run's database is PostgreSQL: this suite is about PGlite.
  const { plain } = await ensureTestTemplates('');
  return openDatabase({ driver: 'pglite', inMemory: true, loadDataDir: new Blob([await readFile(plain)]), embedded });
}

const count = async (database: DatabaseHandle, table: string) =>
  Number(rowsOf<{ n: string }>(await database.db.execute(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);

/** Turns of this thread's event loop that pass before `work` settles. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let settled = false;
  const done = work.finally(() => (settled = true));
  while (!settled) {
    await new Promise((resolve) => setImmediate(resolve));
    if (!settled) turns++;
  }
  await done;
  return turns;
}

describe('PGlite in its own thread', () => {
  it('migrates a new data directory, serves a whole app with requests at once, and keeps what it wrote across a restart', async () => {
    const database = await openDatabase({ driver: 'pglite', dataDir, embedded: 'worker' });
    expect(database.driver).toBe('pglite');
    await expect(database.ping()).resolves.toBeUndefined();
    await seedDemoContent(database.db);
    const config = loadConfig({ DATA_DIR: path.join(dataDir, 'app'), ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', RATE_LIMIT_ALLOWLIST: '127.0.0.1' });
    const services = createServices({ config, database });
    await services.start();
    const app = await buildApp({ services, rateLimitNamespace: `croupier-test:embedded-${process.pid}:` });
    const playersBefore = await count(database, 'players');
    try {
      const registrations = Array.from({ length: 6 }, () => validRegistration());
      const answers = await Promise.all([
        ...registrations.map((form) => app.inject({ method: 'POST', url: '/api/register', payload: form })),
        ...Array.from({ length: 6 }, () => app.inject({ method: 'GET', url: '/api/settings/get' })),
        ...Array.from({ length: 6 }, () => app.inject({ method: 'GET', url: '/api/health' })),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([...registrations.map(() => 201), ...Array(12).fill(200)]);
      expect(JSON.parse(answers.at(-1)!.body)).toMatchObject({ status: 'ok', database: 'pglite' });
    } finally {
      await app.close();
    }

    // Money through the named prepared statement of the PostgreSQL path, many transfers at once.
    const ledger = createLedgerService({ db: database.db });
    const clearing = await ledger.houseAccount('payment_clearing', 'EUR');
    const game = await ledger.houseAccount('game', 'EUR');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ledger.transfer({
          idempotencyKey: `embedded-test:${i}`,
          type: 'deposit',
          entries: [
            { accountId: clearing.id, amount: -100 },
            { accountId: game.id, amount: 100 },
          ],
        }),
      ),
    );
    // A transaction, and one that rolls back.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`create table embedded_check (note text)`);
      await tx.execute(sql`insert into embedded_check values ('kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into embedded_check values ('undone')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const players = await count(database, 'players');
    await database.close();

    // The same directory, reopened in a thread and inline (one on-disk format), has all of it.
    for (const embedded of ['worker', 'inline'] as const) {
      const reopened = await openDatabase({ driver: 'pglite', dataDir, embedded });
      try {
        expect(players).toBe(playersBefore + 6);
        expect(await count(reopened, 'players')).toBe(players);
        expect(rowsOf<{ note: string }>(await reopened.db.execute(sql`select note from embedded_check`))).toEqual([{ note: 'kept' }]);
        const balance = await createLedgerService({ db: reopened.db }).houseAccount('game', 'EUR');
        expect(Number(balance.balance)).toBe(2_000);
      } finally {
        await reopened.close();
      }
    }
  });

  it("leaves the event loop free while a long query runs, where inline PGlite holds it for the query's length", async () => {
    const longQuery = sql`select count(*) from generate_series(1, 500000)`;
    const worker = await templateCopy('worker');
    const inline = await templateCopy('inline');
    try {
      expect(await turnsDuring(worker.db.execute(longQuery))).toBeGreaterThan(100);
      expect(await turnsDuring(inline.db.execute(longQuery))).toBeLessThan(3);
    } finally {
      await Promise.all([worker.close(), inline.close()]);
    }
  });

  describe('connections to the thread', () => {
    let thread: Awaited<ReturnType<typeof startDatabaseThread>>;
    const clients: pg.Client[] = [];
    const connect = async () => {
      const client = new pg.Client({ user: 'postgres', database: 'postgres', stream: () => thread.connect() });
      client.on('error', () => {});
      await client.connect();
      clients.push(client);
      return client;
    };
    beforeAll(async () => {
      thread = await startDatabaseThread({});
      const client = await connect();
      await client.query('create table turns (id int primary key, note text)');
    });
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.end().catch(() => {})));
      await thread.stop();
    });

    it('keep their prepared statements apart, as connections to a PostgreSQL server do', async () => {
      const [one, two] = [await connect(), await connect()];
      for (let i = 0; i < 2; i++) {
        expect((await one.query({ name: 'which', text: "select 'one' as who" })).rows).toEqual([{ who: 'one' }]);
        expect((await two.query({ name: 'which', text: "select 'two' as who" })).rows).toEqual([{ who: 'two' }]);
      }
    });

    it("wait for another's transaction to end, and never see inside it", async () => {
      const [writer, reader] = [await connect(), await connect()];
      const order: string[] = [];
      await writer.query('begin');
      await writer.query("insert into turns values (1, 'inside')");
      const read = reader.query('select count(*)::int as n from turns').then(({ rows }) => order.push(`read ${rows[0].n}`));
      // Not a fixed wait but a signal that the read has reached the thread: each connection is a MessagePort the
      // thread's event loop wakes for, and one turn of that loop takes in every port woken before it began. The
      // read was sent before the writer's two statements here; by the second answer the thread has been through
      // a whole turn since, so the read is certainly there, waiting, when the commit is sent.
      for (let i = 0; i < 2; i++) await writer.query('select 1');
      order.push('commit');
      await writer.query('commit');
      await read;
      expect(order).toEqual(['commit', 'read 1']);
    });

    it('roll back what a connection that vanished left open, and let the others go on', async () => {
      const [leaver, stayer] = [await connect(), await connect()];
      await leaver.query('begin');
      await leaver.query("insert into turns values (2, 'abandoned')");
      const waiting = stayer.query('select count(*)::int as n from turns where id = 2');
      (leaver as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
      expect((await waiting).rows).toEqual([{ n: 0 }]);
    });

    it('fail at once, and say so, when the thread dies; so does the next connection', async () => {
      const client = await connect();
      const query = client.query('select count(*) from generate_series(1, 50000000)');
      await new Promise((resolve) => setTimeout(resolve, 50));
      await thread.worker.terminate();
      await expect(query).rejects.toThrow();
      expect((await thread.lost).message).toMatch(/^The embedded database's thread stopped \(exit code 1\)/);
      await expect(connect()).rejects.toThrow(/thread stopped/);
    });
  });

  it('is chosen by EMBEDDED_DB: worker unless set, inline on request, nothing else', () => {
    expect(loadConfig({}).embeddedDb).toBe('worker');
    expect(loadConfig({ EMBEDDED_DB: 'inline' }).embeddedDb).toBe('inline');
    expect(() => loadConfig({ EMBEDDED_DB: 'sideways' })).toThrow(ConfigError);
    expect(() => loadConfig({ EMBEDDED_DB: 'sideways' })).toThrow('EMBEDDED_DB="sideways" must be worker or inline');
  });
});
