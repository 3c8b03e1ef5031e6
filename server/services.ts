import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { createCacheBus } from './cache-bus.ts';
import type { SiteServices } from '../contract/site.ts';
import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createPasswordHasher } from './modules/accounts/passwords.ts';
import { createAccountsService } from './modules/accounts/service.ts';
import { bonusJobs, createBonusesService } from './modules/bonuses/service.ts';
import { createBroadcastingService } from './modules/broadcasting/service.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createClubsService } from './modules/clubs/service.ts';
import { createContentService } from './modules/content/service.ts';
import { createCrashService, DEFAULT_CRASH_TIMINGS } from './modules/crash/service.ts';
import { CRASH_CHANNEL } from '../contract/crash.ts';
import { createGamesService } from './modules/games/service.ts';
import { createJobsService } from './modules/jobs/service.ts';
import { auditAnchorJob, createAnchorFile } from './modules/operators/audit-anchors.ts';
import { createOperatorsService } from './modules/operators/service.ts';
import { createOutboxService } from './modules/outbox/service.ts';
import { createSessionService } from './modules/session/service.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { createLedgerService } from './modules/ledger/service.ts';
import { createLimitsService } from './modules/limits/service.ts';
import { createMessagesService } from './modules/messages/service.ts';
import { createPaymentsService } from './modules/payments/service.ts';
import { createSandboxGateway } from './modules/sandbox-gateway/service.ts';
import { createWalletService } from './modules/wallet/service.ts';
import { createVerificationService } from './modules/verification/service.ts';
import { createDocumentStore } from './modules/verification/store-choice.ts';
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
  const broadcasting = createBroadcastingService({ app: realtimeApp, events, logger, encryptionMasterKey: config.realtime.encryptionMasterKey });
  const settings = createSettingsService({ db, config, realtime: broadcasting.publicConfig });
  const content = createContentService({ db });
  const catalog = createCatalogService({ db });
  // An operator's change to settings, games or route rules is forgotten by every node's cache at once.
  const cacheBus = createCacheBus({ redis, logger });
  cacheBus.on('settings', settings.invalidate);
  cacheBus.on('games', catalog.invalidate);
  cacheBus.on('route-rules', content.invalidateRouteRules);
  cacheBus.on('content', content.invalidate);
  const accounts = createAccountsService({ db, settings, outbox, templates, passwords, logger });
  const operators = createOperatorsService({
    db,
    passwords,
    requireTwoFactor: config.appEnv === 'production',
    siteName: config.siteName,
    totpKey: config.totpEncryptionKey ?? loadOrCreateLocalSecret(config.dataDir, 'totp-encryption-key'),
    logger,
  });
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
  // Bonuses (docs/decisions/0050): a game's contribution goes by its catalog category; first-deposit offers ask payments.
  const gameCategory = new Map<number, string | null>();
  const bonuses = createBonusesService({
    db,
    ledger,
    events,
    currency,
    appEnv: config.appEnv,
    maxWagering: config.bonusMaxWagering,
    categoryOf: async (gameId) => {
      if (!gameCategory.has(gameId)) gameCategory.set(gameId, (await catalog.gamesByIds([gameId]))[0]?.category ?? null);
      return gameCategory.get(gameId) ?? null;
    },
    hasDeposited: async (playerId) => (await payments.totals(playerId)).hasDeposited,
    // Built below; a claim during a time-out or self-exclusion is refused (docs/decisions/0055).
    guardClaim: (playerId) => limits.assertMayPlay(playerId),
  });
  // A round announces its one balance through the wallet, which is built below (it needs payments); the closure runs per round.
  const games = createGamesService({
    db,
    ledger,
    catalog,
    currency,
    funding: bonuses.funding,
    announceBalance: async (playerId, known) => {
      const bonusMoved = await bonuses.funding.afterRound(playerId);
      // A round that earned points may have reached a new VIP tier; the clubs' pages hear the new points.
      void clubs.afterRound(playerId).catch((error: unknown) => logger?.warn({ err: error, playerId }, 'loyalty update failed'));
      const announced = wallet.wallet(playerId).then((snapshot) => {
        events.publish(playerId, 'BalanceUpdated', { wallet: snapshot });
        return snapshot.balance;
      });
      // The round's own transfers told its balance: the answer does not wait for the wallet's read (decision 0091).
      if (known !== null && !bonusMoved) {
        void announced.catch((error: unknown) => logger?.warn({ err: error, playerId }, 'balance event failed'));
        return known;
      }
      return announced;
    },
    // The limits are built below (they read the games' round totals); the closure runs per stake.
    guardStake: (playerId, stake) => limits.guardStake(playerId, stake),
    // Points are earned in the stake's own transaction (decision 0065).
    onStake: (tx, stake) => clubs.earnPoints(tx, stake).then(() => undefined),
    // An instant round's own statement carries its stake toward points; whole points are made after (decision 0094).
    carry: {
      slots: (engine) => clubs.carry.slots(engine),
      // A failure leaves the whole points in the carry, for the category's next stake to make (decision 0094).
      convert: (stake, carried) =>
        clubs.carry
          .convert(stake, carried)
          .catch((error: unknown) => logger?.warn({ err: error, playerId: stake.playerId }, 'loyalty points from the carry failed')),
    },
  });
  // Responsible gambling (docs/decisions/0055): in front of deposits and stakes; exclusion stops marketing.
  const limits = createLimitsService({
    db,
    currency,
    caps: config.stakeCaps,
    birthdateOf: accounts.birthdateOf,
    birthdateSql: accounts.birthdateSql,
    // Rounds and crash bets alike count toward wager and loss limits; crash is built below.
    gameTotals: async (playerId, since) => {
      const [rounds, crashBets] = await Promise.all([games.roundTotals(playerId, since), crash.totals(playerId, since)]);
      return rounds.map((total, i) => {
        const other = crashBets[i]!;
        const oldest = [total.oldestAt, other.oldestAt].filter((at): at is Date => at !== null);
        return {
          stakes: total.stakes + other.stakes,
          wins: total.wins + other.wins,
          oldestAt: oldest.length === 0 ? null : new Date(Math.min(...oldest.map((at) => at.getTime()))),
        };
      });
    },
    checkPassword: accounts.checkPassword,
  });
  limits.onExcluded(({ playerId }) => accounts.stopMarketing(playerId));
  // An exclusion forfeits the player's open bonuses (LCCP 3.5; cash is never touched).
  limits.onExcluded(async ({ playerId }) => {
    await bonuses.forfeitAll(playerId, 'excluded');
  });
  // Shared crash rounds: any node takes bets and cash-outs; the lease holder runs the rounds (decision 0071).
  const crash = createCrashService({
    db,
    ledger,
    catalog,
    currency,
    nodeId: `${process.pid}-${randomBytes(4).toString('hex')}`,
    timings: { ...DEFAULT_CRASH_TIMINGS, ...config.crash },
    publish: (name, data) => broadcasting.publishPublic(CRASH_CHANNEL, name, data),
    announceBalance: async (playerId) => {
      const snapshot = await wallet.wallet(playerId);
      events.publish(playerId, 'BalanceUpdated', { wallet: snapshot });
      return snapshot.balance;
    },
    onError: (error) => logger?.error({ err: error }, 'crash round loop failed'),
    guardBet: (playerId, stake) => limits.guardStake(playerId, { stake, engine: 'crash', field: 'stake' }),
    onStake: (tx, stake) => clubs.earnPoints(tx, stake).then(() => undefined),
  });
  // Off, the sandbox does not exist: no methods, no hosted pages, no webhook (docs/decisions/0022).
  const sandboxGateway = config.paymentsSandbox
    ? createSandboxGateway({ db, secret: config.paymentsSandboxSecret ?? loadOrCreateLocalSecret(config.dataDir, 'payments-sandbox'), logger })
    : undefined;
  // Marketing never reaches a player excluded by rule; limits and accounts say who is (decision 0056).
  const messages = createMessagesService({
    db,
    events,
    playerExists: accounts.playerExists,
    keptFromPlay: limits.keptFromPlay,
    closedToMarketing: accounts.closedToMarketing,
  });
  // Identity documents (issue 15): the one KYC status comes from here, for the withdrawal gate as for everyone else.
  const verification = createVerificationService({
    db,
    accounts,
    messages,
    outbox,
    templates,
    events,
    ...createDocumentStore(config),
    retentionDays: config.kyc.retentionDays,
    logger,
  });
  const clubs = createClubsService({
    db,
    ledger,
    currency,
    events,
    sendMessage: (message) => messages.send({ ...message, sentBy: null }),
  });
  const payments = createPaymentsService({
    db,
    ledger,
    gateway: sandboxGateway,
    currency,
    kycStatusOf: verification.statusOf,
    bonuses,
    depositLimits: limits,
    withdrawalPolicyOf: clubs.withdrawalPolicy,
  });
  // The wallet owns no table: it reads the payments' and the ledger's rows through their services.
  const wallet = createWalletService({ db, ledger, payments, currency });
  const site: SiteServices = {
    publicSettings: settings.publicSettings,
    viewer: session.viewer,
    routeRules: content.routeRules,
    promotions: content.promotions,
    promotion: content.promotion,
    pageOverride: content.pageOverride,
    gameCategories: catalog.gameCategories,
    gameProviders: catalog.gameProviders,
    resolveListing: catalog.resolveListing,
    games: catalog.games,
    game: catalog.game,
    favouriteGames: (playerId) => games.favourites.list(Number(playerId)),
    wallet: (playerId) => wallet.wallet(Number(playerId)),
    inbox: (playerId) => messages.inbox(Number(playerId)),
    unreadMessages: (playerId) => messages.unread(Number(playerId)),
    transactions: (playerId, { page, perPage, ...filters }) => wallet.transactions(Number(playerId), filters, { page, perPage }),
    bonusOffers: (playerId) => bonuses.offers(playerId === null ? null : Number(playerId)),
    bonusOffer: (playerId, slug) => bonuses.offer(playerId === null ? null : Number(playerId), slug),
    playerBonuses: (playerId) => bonuses.list(Number(playerId)),
    loyalty: (playerId, { page, perPage }) => clubs.loyalty(Number(playerId), { page, perPage }),
    vip: (playerId) => clubs.vip(Number(playerId)),
    reportError: (error, path) => logger?.error({ err: error, url: loggedPath(path) }, 'page failed'),
    reportRefused: ({ method, path, status }) => logger?.info({ method, url: loggedPath(path), statusCode: status }, 'page request refused'),
  };
  const scheduler = createScheduler({ database, logger });
  const auditAnchors = createAnchorFile(path.join(config.dataDir, 'audit-anchors.jsonl'));
  const jobs = createJobsService({
    db,
    scheduler,
    jobs: [...games.jobs, ...clubs.jobs, ...bonusJobs(bonuses), auditAnchorJob({ audit: operators.audit, anchors: auditAnchors, logger })],
    logger,
  });
  let closed = false;
  return {
    config,
    database,
    redis,
    cacheBus,
    settings,
    content,
    catalog,
    outbox,
    accounts,
    operators,
    auditAnchors,
    session,
    events,
    broadcasting,
    ledger,
    wallet,
    sandboxGateway,
    payments,
    messages,
    verification,
    games,
    bonuses,
    limits,
    clubs,
    crash,
    site,
    scheduler,
    jobs,
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
      await bonuses.start();
      void cacheBus.ready();
      outbox.start();
      jobs.scheduleAll();
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
      await crash.stop();
      await scheduler.stop();
      sandboxGateway?.close();
      await broadcasting.close();
      await accounts.settled();
      await outbox.stop();
      mailer.close();
      await cacheBus.close();
      if (redis && redis.status !== 'end') await redis.quit().catch(() => redis.disconnect());
    },
  };
}
