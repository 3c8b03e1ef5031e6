import { existsSync } from 'node:fs';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import { serializerCompiler } from 'fastify-type-provider-zod';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifySchema } from 'fastify';
import { accountRoutes } from '../modules/accounts/routes.ts';
import { affiliateRoutes } from '../modules/affiliates/routes.ts';
import { catalogRoutes } from '../modules/catalog/routes.ts';
import { clubRoutes } from '../modules/clubs/routes.ts';
import { gameRoutes } from '../modules/games/routes.ts';
import { bonusRoutes } from '../modules/bonuses/routes.ts';
import { contentRoutes } from '../modules/content/routes.ts';
import { crashRoutes } from '../modules/crash/routes.ts';
import { broadcastingRoutes } from '../modules/broadcasting/routes.ts';
import { healthRoutes } from '../modules/health/routes.ts';
import { limitRoutes } from '../modules/limits/routes.ts';
import { jurisdictionRoutes } from '../modules/jurisdictions/routes.ts';
import { jobRoutes } from '../modules/jobs/routes.ts';
import { messageRoutes } from '../modules/messages/routes.ts';
import { operatorRoutes } from '../modules/operators/routes.ts';
import { paymentRoutes } from '../modules/payments/routes.ts';
import { hub88Routes } from '../modules/providers/hub88/routes.ts';
import { sandboxGatewayRoutes } from '../modules/sandbox-gateway/routes.ts';
import { walletRoutes } from '../modules/wallet/routes.ts';
import { verificationRoutes } from '../modules/verification/routes.ts';
import { settingsRoutes } from '../modules/settings/routes.ts';
import { complianceRoutes } from '../modules/compliance/routes.ts';
import { screeningRoutes } from '../modules/screening/routes.ts';
import { regulatorRoutes } from '../modules/regulator/routes.ts';
import { signInRoutes } from '../modules/signins/routes.ts';
import { CACHE_TOPICS } from '../cache-bus.ts';
import type { Services } from '../services.ts';
import { installMetrics } from '../metrics.ts';
import { proxyTrust } from '../trusted-proxy.ts';
import { installCsrfDefence } from './csrf.ts';
import { installErrorHandling, validatorCompiler } from './errors.ts';
import { guardNames, guardPermission, installGuardsFirst } from './guards-first.ts';
import { installOpenApi } from './openapi.ts';
import { installRateLimits } from './rate-limit.ts';
import { createPageCache } from './page-cache.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { ssrRoutes, type LoadServerBuild } from './ssr.ts';

export type SiteOptions =
  | { mode: 'production'; loadBuild: LoadServerBuild; clientDir: string }
  | { mode: 'development'; loadBuild: LoadServerBuild; useMiddleware: (app: FastifyInstance) => Promise<void> };

export type AppOptions = {
  services: Services;
  /** Structured request logs; silent when omitted (tests). */
  logger?: FastifyBaseLogger;
  /** The player site; omitted in API-only tests. */
  site?: SiteOptions;
  /** Prefix of the rate-limit counters in Redis; tests give each app its own. */
  rateLimitNamespace?: string;
  /** Prefix of the shared page cache in Redis (`croupier:`); by default a test app's rate-limit namespace, its own. */
  pageCacheNamespace?: string;
};

