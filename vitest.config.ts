import { defineConfig } from 'vitest/config';

// Unit, HTTP (app.inject) and database suites. Database suites are named *.db.test.ts so CI can run
// them again against PostgreSQL (DATABASE_URL) and Redis (REDIS_URL).
export default defineConfig({
  test: {
    include: ['{app,server,contract,games,scripts}/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    // Generous: a loaded CI machine once took a test past 20 s. Timeouts here only catch hangs, they measure nothing.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
