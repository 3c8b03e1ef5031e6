import pg from 'pg';
import type { DatabaseHandle } from './client.ts';

// Test support: counts the statements a piece of code sends to the database, each one a round trip to PostgreSQL
// (bench/README.md "Provider callbacks"). On PostgreSQL every node-postgres query of this process is counted; on
// inline PGlite its query and exec calls, and BEGIN and COMMIT for each transaction, as PostgreSQL would see them.

type Sendable = { query: (...args: unknown[]) => Promise<unknown>; exec?: (...args: unknown[]) => Promise<unknown> };
type Embedded = Sendable & { transaction: (callback: (tx: Sendable) => Promise<unknown>) => Promise<unknown> };

const textOf = (query: unknown): string =>
  typeof query === 'string'
    ? query
    : typeof query === 'object' && query !== null && 'text' in query
      ? String((query as { text: unknown }).text)
      : String(query);

export type RoundTripCounter = {
  /** The statements sent while `run` ran (only one piece of code should talk to the database meanwhile). */
  during(run: () => Promise<unknown>): Promise<string[]>;
  restore(): void;
};

export function roundTripCounter(handle: DatabaseHandle): RoundTripCounter {
  let sent: string[] | null = null;
  const note = (query: unknown) => sent?.push(textOf(query).replace(/\s+/g, ' ').trim());
  const client = (handle.db as unknown as { $client: unknown }).$client;
  let restore: () => void;
  if (client instanceof pg.Pool) {
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      note(args[0]);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    restore = () => {
      pg.Client.prototype.query = original;
    };
  } else {
    const embedded = client as Embedded;
    const { query, exec, transaction } = embedded;
    const counted = (tx: Sendable) =>
      new Proxy(tx, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver) as unknown;
          if ((property === 'query' || property === 'exec') && typeof value === 'function')
            return (...args: unknown[]) => {
              note(args[0]);
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          return value;
        },
      });
    embedded.query = (...args) => {
      note(args[0]);
      return query.apply(embedded, args);
    };
    if (exec)
      embedded.exec = (...args) => {
        note(args[0]);
        return exec.apply(embedded, args);
      };
    embedded.transaction = async (callback) => {
      note('begin');
      try {
        return await transaction.call(embedded, (tx) => callback(counted(tx)));
      } finally {
        note('commit');
      }
    };
    restore = () => {
      // The wrappers are the instance's own properties, over its class's methods.
      for (const own of ['query', 'exec', 'transaction'] as const) delete (embedded as Partial<Embedded>)[own];
    };
  }
  return {
    async during(run) {
      sent = [];
      try {
        await run();
        return sent;
      } finally {
        sent = null;
      }
    },
    restore,
  };
}