export type RegisteredRoute = {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** The sign-in guards it runs first, by name, and the permission an operator guard demands. */
  guards: string[];
  permission: string | undefined;
};
declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: readonly RegisteredRoute[];
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function buildApp({
  services,
  logger,
  site,
  rateLimitNamespace = 'croupier:rate-limit:',
  pageCacheNamespace = rateLimitNamespace === 'croupier:rate-limit:' ? 'croupier:' : rateLimitNamespace,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit: 1024 * 1024,
    trustProxy: proxyTrust(services.config.trustProxy),
    return503OnClosing: true,
    // A path that is not valid percent-encoding (e.g. `%E0%A4%A`) is the client's mistake, answered in our shape.
    frameworkErrors: (_error, _request, reply) => {
      (reply as unknown as FastifyReply).code(400).send({ message: 'The address of this request is not valid.' });
    },
  });

  // Every route's schemas are zod schemas from contract/ (decision 0027): requests are validated with them (a value
  // of the wrong JSON type is refused, never converted: `["sms"]` is not "sms", 42 is not "42"; query strings and
  // path parameters are strings and their schemas say so), answers are serialised through them (unknown keys dropped).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await installSecurityHeaders(app, { config: services.config, realtime: services.broadcasting.publicConfig, development: site?.mode === 'development' });
  app.addHook('onClose', () => services.close());
  // Every route as registered, with its schema: the bad-input walk in server/http/input-guard.test.ts reads it.
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const guards = guardNames(route);
    const permission = guardPermission(route);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema, guards, permission });
  });
  app.decorate('registeredRoutes', routes);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cookie);
  installCsrfDefence(app, { publicUrl: services.config.publicUrl });
  // Sign-in and permission guards, then the input guard, before any route's schema (server/http/guards-first.ts).
  installGuardsFirst(app);
  // Form posts: the sandbox gateway's card page, and realtime channel auth as pusher-js sends it.
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await installRateLimits(app, { redis: services.redis, nameSpace: rateLimitNamespace });

  await installOpenApi(app, { siteName: services.config.siteName, hub88: services.config.hub88 !== undefined });
  // Request counts and latencies for every answer; GET /metrics for the scraper when METRICS_TOKEN is set.
  installMetrics(app, services.metrics, services.config.metricsToken);
  await app.register(healthRoutes, { services });
  await app.register(settingsRoutes, { services });
  await app.register(accountRoutes, { services });
  await app.register(operatorRoutes, { services });
  await app.register(walletRoutes, { services });
  await app.register(messageRoutes, { services });
  await app.register(broadcastingRoutes, { services });
  await app.register(paymentRoutes, { services });
  await app.register(sandboxGatewayRoutes, { services });
  await app.register(catalogRoutes, { services });
  await app.register(gameRoutes, { services });
  await app.register(bonusRoutes, { services });
  await app.register(contentRoutes, { services });
  await app.register(limitRoutes, { services });
  await app.register(jurisdictionRoutes, { services });
  await app.register(verificationRoutes, { services });
  await app.register(clubRoutes, { services });
  await app.register(jobRoutes, { services });
  await app.register(crashRoutes, { services });
  await app.register(hub88Routes, { services });
  await app.register(affiliateRoutes, { services });
  await app.register(complianceRoutes, { services });
  await app.register(screeningRoutes, { services });
  await app.register(regulatorRoutes, { services });
  await app.register(signInRoutes, { services });
  // Unknown API paths answer JSON, never a page.
  app.all('/api/*', async (_request, reply) => reply.callNotFound());

  if (site?.mode === 'production' && existsSync(site.clientDir)) {
    await app.register(fastifyStatic, {
      root: site.clientDir,
      wildcard: false,
      index: false,
      // The build's .br and .gz copies (scripts/precompress.ts), made once at the highest levels, go out as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed build assets never change; everything else (build manifests, favicon) is revalidated.
        res.header('Cache-Control', filePath.includes('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }
  if (site?.mode === 'development') await site.useMiddleware(app);
  if (site) {
    // Guests' public pages from a short-lived cache (decision 0097), in production builds only (development edits
    // pages live). Any operator change (settings and maintenance, games, route rules, content) forgets every page on
    // every node at once.
    const pageCache =
      site.mode === 'production' && services.config.pageCache
        ? createPageCache({ redis: services.redis, prefix: `${pageCacheNamespace}page-cache:`, logger: app.log })
        : undefined;
    if (pageCache) {
      for (const topic of CACHE_TOPICS) services.cacheBus.on(topic, pageCache.purge);
      app.addHook('onClose', async () => pageCache.close());
    }
    await app.register(ssrRoutes, { loadBuild: site.loadBuild, services: services.site, mode: site.mode, pageCache, publicUrl: services.config.publicUrl });
  }

  return app;
}
