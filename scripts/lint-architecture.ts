// `npm run lint:architecture`: two rules of issue 27 that no import graph can see.
//   1. A module writes only its own tables. A table belongs to the module whose schema.ts declares it; a module's
//      code may not insert into, update or delete from another module's table, through Drizzle (`.insert(table)`,
//      `.update(table)`, `.delete(table)`) or in SQL text (`INSERT INTO name`, `UPDATE name`, `DELETE FROM name`),
//      and a SQL function in a migration, owned by the module its name starts with (`ledger_transfer`: ledger,
//      `game_round_instant`: games), may not write another module's table either (judged by its last definition).
//      It may call that module's functions.
//   2. The composition root wires, in order: `server/services.ts` and its stages (`server/composition/*.ts`) may not
//      use a service inside a closure before the line that builds it (a forward reference: construction order that nothing checks).
// Each rule has a list of known breaches (KNOWN below), each with the issue that removes it; anything else fails.
// Usage: node scripts/lint-architecture.ts [root]   (root defaults to this checkout; the lint tests pass a scratch tree)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Breaches that exist today, each with a comment naming the work that removes it; a breach not listed here fails the
 * lint. None today: the last one (the games' round statement writing the clubs' carry) went with issue 27 §2.
 */
export const KNOWN: ReadonlySet<string> = new Set<string>([]);

type Table = { name: string; constant: string; owner: string };

const WRITE_SQL = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;
const DRIZZLE_WRITE = /\.(?:insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*\)/g;

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return filesUnder(full, keep);
    return keep(full) ? [full] : [];
  });
}

/** Every table of every module, from the `export const x = pgTable('name'` declarations in its schema files. */
function tablesOf(root: string): Table[] {
  const modules = path.join(root, 'server/modules');
  if (!existsSync(modules)) return [];
  return readdirSync(modules).flatMap((owner) =>
    filesUnder(path.join(modules, owner), (file) => /schema[^/]*\.ts$/.test(file) && !file.endsWith('.test.ts')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/export\s+const\s+([A-Za-z_$][\w$]*)\s*=\s*pgTable\(\s*['"]([a-z0-9_]+)['"]/g)].map((match) => ({
        constant: match[1]!,
        name: match[2]!,
        owner,
      })),
    ),
  );
}

/** The module a SQL function belongs to: the one its name starts with (`game_…` is the games module's). */
function functionOwner(name: string, modules: string[]): string | undefined {
  const head = name.split('_')[0]!;
  return modules.find((module) => module === head || module === `${head}s` || module.replace(/-/g, '_') === head);
}

/** Removes SQL and JS comments so that prose about a write is not taken for one. */
const withoutComments = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/--.*$/gm, '');

/** The longest a server file (tests aside) may be. */
export const MAX_LINES = 400;

