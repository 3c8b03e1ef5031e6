import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm test` only fails on a style or lint problem if `npm run lint` exits non-zero on one, so this runs the lint
// script's own flags with the project's biome.json over a scratch folder. Git ignore files are left out
// (--vcs-enabled=false): the scratch folder is no repository, and they only choose files, not rules.
const root = fileURLToPath(new URL('..', import.meta.url));
const lintScript: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.lint;
const [command, ...flags] = lintScript.split(' ').filter((word) => word !== '.');
const scratch = mkdtempSync(join(tmpdir(), 'croupier-lint-'));
copyFileSync(join(root, 'biome.json'), join(scratch, 'biome.json'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function lint(source: string): { status: number | null; output: string } {
  writeFileSync(join(scratch, 'probe.ts'), source);
  const result = spawnSync(join(root, 'node_modules/.bin', command!), [...flags, '--vcs-enabled=false', '.'], { cwd: scratch, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('npm run lint', () => {
  it('is Biome checking formatting and lint rules', () => {
    expect([command, flags[0]]).toEqual(['biome', 'check']);
  });

  it('passes a file in house style', () => {
    const { status, output } = lint('export const greeting = (name: string): string => name.trim();\n');
    expect(status, output).toBe(0);
  });

  it('fails on an unused variable, which is dead code', () => {
    const { status, output } = lint("const forgotten = 1;\nexport const greeting = 'Welcome';\n");
    expect(status).not.toBe(0);
    expect(output).toContain('noUnusedVariables');
  });

  it('fails on an unused import', () => {
    const { status, output } = lint("import { join } from 'node:path';\nexport const greeting = 'Welcome';\n");
    expect(status).not.toBe(0);
    expect(output).toContain('noUnusedImports');
  });

  it('fails on a file that is not formatted: double quotes, no semicolon, four-space indent', () => {
    const { status, output } = lint('export function greeting() {\n    return "Welcome"\n}\n');
    expect(status).not.toBe(0);
    expect(output).toContain('format');
  });

  it('fails on a line longer than 160 characters that the formatter would wrap', () => {
    const long = Array.from({ length: 30 }, (_, i) => `'player-${i}'`).join(', ');
    const { status, output } = lint(`export const players = [${long}];\n`);
    expect(long.length).toBeGreaterThan(160);
    expect(status).not.toBe(0);
    expect(output).toContain('format');
  });
});
