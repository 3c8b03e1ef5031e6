// `npm test`: lint and format check (Biome), type-check, unit + HTTP + database suites (Vitest), production build, browser suites
// (Playwright in Chromium), then one summary line. `--db` runs only the database (*.db.test.ts) and
// realtime fan-out (*.redis.test.ts) suites, which CI repeats against PostgreSQL and Redis.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => `${root}node_modules/.bin/${name}`;
const dbOnly = process.argv.includes('--db');
const label = dbOnly ? `database suites on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}` : 'all suites';

function run(title: string, command: string, args: string[]): boolean {
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) console.error(`=== ${title} failed (exit ${result.status ?? result.signal})`);
  return result.status === 0;
}

/** Runs steps one after another with their output held back, printed whole when they end: for running beside others. */
function runQuietly(title: string, steps: [string, string[]][]): Promise<boolean> {
  return new Promise((resolve) => {
    const output: Buffer[] = [];
    const next = (index: number) => {
      if (index === steps.length) return finish(true);
      const [command, args] = steps[index]!;
      const child = spawn(command, args, { cwd: root, env: process.env });
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
      child.on('close', (code) => (code === 0 ? next(index + 1) : finish(false, code)));
    };
    const finish = (passed: boolean, code?: number | null) => {
      console.log(`\n=== ${title}\n${Buffer.concat(output).toString().trimEnd()}`);
      if (!passed) console.error(`=== ${title} failed (exit ${code})`);
      resolve(passed);
    };
    next(0);
  });
}

function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

mkdirSync(`${root}test-results`, { recursive: true });
const unitReport = `${root}test-results/${dbOnly ? 'db' : 'unit'}.json`;
const e2eReport = `${root}test-results/e2e.json`;
rmSync(unitReport, { force: true });
rmSync(e2eReport, { force: true });

let ok = true;
if (!dbOnly) {
  // Lint, type-check and the production build need nothing of each other: side by side, each mostly on one core.
  // The build comes before the tests: the process tests and the browser tests both run the production server.
  const checks = await Promise.all([
    runQuietly('lint', [['npm', ['run', 'lint']]]),
    runQuietly('type-check', [
      [bin('react-router'), ['typegen']],
      [bin('tsc'), ['--noEmit']],
    ]),
    runQuietly('production build', [['npm', ['run', 'build']]]),
  ]);
  ok = checks.every(Boolean) && ok;
}
ok =
  run(`vitest (${label})`, bin('vitest'), [
    'run',
    ...(dbOnly ? ['db.test', 'redis.test'] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${unitReport}`,
  ]) && ok;
if (!dbOnly) ok = run('playwright (Chromium)', bin('playwright'), ['test']) && ok;

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
  testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
};
type PlaywrightSuite = {
  title: string;
  file?: string;
  specs?: { title: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
};
const unit = readJson<VitestReport>(unitReport);
const e2e = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites: PlaywrightSuite[] }>(e2eReport);

// The names of what failed come last, where a CI log's tail shows them, with the first line of each error.
const failures: string[] = [];
const firstLine = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';
for (const file of unit?.testResults ?? []) {
  const path = file.name.replace(root, '');
  const failed = file.assertionResults.filter((test) => test.status === 'failed');
  for (const test of failed) failures.push(`vitest ${path} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  if (failed.length === 0 && file.message) failures.push(`vitest ${path}: ${firstLine(file.message)}`);
}
const walk = (suite: PlaywrightSuite, file: string) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status === 'unexpected' || test.status === 'flaky') {
        const error = test.results.find((result) => result.error)?.error?.message;
        failures.push(`playwright ${file}:${spec.line} › ${spec.title} (${test.status}): ${firstLine(error)}`);
      }
    }
  }
  for (const child of suite.suites ?? []) walk(child, child.file ?? file);
};
for (const suite of e2e?.suites ?? []) walk(suite, suite.file ?? suite.title);
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats.expected ?? 0);
let failed = (unit?.numFailedTests ?? 0) + (e2e ? e2e.stats.unexpected + e2e.stats.flaky : 0);
if (!unit || (!dbOnly && !e2e)) failed += 1; // a suite that produced no report failed to run
if (!ok && failed === 0) failed = 1; // lint or type errors, or a failed build
console.log(
  `\nvitest: ${unit?.numPassedTests ?? 0} passed, ${unit?.numFailedTests ?? 0} failed${dbOnly ? '' : `; playwright: ${e2e?.stats.expected ?? 0} passed, ${(e2e?.stats.unexpected ?? 0) + (e2e?.stats.flaky ?? 0)} failed`}`,
);
console.log(`${dbOnly ? 'database' : 'tests'}: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
