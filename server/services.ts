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
import { createWebhookSender } from './modules/outbox/webhook.ts';
import { createSessionService } from './modules/session/service.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { createLedgerService } from './modules/ledger/service.ts';
import { createLimitsService } from './modules/limits/service.ts';
import { createMessagesService } from './modules/messages/service.ts';
import { CHAIN_DEPOSIT_EVENT } from '../contract/chain.rules.ts';
import { createChainRail, EVM_GATEWAY_ID, ONCHAIN_METHOD } from './modules/payments/chain/rail.ts';
import { createPaymentsService } from './modules/payments/service.ts';
import { createProviderTotals, createProvidersService } from './modules/providers/service.ts';
import { sumStakeTotals } from './modules/shared/stake-totals.ts';
import { createRoundTotals } from './modules/games/totals.ts';
import { createCrashTotals } from './modules/crash/totals.ts';
import { createPaymentStatements } from './modules/payments/statements.ts';
import { createAffiliatesService } from './modules/affiliates/service.ts';
import { createLedgerReports } from './modules/ledger/reports.ts';
import { createSecretBox } from './secret-box.ts';
import { sharedSecret } from './shared-secrets.ts';
import { createSandboxGateway } from './modules/sandbox-gateway/service.ts';
import { createPaymentGateways } from './modules/payments/gateways/registry.ts';
import { createWalletService } from './modules/wallet/service.ts';
import { createVerificationService } from './modules/verification/service.ts';
import { createDocumentStore } from './modules/verification/store-choice.ts';
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
  // Webhooks (affiliates' postbacks) reach only the internet, except in development (local receivers, tests).
  const outbox = createOutboxService({
    db,
    mailer,
    sms: createSmsSender({ provider: config.smsProvider, dataDir: config.dataDir }),
    webhooks: createWebhookSender({ allowInternal: config.appEnv === 'development' }),
    logger,
  });
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
  const totpKey = sharedSecret(config, 'totp-encryption-key');
  const operators = createOperatorsService({
    db,
    passwords,
    requireTwoFactor: config.appEnv === 'production',
    siteName: config.siteName,
    totpKey,
    outbox,
    templates,
    logger,
  });
  const session = createSessionService({ accounts });
  const currency = config.defaultCurrency;
  // Built in the order they ask each other (no service is used before the line that builds it; npm run lint checks).
  // A round's transfers are quiet and the round announces the one balance it read after its last transfer
  // (decision 0045); every other committed transfer is announced by the subscription below, once the wallet exists.
  const ledger = createLedgerService({ db });
  // Stakes and wins read from each game module's own rows, for the limits' wager and loss limits.
  const stakeTotals = [createRoundTotals(db), createCrashTotals(db), createProviderTotals(db)];
  // Responsible gambling (docs/decisions/0055): in front of deposits and stakes; exclusion stops marketing.
  const limits = createLimitsService({
    db,
    currency,
    caps: config.stakeCaps,
    birthdateOf: accounts.birthdateOf,
    birthdateSql: accounts.birthdateSql,
    standingSql: accounts.standingSql,
    gameTotals: async (playerId, since) => sumStakeTotals(await Promise.all(stakeTotals.map((read) => read(playerId, since)))),
    checkPassword: accounts.checkPassword,
  });
  limits.onExcluded(({ playerId }) => accounts.stopMarketing(playerId));
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
  // Bonuses (docs/decisions/0050): a game's contribution goes by its catalog category; first-deposit offers read the
  // payments' own totals; a claim during a time-out or self-exclusion is refused (docs/decisions/0055).
  const paymentTotals = createPaymentStatements({ db, currency });
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
    // An operator's per-game share of that contribution (aggregators' games, docs/decisions/0100).
    weightOf: catalog.providerGames.wageringWeight,
    hasDeposited: async (playerId) => (await paymentTotals.totals(playerId)).hasDeposited,
    guardClaim: limits.assertMayPlay,
  });
  // An exclusion forfeits the player's open bonuses (LCCP 3.5; cash is never touched).
  limits.onExcluded(async ({ playerId }) => {
    await bonuses.forfeitAll(playerId, 'excluded');
  });
  // Off, the sandbox does not exist: no methods, no hosted pages, no webhook (docs/decisions/0022).
  const sandboxGateway = config.paymentsSandbox ? createSandboxGateway({ db, secret: sharedSecret(config, 'payments-sandbox'), logger }) : undefined;
  // The adapters configuration turns on (PAYMENT_GATEWAYS, docs/decisions/0104); the sandbox is one of them.
  const paymentGateways = createPaymentGateways(config.paymentGateways, { sandbox: sandboxGateway });
  const payments = createPaymentsService({
    db,
    ledger,
    gateways: paymentGateways,
    currency,
    kycStatusOf: verification.statusOf,
    bonuses,
    depositLimits: limits,
    withdrawalPolicyOf: clubs.withdrawalPolicy,
  });
  // The on-chain crypto rail (docs/decisions/0109): when CHAIN_* are set, a watcher credits deposits through payments.
  const chainRail = config.chain
    ? createChainRail({
        db,
        chain: config.chain,
        currency,
        credit: (input) => payments.creditOnChain({ ...input, method: ONCHAIN_METHOD, gateway: EVM_GATEWAY_ID }),
        publish: (playerId, view) => events.publish(playerId, CHAIN_DEPOSIT_EVENT, { deposit: view }),
        logger,
      })
    : undefined;
  // The wallet owns no table: it reads the payments' and the ledger's rows through their services.
  const wallet = createWalletService({ db, ledger, payments, currency });
  /** Reads the player's wallet and tells their browsers (BalanceUpdated); the balance for the caller's answer. */
  const announceWallet = async (playerId: number): Promise<number> => {
    const snapshot = await wallet.wallet(playerId);
    events.publish(playerId, 'BalanceUpdated', { wallet: snapshot });
    return snapshot.balance;
  };
  ledger.onCommitted((_journal, playerIds) => {
    for (const playerId of playerIds) void announceWallet(playerId).catch((error: unknown) => logger?.warn({ err: error, playerId }, 'balance event failed'));
  });
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
      const announced = announceWallet(playerId);
      // The round's own transfers told its balance: the answer does not wait for the wallet's read (decision 0091).
      if (known !== null && !bonusMoved) {
        void announced.catch((error: unknown) => logger?.warn({ err: error, playerId }, 'balance event failed'));
        return known;
      }
      return announced;
    },
    guardStake: limits.guardStake,
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
  // Shared crash rounds: any node takes bets and cash-outs; the lease holder runs the rounds (decision 0071).
  const crash = createCrashService({
    db,
    ledger,
    catalog,
    currency,
    nodeId: `${process.pid}-${randomBytes(4).toString('hex')}`,
    timings: { ...DEFAULT_CRASH_TIMINGS, ...config.crash },
    publish: (name, data) => broadcasting.publishPublic(CRASH_CHANNEL, name, data),
    announceBalance: announceWallet,
    onError: (error) => logger?.error({ err: error }, 'crash round loop failed'),
    guardBet: (playerId, stake) => limits.guardStake(playerId, { stake, engine: 'crash', field: 'stake' }),
    onStake: (tx, stake) => clubs.earnPoints(tx, stake).then(() => undefined),
    // A bet refunded after an interrupted round takes back the points its stake earned (issue 29's loose ends).
    onRefund: (tx, stake) => clubs.givePointsBack(tx, stake),
  });
  // Aggregators' games (Hub88 first, docs/decisions/0096): stakes funded, guarded, earning and announced as ours are.
  const providers = createProvidersService({
    db,
    ledger,
    currency,
    logger,
    // Hub88's game codes name the catalogue's Hub88 games, switched on and still listed (docs/decisions/0100).
    games: { gameOf: (gameCode) => catalog.providerGames.offered('hub88', gameCode) },
    catalogue: {
      sync: (source, listings) => catalog.providerGames.sync(source, listings, { enableNew: config.hub88?.newGamesOn ?? false }),
      launchable: catalog.providerGames.launchable,
      byCodes: catalog.providerGames.byCodes,
    },
    gate: { underMaintenance: async () => (await settings.publicSettings()).maintenance === 'true', assertMayPlay: limits.assertMayPlay },
    hub88: config.hub88,
    publicUrl: config.publicUrl,
    sessionsEnded: () => cacheBus.changed('provider-sessions'),
    players: {
      profile: async (playerId) => {
        const player = await accounts.adminPlayerProfile(playerId);
        return player && { birthDate: player.birthdate, country: player.country, registeredAt: new Date(player.created_at) };
      },
    },
    stakes: limits,
    funding: bonuses.funding,
    loyalty: clubs,
    balances: {
      balanceOf: async (playerId) => (await wallet.wallet(playerId)).balance,
      announce: announceWallet,
    },
  });
  // A bonus's free spins on a Hub88 game are Hub88's free rounds (Freebets API, docs/decisions/0100).
  bonuses.onFreeSpins(providers.freeRounds.forBonus);
  // Game session tokens are kept per process (docs/decisions/0096): ended on one node, forgotten on all.
  cacheBus.on('provider-sessions', providers.forgetSessions);
  // The affiliate programme (issue 31, docs/decisions/0107): revenue read from the ledger and the payments' chargebacks.
  const ledgerReports = createLedgerReports({ db });
  const affiliates = createAffiliatesService({
    db,
    audit: operators.audit,
    currency,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
    secret: sharedSecret(config, 'affiliate-secret'),
    passwords,
    totpBox: createSecretBox(totpKey),
    secondFactor: operators.secondFactor,
    outbox,
    ledger,
    revenue: async (playerIds, from, to) => {
      const [days, chargebacks] = await Promise.all([
        ledgerReports.playerRevenueByDay(playerIds, from, to, currency),
        paymentTotals.chargebacksByDay(playerIds, from, to),
      ]);
      const rows = days.map((day) => ({ ...day, chargebacks: 0 }));
      for (const chargeback of chargebacks) {
        const row = rows.find((day) => day.playerId === chargeback.playerId && day.day === chargeback.day);
        if (row) row.chargebacks += chargeback.amount;
        else
          rows.push({
            playerId: chargeback.playerId,
            day: chargeback.day,
            stakes: 0,
            wins: 0,
            bonusCost: 0,
            adjustments: 0,
            deposits: 0,
            chargebacks: chargeback.amount,
          });
      }
      return rows;
    },
    players: {
      keptFromPlay: limits.keptFromPlay,
      blockedAmong: accounts.blockedAmong,
      stakesBetween: async (playerId, from, to) =>
        (await ledgerReports.playerRevenueByDay([playerId], from, to, currency)).reduce((sum, day) => sum + day.stakes, 0),
      firstDeposits: (playerIds) => ledgerReports.firstDeposits(playerIds, currency),
    },
    fourEyesThreshold: config.fourEyesThreshold,
    monthsInProgress: config.appEnv !== 'production',
    logger,
    templates,
    postbackAddresses: { httpsOnly: config.appEnv === 'production', internalAllowed: config.appEnv === 'development' },
    staffEmails: async () => new Map((await operators.staff.list()).map((member) => [Number(member.id), member.email])),
  });
  // A new player is attributed to the affiliate whose link they came through; a credited deposit may be their first.
  accounts.onRegistered((player) => {
    void affiliates.tracking.attribute(player).catch((error: unknown) => logger?.warn({ err: error, playerId: player.id }, 'affiliate attribution failed'));
  });
  ledger.onCommitted((journal, playerIds) => {
    if (journal.type !== 'deposit' || playerIds.length !== 1) return;
    const amount = journal.entries.reduce((sum, entry) => sum + Math.max(0, entry.amount), 0);
    void affiliates.tracking
      .depositCredited(playerIds[0]!, amount, journal.createdAt)
      .catch((error: unknown) => logger?.warn({ err: error, playerId: playerIds[0] }, 'affiliate deposit tracking failed'));
  });
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
    freeRounds: (playerId) => providers.freeRounds.forPlayer(Number(playerId)),
    loyalty: (playerId, { page, perPage }) => clubs.loyalty(Number(playerId), { page, perPage }),
    vip: (playerId) => clubs.vip(Number(playerId)),
    recordAffiliateClick: ({ ip, ...click }) => affiliates.tracking.recordClick({ ...click, ip: ip ?? '' }),
    reportError: (error, path) => logger?.error({ err: error, url: loggedPath(path) }, 'page failed'),
    reportRefused: ({ method, path, status }) => logger?.info({ method, url: loggedPath(path), statusCode: status }, 'page request refused'),
  };
  const scheduler = createScheduler({ database, logger });
  const auditAnchors = createAnchorFile(path.join(config.dataDir, 'audit-anchors.jsonl'));
  const jobs = createJobsService({
    db,
    scheduler,
    jobs: [
      ...games.jobs,
      ...clubs.jobs,
      ...bonusJobs(bonuses),
      ...providers.jobs,
      ...affiliates.jobs,
      ...(chainRail?.jobs ?? []),
      auditAnchorJob({ audit: operators.audit, anchors: auditAnchors, logger }),
    ],
    audit: operators.audit,
    staffEmails: async () => new Map((await operators.staff.list()).map((member) => [Number(member.id), member.email])),
    logger,
  });
  let closed = false;
  return {
    config,
    /** Set when the process begins to stop: readiness answers 503 so a load balancer sends no more (decision 0111). */
    lifecycle: { draining: false },
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
    paymentGateways,
    payments,
    /** The on-chain crypto rail; undefined when CHAIN_* are unset (docs/decisions/0109). */
    chainRail,
    messages,
    verification,
    games,
    bonuses,
    limits,
    clubs,
    crash,
    providers,
    affiliates,
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
      // With new games offered at once (the reference aggregator of npm start), its games are synchronised at start
      // rather than at the next hourly run; a failure is logged and the hourly job tries again.
      if (config.hub88?.newGamesOn) {
        void providers.syncGames('schedule').catch((error: unknown) => logger?.warn({ err: error }, 'provider game sync at start failed'));
      }
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