export function breaches(root: string): string[] {
  const tables = tablesOf(root);
  const byName = new Map(tables.map((table) => [table.name, table]));
  const byConstant = new Map(tables.map((table) => [table.constant, table]));
  const modules = [...new Set(tables.map((table) => table.owner))];
  const found: string[] = [];

  // Rule 1 in code: each module's own files (tests may arrange any table).
  const modulesDir = path.join(root, 'server/modules');
  for (const module of existsSync(modulesDir) ? readdirSync(modulesDir) : []) {
    for (const file of filesUnder(path.join(modulesDir, module), (f) => f.endsWith('.ts') && !/\.test\.ts$|testing\.ts$/.test(f))) {
      const text = withoutComments(readFileSync(file, 'utf8'));
      const relative = path.relative(root, file);
      for (const match of text.matchAll(DRIZZLE_WRITE)) {
        const table = byConstant.get(match[1]!);
        if (table && table.owner !== module) found.push(`${relative}: ${module} writes ${table.name} (${table.owner})`);
      }
      for (const literal of text.matchAll(/sql`([^`]*)`|'([^'\n]*)'|"([^"\n]*)"/g)) {
        const body = literal[1] ?? literal[2] ?? literal[3] ?? '';
        for (const match of body.matchAll(WRITE_SQL)) {
          const table = byName.get(match[1]!.toLowerCase());
          if (table && table.owner !== module) found.push(`${relative}: ${module} writes ${table.name} (${table.owner}) in SQL`);
        }
      }
    }
  }

  // Rule 1 in migrations: a SQL function writes only its own module's tables. Each function is judged by its last
  // definition, in migration order: a later CREATE OR REPLACE is what the database runs (an applied migration is
  // never edited, so an earlier body stays in its file).
  const migrations = path.join(root, 'server/db/migrations');
  const functions = new Map<string, { file: string; body: string }>();
  for (const file of filesUnder(migrations, (f) => f.endsWith('.sql')).sort((a, b) => path.basename(a).localeCompare(path.basename(b)))) {
    const text = withoutComments(readFileSync(file, 'utf8'));
    for (const fn of text.matchAll(/create\s+(?:or\s+replace\s+)?function\s+([a-z_][a-z0-9_]*)[\s\S]*?\$(\w*)\$([\s\S]*?)\$\2\$/gi))
      functions.set(fn[1]!.toLowerCase(), { file: path.basename(file), body: fn[3]! });
  }
  for (const [name, { file, body }] of functions) {
    const owner = functionOwner(name, modules);
    for (const match of body.matchAll(WRITE_SQL)) {
      const table = byName.get(match[1]!.toLowerCase());
      if (!table) continue;
      if (owner === undefined) found.push(`migration ${file}: function ${name} (no module owns its name) writes ${table.name} (${table.owner})`);
      else if (table.owner !== owner) found.push(`migration ${file}: function ${name} (${owner}) writes ${table.name} (${table.owner})`);
    }
  }

  // Rule 2: no forward references in the composition root (server/services.ts and its stages, server/composition/).
  const compositionDir = path.join(root, 'server/composition');
  const compositionFiles = [
    path.join(root, 'server/services.ts'),
    ...(existsSync(compositionDir) ? readdirSync(compositionDir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts')) : []).map((file) =>
      path.join(compositionDir, file),
    ),
  ].filter((file) => existsSync(file));
  for (const file of compositionFiles) {
    const lines = withoutComments(readFileSync(file, 'utf8')).split('\n');
    const declared = new Map<string, number>();
    lines.forEach((line, index) => {
      // The services of a composition function, declared at its top level (two spaces in), not a closure's own locals.
      const match = /^ {2}const\s+([A-Za-z_$][\w$]*)\s*=/.exec(line);
      if (match && !declared.has(match[1]!)) declared.set(match[1]!, index);
    });
    for (const [name, at] of declared) {
      const use = new RegExp(`(^|[^\\w$.'"])${name.replace(/\$/g, '\\$')}(?![\\w$:])`);
      if (lines.slice(0, at).some((line) => use.test(line) && !/^\s*(import|export type|type)\b/.test(line))) {
        found.push(`${path.relative(root, file)}: ${name} is used before it is built (line of use < line built)`);
      }
    }
  }
  // Rule 3: no server file grows past MAX_LINES (issue 27: a file a reader takes in at once); tests may.
  for (const file of filesUnder(path.join(root, 'server'), (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const lines = readFileSync(file, 'utf8').split('\n').length - 1;
    if (lines > MAX_LINES) found.push(`${path.relative(root, file)}: ${lines} lines, more than ${MAX_LINES}; split it by what its parts do`);
  }
  return [...new Set(found)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
  const all = breaches(root);
  const fresh = all.filter((breach) => !KNOWN.has(breach));
  const gone = process.argv[2] === undefined ? [...KNOWN].filter((breach) => !all.includes(breach)) : [];
  for (const breach of fresh) console.error(`✖ ${breach}`);
  for (const breach of gone) console.error(`✖ no longer found, take it off KNOWN in scripts/lint-architecture.ts: ${breach}`);
  if (fresh.length > 0 || gone.length > 0) process.exit(1);
  console.log(`✔ module tables, composition order and file sizes: no new breach (${all.length} known, each with its issue)`);
}
