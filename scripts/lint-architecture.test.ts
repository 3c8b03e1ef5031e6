import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { breaches, MAX_LINES } from './lint-architecture.ts';

// The architecture lint on scratch trees: each rule finds its breach, and a tree without one passes.
const script = fileURLToPath(new URL('./lint-architecture.ts', import.meta.url));
let scratch: string;

function tree(files: Record<string, string>): string {
  scratch = mkdtempSync(join(tmpdir(), 'croupier-architecture-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    writeFileSync(join(scratch, file), text);
  }
  return scratch;
}

afterEach(() => rmSync(scratch, { recursive: true, force: true }));

const schemas = {
  'server/modules/clubs/schema.ts': "export const loyaltyBalances = pgTable('loyalty_balances', {});\n",
  'server/modules/games/schema.ts': "export const gameRounds = pgTable('game_rounds', {});\n",
};

describe('the architecture lint', () => {
  it('passes modules that write their own tables and a composition root built in order', () => {
    const root = tree({
      ...schemas,
      'server/modules/games/rounds.ts': 'await db.insert(gameRounds).values(row);\nawait db.execute(sql`update game_rounds set status = 1`);\n',
      'server/modules/clubs/points.ts': '// a comment about insert into game_rounds is prose\nawait tx.update(loyaltyBalances).set({});\n',
      'server/db/migrations/0001_x.sql':
        'CREATE FUNCTION game_settle() RETURNS void LANGUAGE plpgsql AS $$ BEGIN UPDATE game_rounds SET x = 1; PERFORM club_carry(); END $$;\n',
      'server/services.ts':
        'export function createServices() {\n  const clubs = createClubs();\n  const games = createGames({ carry: () => clubs.carry() });\n}\n',
    });
    expect(breaches(root)).toEqual([]);
  });

  it('finds a server file longer than the limit, and lets a test file and one at the limit be', () => {
    const lines = (n: number) => 'const x = 1;\n'.repeat(n);
    const root = tree({
      ...schemas,
      'server/modules/games/long.ts': lines(MAX_LINES + 1),
      'server/modules/games/edge.ts': lines(MAX_LINES),
      'server/modules/games/long.test.ts': lines(MAX_LINES * 2),
    });
    expect(breaches(root)).toEqual([`server/modules/games/long.ts: ${MAX_LINES + 1} lines, more than ${MAX_LINES}; split it by what its parts do`]);
  });

  it("finds a module writing another module's table through Drizzle", () => {
    const root = tree({ ...schemas, 'server/modules/games/rounds.ts': 'await tx.insert(loyaltyBalances).values(row);\n' });
    expect(breaches(root)).toEqual(['server/modules/games/rounds.ts: games writes loyalty_balances (clubs)']);
  });

  it('finds it in SQL text too, whatever the case and quoting', () => {
    const root = tree({ ...schemas, 'server/modules/games/rounds.ts': 'await tx.execute(sql`INSERT INTO "loyalty_balances" (player_id) VALUES ($1)`);\n' });
    expect(breaches(root)).toEqual(['server/modules/games/rounds.ts: games writes loyalty_balances (clubs) in SQL']);
  });

  it("finds a migration's SQL function writing another module's table", () => {
    const root = tree({
      ...schemas,
      'server/db/migrations/0002_y.sql':
        'CREATE OR REPLACE FUNCTION game_round(p bigint) RETURNS void LANGUAGE plpgsql AS $fn$ BEGIN\n  INSERT INTO loyalty_balances AS b VALUES (p);\nEND $fn$;\n',
    });
    expect(breaches(root)).toEqual(['migration 0002_y.sql: function game_round (games) writes loyalty_balances (clubs)']);
  });

  it('judges a SQL function by its last definition: a later migration may take a write away, or add one', () => {
    const writes =
      'CREATE OR REPLACE FUNCTION game_round(p bigint) RETURNS void LANGUAGE plpgsql AS $fn$ BEGIN\n  INSERT INTO loyalty_balances AS b VALUES (p);\nEND $fn$;\n';
    const calls = 'CREATE OR REPLACE FUNCTION game_round(p bigint) RETURNS void LANGUAGE plpgsql AS $fn$ BEGIN\n  PERFORM clubs_add_carry(p);\nEND $fn$;\n';
    const carry = 'CREATE FUNCTION clubs_add_carry(p bigint) RETURNS void LANGUAGE plpgsql AS $c$ BEGIN INSERT INTO loyalty_balances VALUES (p); END $c$;\n';
    expect(breaches(tree({ ...schemas, 'server/db/migrations/0002_y.sql': writes, 'server/db/migrations/0010_z.sql': carry + calls }))).toEqual([]);
    rmSync(scratch, { recursive: true, force: true });
    expect(breaches(tree({ ...schemas, 'server/db/migrations/0002_y.sql': calls, 'server/db/migrations/0010_z.sql': writes }))).toEqual([
      'migration 0010_z.sql: function game_round (games) writes loyalty_balances (clubs)',
    ]);
  });

  it('finds a service used in a closure before the line that builds it', () => {
    const root = tree({
      ...schemas,
      'server/services.ts':
        'export function createServices() {\n  const games = createGames({ guard: (id) => limits.check(id) });\n  const limits = createLimits();\n}\n',
    });
    expect(breaches(root)).toEqual(['server/services.ts: limits is used before it is built (line of use < line built)']);
  });

  it('finds one in a composition stage too, and accepts a stage that builds in order', () => {
    const root = tree({
      ...schemas,
      'server/composition/money.ts':
        'export function moneyServices(platform: PlatformServices) {\n  const { ledger } = platform;\n  const wallet = createWallet({ names: (ids) => games.names(ids) });\n  const games = createGames({ ledger });\n}\n',
      'server/composition/platform.ts':
        'export function platformServices() {\n  const ledger = createLedger();\n  const limits = createLimits({ ledger });\n}\n',
    });
    expect(breaches(root)).toEqual(['server/composition/money.ts: games is used before it is built (line of use < line built)']);
  });

  it('fails the command on a new breach, naming it', () => {
    const root = tree({ ...schemas, 'server/modules/clubs/points.ts': 'await db.delete(gameRounds);\n' });
    const result = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('clubs writes game_rounds (games)');
  });
});
