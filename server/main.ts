// First: production React when serving the production build (it must be set before React loads).
import './production-mode.ts';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { databaseLocationFor, openDatabase } from './db/client.ts';
import { seedDemoContent } from './db/seed.ts';
import { buildApp, type SiteOptions } from './http/app.ts';
import { createLogger } from './logging.ts';
import { checkSharedSecrets, SharedSecretMismatch } from './modules/cluster/secret-fingerprints.ts';
import { startRealtime } from './modules/broadcasting/start.ts';
import { loadOrCreateRealtimeCredentials } from './realtime/credentials.ts';
import { createServices } from './services.ts';
import { sharedSecrets } from './shared-secrets.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

async function siteOptions(config: Config, dev: boolean): Promise<SiteOptions> {
  if (!dev) {
    const serverBuild = path.join(projectRoot, 'build/server/index.js');
    const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
    return { mode: 'production', loadBuild: async () => build, clientDir: path.join(projectRoot, 'build/client') };
  }
  const { createServer } = await import('vite');
  const vite = await createServer({ root: projectRoot, server: { middlewareMode: true, hmr: { port: config.port + 10_000 } }, appType: 'custom' });
  return {
    mode: 'development',
    loadBuild: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    useMiddleware: async (app) => {
      const { default: middie } = await import('@fastify/middie');
      await app.register(middie);
      app.use(vite.middlewares);
      app.addHook('onClose', () => vite.close());
    },
  };
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const dev = process.argv.includes('--dev');
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(databaseLocationFor(config));
  // Without its database the server can answer nothing right: say why and stop, rather than fail every request.
  void database.lost?.then((error) => {
    logger.fatal({ err: error }, 'the embedded database stopped; exiting');
    process.exit(1);
  });
  const realtimeApp = await loadOrCreateRealtimeCredentials(config.dataDir, config.realtime.credentials);
  // A node with other keys than the database's data was sealed and signed with stops here, before it touches any.
  try {
    await checkSharedSecrets(database.db, sharedSecrets(config, realtimeApp));
  } catch (error) {
    if (!(error instanceof SharedSecretMismatch)) throw error;
    logger.fatal({ secret: error.secret }, error.message);
    await database.close();
    process.exit(1);
  }
  await seedDemoContent(database.db, { demoAccounts: config.appEnv !== 'production', currency: config.defaultCurrency });
  const services = createServices({ config, database, logger, realtimeApp });
  await services.start();
  const app = await buildApp({ services, logger, site: await siteOptions(config, dev) });
  const realtime = await startRealtime(config, realtimeApp, logger, (event) => void services.broadcasting.realtimeEvent(event));
  services.connectRealtime(realtime.publisher, realtime.publicConfig);
  const realtimeServer = realtime.server;
  if (realtimeServer) services.metrics.read({ realtimeConnections: () => realtimeServer.connectionCount() });
  // The crash rounds run on the server process only (tests drive them tick by tick).
  services.crash.start();

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining in-flight requests');
    const timer = setTimeout(() => {
      logger.error('drain took too long; exiting');
      process.exit(1);
    }, config.drainDelayMs + config.shutdownGraceMs);
    timer.unref();
    // Readiness answers 503 first; the listener stays open until the balancer has seen it and sends no more.
    services.lifecycle.draining = true;
    if (config.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
    // Keep-alive connections that finish their request after close() began would hold the server
    // open; close each as soon as it falls idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    await app.close();
    clearInterval(sweep);
    // Sockets are told to reconnect elsewhere (4200) only after the last HTTP request has finished.
    await realtime.server?.close();
    await database.close();
    logger.info('stopped cleanly');
    process.exit(0);
  }
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const databaseInfo = database.driver === 'pglite' ? `pglite (${config.embeddedDb})` : database.driver;
  logger.info({ url: config.publicUrl, database: databaseInfo, realtime: realtime.publicConfig, dev }, `${config.siteName} is up`);
}

await main();
