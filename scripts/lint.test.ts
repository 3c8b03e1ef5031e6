import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm test` only fails on a style, lint or import-rule problem if `npm run lint` exits non-zero on one, so this runs
// the lint scripts' own flags with the project's biome.json and .dependency-cruiser.cjs over scratch folders. Git
// ignore files are left out (--vcs-enabled=false): the scratch folder is no repository, and they only choose files,
// not rules.
const root = fileURLToPath(new URL('..', import.meta.url));
const scripts: Record<string, string> = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
const [command, ...flags] = scripts['lint:style']!.split(' ').filter((word) => word !== '.');
const [cruiser, ...cruiserFlags] = scripts['lint:imports']!.split(' ').filter((word) => word !== '.');
const scratch = mkdtempSync(join(tmpdir(), 'croupier-lint-'));
copyFileSync(join(root, 'biome.json'), join(scratch, 'biome.json'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function lint(source: string): { status: number | null; output: string } {
  writeFileSync(join(scratch, 'probe.ts'), source);
  const result = spawnSync(join(root, 'node_modules/.bin', command!), [...flags, '--vcs-enabled=false', '.'], { cwd: scratch, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('npm run lint', () => {
  it('runs the style check, the import rules and the architecture rules, failing on any', () => {
    expect(scripts.lint).toBe('npm run lint:style && npm run lint:imports && npm run lint:architecture');
    expect(scripts['lint:architecture']).toBe('node scripts/lint-architecture.ts');
  });

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
    const { status, output } = lint("import { dirname, join } from 'node:path';\nexport const greeting = 'Welcome';\n");
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

/**
 * Runs the import rules over a scratch tree of the given files (path → source), exactly as `npm run lint:imports` does,
 * and returns the exit status, the output and the reported violations as `rule: from → to` (a cycle: `rule: from`, its path on the lines below).
 */
function cruise(files: Record<string, string>): { status: number | null; output: string; violations: string[] } {
  const tree = mkdtempSync(join(tmpdir(), 'croupier-imports-'));
  try {
    copyFileSync(join(root, '.dependency-cruiser.cjs'), join(tree, '.dependency-cruiser.cjs'));
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), source);
    }
    const result = spawnSync(join(root, 'node_modules/.bin', cruiser!), [...cruiserFlags, '.'], { cwd: tree, encoding: 'utf8' });
    const violations = [...result.stdout.matchAll(/^\s*error ([\w-]+): (\S+) → ?(\S*)$/gm)].map(([, rule, from, to]) =>
      [`${rule}: ${from}`, to].filter(Boolean).join(' → '),
    );
    return { status: result.status, output: result.stdout + result.stderr, violations: violations.sort() };
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

describe('npm run lint: import rules (dependency-cruiser)', () => {
  it('is dependency-cruiser with the project rules', () => {
    expect([cruiser, ...cruiserFlags]).toEqual(['depcruise', '--config', '.dependency-cruiser.cjs']);
  });

  it('passes the real tree', () => {
    const result = spawnSync(join(root, 'node_modules/.bin', cruiser!), [...cruiserFlags, '.'], { cwd: root, encoding: 'utf8' });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('no dependency violations found');
  });

  it('passes imports the layers allow', () => {
    const { status, output } = cruise({
      'contract/money.ts': "export { z } from './zod.ts';\n",
      'contract/zod.ts': 'export const z = 1;\n',
      'games/engine.ts': "export { rules } from './rules.ts';\n",
      'games/rules.ts': 'export const rules = 1;\n',
      'app/lib/store.ts': "export { z } from '../../contract/money.ts';\n",
      'app/components/header.tsx': "export { z } from '../lib/store.ts';\n",
      'app/features/wallet/panel.tsx': "export { z } from '../../lib/store.ts';\nexport { rules } from '../../../games/engine.ts';\n",
      'app/features/wallet/data.server.ts': "export { service } from '../../../server/modules/wallet/service.ts';\n",
      'server/modules/wallet/service.ts': "export { ledger } from '../ledger/service.ts';\nexport const service = 1;\n",
      'server/modules/wallet/schema.ts': "export { players } from '../accounts/schema.ts';\n",
      'server/modules/wallet/routes.ts': "export { service } from './service.ts';\n",
      'server/modules/ledger/service.ts': 'export const ledger = 1;\n',
      'server/modules/accounts/schema.ts': 'export const players = 1;\n',
    });
    expect(status, output).toBe(0);
  });

  it('fails on every broken rule, naming the rule and the import', () => {
    const { status, output, violations } = cruise({
      'contract/money.ts': "export { service } from '../server/modules/wallet/service.ts';\n",
      'games/engine.ts': "export { z } from '../contract/zod.ts';\n",
      'contract/zod.ts': 'export const z = 1;\n',
      'contract/settings.ts': "export { config } from '../config.ts';\n",
      'config.ts': 'export const config = 1;\n',
      'app/features/games/lobby.tsx': "export { panel } from '../wallet/panel.tsx';\n",
      'app/features/wallet/panel.tsx': "export { service } from '../../../server/modules/wallet/service.ts';\nexport const panel = 1;\n",
      'app/components/header.tsx': "export { panel } from '../features/wallet/panel.tsx';\n",
      'server/modules/wallet/service.ts':
        "export { routes } from '../ledger/routes.ts';\nexport { entries } from '../ledger/schema.ts';\nexport const service = 1;\n",
      'server/modules/ledger/routes.ts': 'export const routes = 1;\n',
      'server/modules/ledger/schema.ts': 'export const entries = 1;\n',
      'server/realtime/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'server/realtime/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    });
    expect(status, output).not.toBe(0);
    expect(violations, output).toEqual([
      'app-imports-server-only-from-server-files: app/features/wallet/panel.tsx → server/modules/wallet/service.ts',
      'contract-imports-only-contract: contract/money.ts → server/modules/wallet/service.ts',
      'contract-imports-only-contract: contract/settings.ts → config.ts',
      'features-do-not-import-each-other: app/features/games/lobby.tsx → app/features/wallet/panel.tsx',
      'games-import-only-games: games/engine.ts → contract/zod.ts',
      'modules-do-not-import-other-modules-routes: server/modules/wallet/service.ts → server/modules/ledger/routes.ts',
      'modules-do-not-import-other-modules-tables: server/modules/wallet/service.ts → server/modules/ledger/schema.ts',
      'no-circular: server/realtime/a.ts',
      'shared-app-code-does-not-import-features: app/components/header.tsx → app/features/wallet/panel.tsx',
    ]);
  });

  it('keeps zod out of what app/ bundles for the browser, directly or through a contract schema module', () => {
    // A stand-in zod package: the rules name it by its path under node_modules.
    const zod = {
      'node_modules/zod/package.json': '{ "name": "zod", "exports": { ".": "./index.js" } }\n',
      'node_modules/zod/index.js': 'export const z = {};\n',
    };
    const schemas = "import { z } from 'zod';\nexport { KYC_MESSAGE } from './wallet.rules.ts';\nexport const walletSchema = z;\n";
    const allowed = cruise({
      ...zod,
      'contract/wallet.ts': schemas,
      'contract/wallet.rules.ts': "export const KYC_MESSAGE = 'Your account must be KYC verified!';\n",
      'app/components/notice.tsx':
        "import type { walletSchema } from '../../contract/wallet.ts';\nexport { KYC_MESSAGE } from '../../contract/wallet.rules.ts';\nexport type Schema = typeof walletSchema;\n",
      'app/routes/deposit.server.ts': "import { z } from 'zod';\nexport { walletSchema } from '../../contract/wallet.ts';\nexport const parse = z;\n",
      'app/lib/api.test.ts': "export { walletSchema } from '../../contract/wallet.ts';\n",
    });
    expect(allowed.status, allowed.output).toBe(0);

    const broken = cruise({
      ...zod,
      'contract/wallet.ts': schemas,
      'contract/wallet.rules.ts': "export const KYC_MESSAGE = 'Your account must be KYC verified!';\n",
      'contract/limits.rules.ts': "export { walletSchema } from './wallet.ts';\n",
      'contract/money.ts': "import { z } from 'zod';\nexport const money = z;\n",
      'app/components/notice.tsx': "export { KYC_MESSAGE } from '../../contract/wallet.ts';\n",
      'app/lib/validate.ts': "import { z } from 'zod';\nexport const check = z;\n",
    });
    expect(broken.status, broken.output).not.toBe(0);
    expect(broken.violations, broken.output).toEqual([
      'app-code-does-not-import-zod: app/components/notice.tsx → contract/wallet.ts',
      'app-code-does-not-import-zod: app/lib/validate.ts → node_modules/zod/index.js',
      'zod-only-in-schema-modules: contract/limits.rules.ts → contract/wallet.ts',
      'zod-only-in-schema-modules: contract/money.ts → node_modules/zod/index.js',
    ]);
  });

  it('fails on an import it cannot resolve, so a typo cannot slip past the rules', () => {
    const { status, violations, output } = cruise({ 'app/lib/store.ts': "export { z } from '../features/wallet/missing.ts';\n" });
    expect(status, output).not.toBe(0);
    expect(violations, output).toEqual(['no-unresolvable: app/lib/store.ts → ../features/wallet/missing.ts']);
  });
});
