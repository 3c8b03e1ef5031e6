import { is, Param, Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

// Statements every round and every signed-in request runs are compiled once and sent as named prepared statements
// (issue 17 §10): the server neither builds their SQL again nor has PostgreSQL plan them again on each call.

type RawClient = { query: (...args: unknown[]) => Promise<{ rows: unknown[]; rowCount?: number; affectedRows?: number }>; exec?: unknown };

/**
 * A raw statement built once with `sql.placeholder(name)` for what changes per call, and its rows as the driver
 * returns them (bigint sums as strings on node-postgres, numbers on PGlite). On node-postgres it is a named prepared
 * statement, which each pool connection plans once; PGlite (one in-process connection, which has `exec`) runs it as
 * a plain parameterised query. The name must be unique and change whenever the text does.
 */
export function preparedStatement<Row>(
  db: Database,
  name: string,
  query: SQL,
): (values: Record<string, unknown>, executor?: Database) => Promise<{ rows: Row[]; rowCount: number }> {
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
    // A transaction's statements go to its own connection, which drizzle keeps on the session.
    const client = (executor as unknown as { session: { client: RawClient } }).session.client;
    const result = typeof client.exec === 'function' ? await client.query(text, args) : await client.query({ name, text, values: args });
    return {
      rows: result.rows as Row[],
      rowCount: Number((result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0),
    };
  };
}
