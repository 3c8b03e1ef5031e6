import { is, Param, Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

// Statements every round and every signed-in request runs are compiled once and sent as named prepared statements
// (issue 17 §10): the server neither builds their SQL again nor has PostgreSQL plan them again on each call.

type RawClient = { query: (...args: unknown[]) => Promise<{ rows: unknown[] }>; exec?: unknown };

/**
 * Runs `text` on the pool (autocommit) or on a transaction's own connection, which drizzle keeps on its session.
 * node-postgres gets it as the named prepared statement `name`, which each pool connection plans once; PGlite (one
 * in-process connection, which has `exec`) as a plain parameterised query. A name must be unique and change
 * whenever its text does: PostgreSQL refuses a second text under one name on a connection.
 */
export async function runNamed(executor: Database, name: string, text: string, values: unknown[]): Promise<unknown[]> {
  const client = (executor as unknown as { session: { client: RawClient } }).session.client;
  const result = typeof client.exec === 'function' ? await client.query(text, values) : await client.query({ name, text, values });
  return result.rows;
}

/**
 * A raw statement built once with `sql.placeholder(name)` for what changes per call, run by `runNamed`; its rows as
 * the driver returns them (bigint sums as strings on node-postgres, numbers on PGlite).
 */
export function preparedStatement<Row>(db: Database, name: string, query: SQL): (values: Record<string, unknown>, executor?: Database) => Promise<Row[]> {
  const { sql: text, params } = (db as unknown as { dialect: { sqlToQuery: (query: SQL) => { sql: string; params: unknown[] } } }).dialect.sqlToQuery(query);
  return async (values, executor = db) => {
    // As drizzle fills placeholders, except that null stays SQL null (a jsonb or timestamp column's encoder would
    // turn it into JSON null or fail on it).
    const args = params.map((param) => {
      const placeholder = is(param, Placeholder) ? param : is(param, Param) && is(param.value, Placeholder) ? param.value : null;
      if (!placeholder) return param;
      if (!(placeholder.name in values)) throw new Error(`No value for placeholder "${placeholder.name}"`);
      const value = values[placeholder.name];
      return value === null || value === undefined || !is(param, Param) ? (value ?? null) : param.encoder.mapToDriverValue(value);
    });
    return (await runNamed(executor, name, text, args)) as Row[];
  };
}
