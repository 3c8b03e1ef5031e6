import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { SiteServices } from '../contract/site.ts';
import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createPasswordHasher } from './modules/accounts/passwords.ts';
import { createAccountsService } from './modules/accounts/service.ts';
import { createBroadcastingService } from './modules/broadcasting/service.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createContentService } from './modules/content/service.ts';
import { createGamesService } from './modules/games/service.ts';
import { createOperatorsService } from './modules/operators/service.ts';
import { createOutboxService } from './modules/outbox/service.ts';
import { createSessionService } from './modules/session/service.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { createLedgerService } from './modules/ledger/service.ts';
import { createMessagesService } from './modules/messages/service.ts';
import { createPaymentsService } from './modules/payments/service.ts';
import { createSandboxGateway } from './modules/sandbox-gateway/service.ts';
import { createWalletService } from './modules/wallet/service.ts';
import { loadOrCreateLocalSecret } from './local-secret.ts';
import { loggedPath } from './logging.ts';
import { createMailer } from './notify/mail.ts';
import { createPlayerEvents } from './notify/player-events.ts';
import type { RealtimePublisher } from './realtime/publisher.ts';
import type { RealtimeApp } from './realtime/server.ts';
import type { RealtimePublicConfig } from '../contract/site.ts';
import { createSmsSender } from './notify/sms.ts';
import { createTemplates } from './notify/templates.ts';
import { createScheduler } from './scheduler/scheduler.ts';

export type Services = ReturnType<typeof createServices>;

/** Wires every module's service to its dependencies. The HTTP routes and the SSR loaders share this one set. */
export function createServices({
  config,
  database,
  logger,
  realtimeApp = { id: 'test', key: randomBytes(10).toString('hex'), secret: randomBytes(32).toString('hex') },
}: {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyBaseLogger;
  /** The Pusher app credentials (main.ts loads them); throwaway ones for API-only test apps. */
  realtimeApp?: RealtimeApp;
}) {
  const { db } = database;
  // Shared rate-limit counters between nodes; requests fail fast rather than queue while it is away.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: true }) : undefined;
  redis?.on('error', (error) => logger?.warn({ err: error }, 'redis connection problem'));
  const passwords = createPasswordHasher(config.argon2);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom });
  const outbox = createOutboxService({ db, mailer, sms: createSmsSender({ provider: config.smsProvider, dataDir: config.dataDir }), logger });
  const templates = createTemplates({ siteName: config.siteName, publicUrl: config.publicUrl });
  const events = createPlayerEvents({ onError: (error, event) => logger?.warn({ err: error, event: event.name }, 'player event listener failed') });
  const broadcasting = createBroadcastingService({ app: realtimeApp, events, logger });
  const settings = createSettingsService({ db, config, realtime: broadcasting.publicConfig });
  const content = createContentService({ db });
  const catalog = createCatalogService({ db });
  const accounts = createAccountsService({ db, settings, outbox, templates, passwords, logger });
  const operators = createOperatorsService({ db, passwords });
  const session = createSessionService({ accounts });
  const currency = config.defaultCurrency;
  // Each committed transfer tells the players it touched their new balance (BalanceUpdated); a round's transfers
  // are quiet and the round announces the one balance it read after its last transfer (decision 0045).
  const ledger = createLedgerService({
    db,
    onCommitted: (_journal, playerIds) => {
      for (const playerId of playerIds) {
        void wallet
          .wallet(playerId)
          .then((snapshot) => events.publish(playerId, 'BalanceUpdated', { wallet: snapshot }))
          .catch((error: unknown) => logger?.warn({ err: error, playerId }, 'balance event failed'));
      }
    },
  });
  // A round announces its one balance through the wallet, which is built below (it needs payments); the closure runs per round.
  const games = createGamesService({
    db,
    ledger,
    catalog,
    currency,
    announceBalance: async (playerId) => {
      const snapshot = await wallet.wallet(playerId);
      events.publish(playerId, 'BalanceUpdated', { wallet: snapshot });
      return snapshot.balance;
    },
  });
  // Off, the sandbox does not exist: no methods, no hosted pages, no webhook (docs/decisions/0022).
  const sandboxGateway = config.paymentsSandbox
    ? createSandboxGateway({ db, secret: config.paymentsSandboxSecret ?? loadOrCreateLocalSecret(config.dataDir, 'payments-sandbox'), logger })
    : undefined;
  const messages = createMessagesService({ db, events, playerExists: accounts.playerExists });
  const payments = createPaymentsService({ db, ledger, gateway: sandboxGateway, currency, kycStatusOf: accounts.kycStatusOf });
  // The wallet owns no table: it reads the payments' and the ledger's rows through their services.
  const wallet = createWalletService({ db, ledger, payments, currency });
  const site: SiteServices = {
    publicSettings: settings.publicSettings,
    viewer: session.viewer,
    routeRules: content.routeRules,
    promotions: content.promotions,
    promotion: content.promotion,
    gameCategories: catalog.gameCategories,
    resolveListing: catalog.resolveListing,
    games: catalog.games,
    game: catalog.game,
    favouriteGames: (playerId) => games.favourites.list(Number(playerId)),
    wallet: (playerId) => wallet.wallet(Number(playerId)),
    inbox: (playerId) => messages.inbox(Number(playerId)),
    unreadMessages: (playerId) => messages.unread(Number(playerId)),
    transactions: (playerId, { page, perPage, ...filters }) => wallet.transactions(Number(playerId), filters, { page, perPage }),
    reportError: (error, path) => logger?.error({ err: error, url: loggedPath(path) }, 'page failed'),
  };
  const scheduler = createScheduler({ database, logger });
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
    events,
    broadcasting,
    ledger,
    wallet,
    sandboxGateway,
    payments,
    messages,
    games,
    site,
    scheduler,
    /** Before serving: the configured operator exists, money a crash left mid-flight is paid, the outbox and scheduled jobs run. */
    async start(): Promise<void> {
      if (sandboxGateway && config.appEnv === 'production') {
        logger?.error('PAYMENTS_SANDBOX=true in production: the sandbox gateway credits test cards and simulated crypto as real deposits');
      }
      if (config.operator) {
        const outcome = await operators.ensureOperator(config.operator);
        logger?.info({ operator: config.operator.email, outcome }, 'operator account checked');
      }
      const recovered = await games.interrupted.recoverAtStart();
      if (recovered.settled > 0) logger?.warn(recovered, 'open game rounds recovered');
      outbox.start();
      for (const job of games.jobs) scheduler.schedule(job);
    },
    /** Player events go out to browsers through `publisher`, which browsers reach as `publicConfig` says. */
    connectRealtime(publisher: RealtimePublisher, publicConfig: RealtimePublicConfig) {
      broadcasting.connect(publisher, publicConfig);
      settings.invalidate();
    },
    /** After the last request: finish deliveries in flight, let go of connections. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await scheduler.stop();
      sandboxGateway?.close();
      await broadcasting.close();
      await accounts.settled();
      await outbox.stop();
      mailer.close();
      if (redis && redis.status !== 'end') await redis.quit().catch(() => redis.disconnect());
    },
  };
}
