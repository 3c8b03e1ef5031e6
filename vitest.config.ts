import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// Unit, HTTP (app.inject) and database suites. Database suites are named *.db.test.ts so CI can run
// them again against PostgreSQL (DATABASE_URL) and Redis (REDIS_URL).

const include = ['{app,server,contract,games,scripts,aggregator}/**/*.test.ts'];
// Suites that replace a module (vi.mock) need a module cache of their own; the rest share one per worker, which
// saves importing the server a hundred times over (about two of the suite's four and a half minutes here).
const mocking = ['app/lib/api.test.ts', 'server/modules/*/login-limits.db.test.ts'];

/**
 * The files that take longest, longest first (measured: bench/README.md, "Test time"). Two workers share the
 * files; a long one started last runs on alone while the other worker idles. Vitest orders by the durations of
 * its last run when it has them (node_modules/.vite), else by file size, largest first, which put the hostile-
 * input walk of the operator routes, a small file that takes a minute, last but six.
 */
const slowest = [
  'server/http/bad-input.db.test.ts',
  'server/http/bad-input-admin.db.test.ts',
  'scripts/ops.db.test.ts',
  'server/db/migrations.test.ts',
  'server/modules/payments/property.db.test.ts',
  'server/main.process.test.ts',
  'server/db/embedded-worker.db.test.ts',
];

/** These first, in this order; the rest as Vitest would order them. */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = slowest.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index === -1 ? slowest.length : index;
    };
    // Array sort is stable: files of equal rank keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirst },
    // Generous: a loaded CI machine once took a test past 20 s. Timeouts here only catch hangs, they measure nothing.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Migrates (and seeds) one template database per run, which every database test file copies.
    globalSetup: ['server/db/test-global-setup.ts'],
    projects: [
      { extends: true, test: { name: 'shared', include, exclude: mocking, isolate: false } },
      { extends: true, test: { name: 'isolated', include: mocking } },
    ],
  },
});
