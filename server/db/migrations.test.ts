import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

// drizzle's migrator applies only the migrations dated after the newest one a database has: a migration dated
// before an earlier one is skipped on every database that already had that earlier one.

const folder = fileURLToPath(new URL('./migrations', import.meta.url));
type Journal = { entries: { idx: number; when: number; tag: string }[] };
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
const scratch = mkdtempSync(path.join(tmpdir(), 'croupier-migrations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the migrations whose journal stops after the first `count` entries. */
function migrationsUpTo(count: number): string {
  const dir = path.join(scratch, `upto-${count}`);
  cpSync(folder, dir, { recursive: true });
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return dir;
}

/** Every column, constraint, index and function of the public schema, as text to compare. */
async function schemaOf(client: PGlite): Promise<string[]> {
  const queries = [
    `select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as d
       from information_schema.columns where table_schema = 'public'`,
    `select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) as d from pg_constraint where connamespace = 'public'::regnamespace`,
    `select indexdef as d from pg_indexes where schemaname = 'public'`,
    `select p.proname || ' ' || md5(pg_get_functiondef(p.oid)) as d from pg_proc p where p.pronamespace = 'public'::regnamespace`,
  ];
  const rows: string[] = [];
  for (const query of queries) rows.push(...(await client.query<{ d: string }>(query)).rows.map((row) => row.d));
  return rows.sort();
}

describe('migrations', () => {
  it('are numbered in order and dated in order, each after the one before', () => {
    expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, i) => i));
    for (const [i, entry] of journal.entries.entries()) {
      expect(entry.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
      if (i > 0) expect(entry.when, `${entry.tag} is dated before ${journal.entries[i - 1]!.tag}`).toBeGreaterThan(journal.entries[i - 1]!.when);
    }
  });

  it('bring a database made by the last three releases to the same schema as a fresh one', async () => {
    const fresh = await PGlite.create();
    await migrate(drizzle({ client: fresh }), { migrationsFolder: folder });
    const expected = await schemaOf(fresh);
    await fresh.close();
    expect(expected.some((row) => row.startsWith('ledger_accounts.shard '))).toBe(true);
    const total = journal.entries.length;
    for (const stoppedAt of [total - 3, total - 2, total - 1]) {
      const client = await PGlite.create();
      await migrate(drizzle({ client }), { migrationsFolder: migrationsUpTo(stoppedAt) });
      await migrate(drizzle({ client }), { migrationsFolder: folder });
      expect(await schemaOf(client), `upgraded from ${journal.entries[stoppedAt - 1]!.tag}`).toEqual(expected);
      await client.close();
    }
    // 0023 first shipped dated before 0022 and ran on every database made fresh since; now dated after 0022, it runs
    // there once more, before everything dated after it (0030 redefines the shard check it sets), and must change
    // nothing.
    const again = await PGlite.create();
    await migrate(drizzle({ client: again }), { migrationsFolder: folder });
    for (const file of ['0023_house_game_shards.sql', '0030_provider_shards.sql'])
      await again.exec(readFileSync(path.join(folder, file), 'utf8').replaceAll('--> statement-breakpoint', ''));
    expect(await schemaOf(again)).toEqual(expected);
    await again.close();
  }, 120_000);
});
