import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.ts';
import { openTestDatabase } from './db/test-database.ts';
import { seedDemoContent } from './db/seed.ts';
import { buildApp } from './http/app.ts';
import { createServices, type Services } from './services.ts';

/** An API-only app on a fresh seeded database, for app.inject tests. */
export async function createTestApp(env: Record<string, string> = {}): Promise<{ app: FastifyInstance; services: Services; config: Config; close: () => Promise<void> }> {
  const config = loadConfig({ DATA_DIR: 'test-results/unit-data', ...env });
  const database = await openTestDatabase();
  await seedDemoContent(database.db);
  const services = createServices({ config, database });
  const app = await buildApp({ services });
  return {
    app,
    services,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
