import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type Config } from './config.ts';
import { openTestDatabase } from './db/test-database.ts';
import { buildApp, type SiteOptions } from './http/app.ts';
import { createServices, type Services } from './services.ts';

/**
 * An API-only app on a fresh seeded database, for app.inject tests. Password hashing uses the cheapest
 * argon2id parameters config allows outside production, so suites stay fast; its rate-limit counters
 * are its own, even in a shared Redis.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { logger, site }: { logger?: FastifyBaseLogger; site?: SiteOptions } = {},
): Promise<{ app: FastifyInstance; services: Services; config: Config; close: () => Promise<void> }> {
  const config = loadConfig({
    DATA_DIR: `test-results/unit-data/${randomBytes(6).toString('hex')}`,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    REDIS_URL: process.env.REDIS_URL ?? '',
    ...env,
  });
  // Seeded as the server seeds at start: the copy of the run's seeded template (server/db/test-template.ts).
  const database = await openTestDatabase({ seeded: true });
  const services = createServices({ config, database, logger });
  await services.start();
  const app = await buildApp({ services, site, logger, rateLimitNamespace: `croupier-test:${randomBytes(6).toString('hex')}:` });
  const dataDir = config.dataDir;
  return {
    app,
    services,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** One test app for a whole test file: filled in before the first test, closed after the last. */
export function useTestApp(env: Record<string, string> = {}, site?: () => Promise<SiteOptions>): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    Object.assign(handle, await createTestApp(env, { site: await site?.() }));
  });
  afterAll(async () => {
    await handle.close();
  });
  return handle;
}
