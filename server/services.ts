import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { SiteServices } from '../contract/site.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createPasswordHasher } from './modules/accounts/passwords.ts';
import { createAccountsService } from './modules/accounts/service.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createContentService } from './modules/content/service.ts';
import { createOperatorsService } from './modules/operators/service.ts';
import { createOutboxService } from './modules/outbox/service.ts';
import { createSessionService } from './modules/session/service.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { createMailer } from './notify/mail.ts';
import { createSmsSender } from './notify/sms.ts';
import { createTemplates } from './notify/templates.ts';

export type Services = ReturnType<typeof createServices>;

/** Wires every module's service to its dependencies. The HTTP routes and the SSR loaders share this one set. */
export function createServices({ config, database, logger }: { config: Config; database: DatabaseHandle; logger?: FastifyBaseLogger }) {
  const { db } = database;
  // Shared rate-limit counters between nodes; requests fail fast rather than queue while it is away.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: true }) : undefined;
  redis?.on('error', (error) => logger?.warn({ err: error }, 'redis connection problem'));
  const passwords = createPasswordHasher(config.argon2);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom });
  const outbox = createOutboxService({ db, mailer, sms: createSmsSender({ provider: config.smsProvider, dataDir: config.dataDir }), logger });
  const templates = createTemplates({ siteName: config.siteName, publicUrl: config.publicUrl });
  const settings = createSettingsService({ db, config });
  const content = createContentService({ db });
  const catalog = createCatalogService({ db });
  const accounts = createAccountsService({ db, settings, outbox, templates, passwords });
  const operators = createOperatorsService({ db, passwords });
  const session = createSessionService({ accounts });
  const site: SiteServices = {
    publicSettings: settings.publicSettings,
    viewer: session.viewer,
    routeRules: content.routeRules,
    promotions: content.promotions,
    promotion: content.promotion,
    gameCategories: catalog.gameCategories,
    resolveListing: catalog.resolveListing,
  };
  let closed = false;
  return {
    config,
    database,
    redis,
    settings,
    content,
    catalog,
    outbox,
    accounts,
    operators,
    session,
    site,
    /** Before serving: the configured operator exists, and the outbox delivers. */
    async start(): Promise<void> {
      if (config.operator) {
        const outcome = await operators.ensureOperator(config.operator);
        logger?.info({ operator: config.operator.email, outcome }, 'operator account checked');
      }
      outbox.start();
    },
    /** After the last request: finish deliveries in flight, let go of connections. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await outbox.stop();
      mailer.close();
      if (redis && redis.status !== 'end') await redis.quit().catch(() => redis.disconnect());
    },
  };
}
