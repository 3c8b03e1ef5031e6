import { defineConfig } from 'vitest/config';

// Unit, HTTP (app.inject) and database suites. Database suites are named *.db.test.ts so CI can run
// them again against PostgreSQL (DATABASE_URL) and Redis (REDIS_URL).

const include = ['{app,server,contract,games,scripts,aggregator}/**/*.test.ts'];
// Suites that replace a module (vi.mock) need a module cache of their own; the rest share one per worker, which
// saves importing the server a hundred times over (about two of the suite's four and a half minutes here).
const mocking = ['app/lib/api.test.ts', 'server/modules/*/login-limits.db.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
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
