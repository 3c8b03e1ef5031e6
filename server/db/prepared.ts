import { DrizzleQueryError, is, Param, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, DbExecutor } from './client.ts';

// Statements every round and every signed-in request runs are compiled once and sent as named prepared statements
// (issue 17 §10): the server neither builds their SQL again nor has PostgreSQL plan them again on each call.

/**
 * Compiles as the database's own dialect does (it is made without a casing option, as this one is): the same text and
 * parameters a query builder's `.toSQL()` gives.
 */
const dialect = new PgDialect();

type Rows = { execute: { rows: unknown[] }; all: unknown; values: unknown };

/**
 * Runs `text` on the pool (autocommit) or on a transaction's own connection. node-postgres gets it as the named
 * prepared statement `name`, which each pool connection plans once; PGlite (one in-process connection, no named
 * statements) as a plain parameterised query. A name must be unique and change whenever its text does: PostgreSQL
 * refuses a second text under one name on a connection.
 *
 * Drizzle documents `.prepare(name)` only on a query builder, bound to the session (the pool, or one transaction's
 * connection) that built it, and gives `db.execute(sql)` no name. What a statement compiled once and run in whichever
 * transaction its caller is in needs is that same call on the caller's session: `_.session.prepareQuery`, which
 * `.prepare(name)` makes itself, public in drizzle's types though not in its documentation. This is the one place
 * the application uses it.
 */
export async function runNamed(executor: DbExecutor, name: string, text: string, values: unknown[]): Promise<unknown[]> {
  const statement = executor._.session.prepareQuery<Rows>({ sql: text, params: values }, undefined, name, false);
  try {
    return (await statement.execute()).rows;
  } catch (error) {
    // The driver's own error, as callers read it (its SQLSTATE, and the message a RAISE in the statement set).
    throw error instanceof DrizzleQueryError ? (error.cause ?? error) : error;
  }
}

/**
 * A raw statement built once with `sql.placeholder(name)` for what changes per call, run by `runNamed`; its rows as
 * the driver returns them (bigint sums as strings on node-postgres, numbers on PGlite; timestamps as text).
 */
export function preparedStatement<Row>(db: Database, name: string, query: SQL): (values: Record<string, unknown>, executor?: DbExecutor) => Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
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
