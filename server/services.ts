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
import { createComplianceService } from './modules/compliance/service.ts';
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
import { createJurisdictions } from './modules/jurisdictions/service.ts';
import { playClosedOf } from './modules/limits/play-closed.ts';
import { tightens } from './modules/limits/rules.ts';
import { createMessagesService } from './modules/messages/service.ts';
import { bonusNotice, journalNotice, limitNotice } from './modules/notices/money-notices.ts';
import { createNoticesService } from './modules/notices/service.ts';
import { CHAIN_DEPOSIT_EVENT } from '../contract/chain.rules.ts';
import { createChainRail, EVM_GATEWAY_ID, ONCHAIN_METHOD } from './modules/payments/chain/rail.ts';
import { createOnchainWithdrawals } from './modules/payments/chain/payouts.ts';
import { createRateTable } from './modules/payments/chain/rates.ts';
import { createPaymentsService } from './modules/payments/service.ts';
import { createPaymentInstruments } from './modules/payments/instruments.ts';
import { createProviderRoundRecall } from './modules/providers/round-recall.ts';
import { createDuplicateFlags } from './modules/signins/duplicates.ts';
import { createSignInsService } from './modules/signins/service.ts';
import { euListFile } from './modules/screening/eu-list.ts';
import { ftmPepListFile } from './modules/screening/ftm-list.ts';
import { combineLists } from './modules/screening/list.ts';
import { createScreeningService, SCREENED_FIELDS, screeningJobs } from './modules/screening/service.ts';
import { createRegulatorService, regulatorJobs } from './modules/regulator/service.ts';
import { accountExportRows } from './modules/accounts/export-rows.ts';
import { accountRetention } from './modules/accounts/retention.ts';
import { complianceExportRows } from './modules/compliance/export-rows.ts';
import { crashBetExportRows } from './modules/crash/export-rows.ts';
import { gameRoundExportRows } from './modules/games/export-rows.ts';
import { ledgerExportRows } from './modules/ledger/export-rows.ts';
import { limitExportRows } from './modules/limits/export-rows.ts';
import { staffActionExportRows } from './modules/operators/export-rows.ts';
import { providerRoundExportRows } from './modules/providers/export-rows.ts';
import { signInExportRows } from './modules/signins/export-rows.ts';
import { signInRetention } from './modules/signins/retention.ts';
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
import { createMetrics } from './metrics.ts';
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
  // The licences held decide which countries are served and under which rules (docs/decisions/0120).
  const jurisdictions = createJurisdictions({ held: config.jurisdictions });
  const accounts = createAccountsService({ db, settings, outbox, templates, passwords, logger, servesCountry: jurisdictions.serves });
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
  // Compliance (issue 33, docs/decisions/0114): hears deposits, withdrawals, play, claims, registrations and sign-ins
  // after commit and runs its rules; its holds keep withdrawals from being paid; linking and screening raise through it.
  const compliance = createComplianceService({
    db,
    audit: operators.audit,
    playTotals: async (playerId, since) => sumStakeTotals(await Promise.all(stakeTotals.map((read) => read(playerId, [since]))))[0] ?? { stakes: 0, wins: 0 },
    logger,
  });
  ledger.onCommitted(compliance.hear.committed);
  accounts.onRegistered(compliance.hear.registered);
  // Sanctions screening (docs/decisions/0116): at registration, at a change of name or birthdate, and nightly; a hit
  // raises a compliance alert that holds withdrawals.
  const screening = createScreeningService({
    db,
    list:
      config.screening.listPath || config.screening.pepListPath
        ? combineLists([
            ...(config.screening.listPath ? [euListFile(config.screening.listPath)] : []),
            ...(config.screening.pepListPath ? [ftmPepListFile(config.screening.pepListPath)] : []),
          ])
        : null,
    identities: accounts.identities,
    raiseAlert: (alert) => compliance.alerts.raise(alert),
    audit: operators.audit,
    logger,
  });
  accounts.onRegistered((player) => {
    void screening
      .screenPlayer(player.id, 'registration')
      .catch((error: unknown) => logger?.error({ err: error, playerId: player.id }, 'screening at registration failed'));
  });
  accounts.onProfileChanged(({ playerId, fields }) => {
    if (!fields.some((field) => SCREENED_FIELDS.has(field))) return;
    void screening.screenPlayer(playerId, 'profile').catch((error: unknown) => logger?.error({ err: error, playerId }, 'screening at profile change failed'));
  });
  // Responsible gambling (docs/decisions/0055): in front of deposits and stakes; exclusion stops marketing.
  const limits = createLimitsService({
    db,
    currency,
    caps: config.stakeCaps,
    rulesFor: jurisdictions.rulesFor,
    countryOf: accounts.countryOf,
    countrySql: accounts.countrySql,
    birthdateOf: accounts.birthdateOf,
    birthdateSql: accounts.birthdateSql,
    standingSql: accounts.standingSql,
    gameTotals: async (playerId, since) => sumStakeTotals(await Promise.all(stakeTotals.map((read) => read(playerId, since)))),
    checkPassword: accounts.checkPassword,
  });
  limits.onExcluded(({ playerId }) => accounts.stopMarketing(playerId));
  // A new player starts with their jurisdiction's defaults, e.g. MGA's reality check (docs/decisions/0120).
  accounts.onRegistered((player) => {
    void limits.applyJurisdictionDefaults(player.id).catch((error: unknown) => logger?.error({ err: error }, 'jurisdiction defaults at registration failed'));
  });
  // Marketing never reaches a player excluded by rule; limits and accounts say who is (decision 0056).
  const messages = createMessagesService({
    db,
    events,
    playerExists: accounts.playerExists,
    keptFromPlay: limits.keptFromPlay,
    closedToMarketing: accounts.closedToMarketing,
  });
  // Notices for money (issue 34 §4, docs/decisions/0119): one inbox message and one e-mail per event, once.
  const notices = createNoticesService({
    db,
    messages,
    outbox,
    contactOf: async (playerId) => {
      const player = await accounts.playerProfile(playerId);
      return { email: player.email, name: player.name };
    },
    mail: templates.noticeMail,
    logger,
  });
  ledger.onCommitted((journal, playerIds) => notices.hear(journalNotice(journal, playerIds, currency)));
  limits.onLimitChanged((change) => notices.hear(limitNotice(change, currency)));
  // A raised or removed limit taking effect is a marker of harm when it repeats (rule limit-increases, decision 0115).
  limits.onLimitChanged((change) => {
    if (tightens(change.before, change.after)) return;
    compliance.hear.limitIncreased({
      playerId: change.playerId,
      id: `${change.playerId}:${change.type}:${change.period}:${change.at.toISOString()}`,
      kind: `${change.type}_${change.period}`,
      at: change.at,
    });
  });
  // Identity documents (issue 15): the one KYC status comes from here, for the withdrawal gate as for everyone else.
  const verification = createVerificationService({
    db,
    accounts,
    notices,
    messages,
    outbox,
    templates,
    events,
    ...createDocumentStore(config),
    retentionDays: config.kyc.retentionDays,
    logger,
  });
  // A verified player's move asks for a proof of the new address (docs/decisions/0121).
  accounts.onProfileChanged(({ playerId, fields }) => {
    if (!fields.some((field) => ['country', 'city', 'address1', 'postcode'].includes(field))) return;
    verification.addressChanged(playerId).catch((error: unknown) => logger?.error({ err: error }, 'the re-verification after an address change failed'));
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
  // Accounts staff flagged as duplicates claim no bonus and earn their affiliate nothing (issue 33 §3, decision 0112).
  const duplicates = createDuplicateFlags(db);
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
    guardClaim: async (playerId) => {
      await limits.assertMayPlay(playerId);
      await duplicates.assertMayClaimBonus(playerId);
    },
    maxWageringFor: async (playerId) => jurisdictions.rulesFor(await accounts.countryOf(playerId)).bonusMaxWagering,
  });
  bonuses.onClaimed(compliance.hear.bonusClaimed);
  // An exclusion forfeits the player's open bonuses (LCCP 3.5; cash is never touched).
  limits.onExcluded(async ({ playerId }) => {
    await bonuses.forfeitAll(playerId, 'excluded');
  });
  // Off, the sandbox does not exist: no methods, no hosted pages, no webhook (docs/decisions/0022).
  const sandboxGateway = config.paymentsSandbox ? createSandboxGateway({ db, secret: sharedSecret(config, 'payments-sandbox'), logger }) : undefined;
  // The adapters configuration turns on (PAYMENT_GATEWAYS, docs/decisions/0104); the sandbox is one of them.
  const paymentGateways = createPaymentGateways(config.paymentGateways, { sandbox: sandboxGateway });
  // On-chain withdrawals, paid by the separate signer process (docs/decisions/0123): the web server holds no key.
  const chainWithdrawals = config.chain
    ? createOnchainWithdrawals({ db, ledger, chain: config.chain, currency, rates: createRateTable({ db }), logger })
    : undefined;
  const payments = createPaymentsService({
    db,
    ledger,
    gateways: paymentGateways,
    currency,
    kycStatusOf: verification.statusOf,
    bonuses,
    depositLimits: limits,
    withdrawalPolicyOf: clubs.withdrawalPolicy,
    compliance: { withdrawalHold: compliance.withdrawalHold, withdrawalRequested: compliance.hear.withdrawalRequested },
    onchain: chainWithdrawals,
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
        withdrawals: chainWithdrawals,
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
      compliance.hear.roundPlayed(playerId);
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
    announceBalance: (playerId) => {
      compliance.hear.roundPlayed(playerId);
      return announceWallet(playerId);
    },
    onError: (error) => logger?.error({ err: error }, 'crash round loop failed'),
    guardBet: (playerId, stake) => limits.guardStake(playerId, { stake, engine: 'crash', field: 'stake' }),
    onStake: (tx, stake) => clubs.earnPoints(tx, stake).then(() => undefined),
    // A bet refunded after an interrupted round takes back the points its stake earned (issue 29's loose ends).
    onRefund: (tx, stake) => clubs.givePointsBack(tx, stake),
  });
  // Bets and wins in the wallet history name their game: the house rounds' and the crash bets' modules answer.
  wallet.nameGamesWith(async (ids) => {
    const [rounds, bets] = await Promise.all([games.roundGameNames(ids), crash.betGameNames(ids)]);
    return new Map([...rounds, ...bets]);
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
  bonuses.onChanged((playerId, bonus) => notices.hear(bonusNotice(playerId, bonus, currency)));
  // A bonus's free spins on a Hub88 game are Hub88's free rounds (Freebets API, docs/decisions/0100).
  bonuses.onFreeSpins(providers.freeRounds.forBonus);
  // Sign-ins, sessions, linked accounts and round recall (issue 33 §1, §3, §7; decisions 0112 and 0113).
  const paymentInstruments = createPaymentInstruments(db);
  const providerRoundRecall = createProviderRoundRecall(db);
  const signins = createSignInsService({
    db,
    currency,
    stakeTotals: async (playerId, since) => sumStakeTotals(await Promise.all(stakeTotals.map((read) => read(playerId, since)))),
    raiseAlert: (alert) => compliance.alerts.raise(alert),
    sharedContacts: accounts.sharedContacts,
    sharedInstruments: paymentInstruments.sharedInstruments,
    emailsOf: async (playerIds) => new Map([...(await accounts.playerNames(playerIds))].map(([id, player]) => [id, player.email])),
    duplicates,
    recall: {
      gameRounds: async (playerId, limit) => (await games.rounds.history(playerId, { page: 1, perPage: limit })).data,
      crashBets: async (playerId, limit) => (await crash.betsOf(playerId, { page: 1, perPage: limit })).data,
      providerRounds: providerRoundRecall.recentRounds,
      gameNames: async (slugs) =>
        new Map((await Promise.all(slugs.map((slug) => catalog.game(slug)))).flatMap((game) => (game ? [[game.slug, game.name] as const] : []))),
    },
    logger,
  });
  accounts.onTokenActivity(signins.tokenActivity);
  accounts.onRegistered((player) => signins.linkAfterRegistration(player.id));
  ledger.onCommitted((journal, playerIds) => {
    if (['deposit', 'withdrawal_hold'].includes(journal.type) && playerIds.length === 1) void signins.linkAfterPayment(playerIds[0]!);
  });
  signins.onSignedIn((signedIn) => compliance.hear.signedIn({ playerId: signedIn.playerId, at: signedIn.at, deviceId: signedIn.deviceId }));
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
      // Blocked players and flagged duplicates earn no commission (issue 33 §3).
      blockedAmong: async (playerIds) => {
        const [blocked, flagged] = await Promise.all([accounts.blockedAmong(playerIds), duplicates.flaggedAmong(playerIds)]);
        return new Set([...blocked, ...flagged]);
      },
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
    playClosed: (playerId) => playClosedOf(limits, Number(playerId)),
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
  // The regulator's export and retention (docs/decisions/0117): reads each module through its named read functions;
  // retention asks compliance and screening which players an open matter still needs.
  const complianceRows = complianceExportRows(db);
  const limitRows = limitExportRows(db);
  const accountRows = accountExportRows(db);
  const accountsKept = accountRetention(db);
  const signInsKept = signInRetention(db);
  const regulator = createRegulatorService({
    sources: {
      players: [accountRows.players],
      account_events: [accountRows.events],
      sessions: [signInExportRows(db)],
      transactions: [ledgerExportRows(db)],
      rounds: [gameRoundExportRows(db), crashBetExportRows(db), providerRoundExportRows(db)],
      limits: [limitRows.limits],
      exclusions: [limitRows.exclusions],
      alerts: [complianceRows.alerts],
      cases: [complianceRows.cases],
      interventions: [complianceRows.interventions],
      screening_hits: [screening.exportRows],
      staff_actions: [staffActionExportRows(db)],
    },
    retention: {
      candidates: accountsKept.candidates,
      neededByOpenMatters: async (playerIds) => {
        const [matters, hits] = await Promise.all([complianceRows.neededByOpenMatters(playerIds), screening.openHitPlayers(playerIds)]);
        return new Set([...matters, ...hits]);
      },
      anonymise: async (playerId, at) => {
        const done = await accountsKept.anonymise(playerId, at);
        if (done) await Promise.all([signInsKept.forget(playerId), screening.forgetDecided(playerId)]);
        return done;
      },
    },
    retentionYears: config.retentionYears,
    exportsDir: path.join(config.dataDir, 'exports'),
    audit: operators.audit,
    logger,
  });
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
      ...signins.jobs,
      ...screeningJobs(screening),
      ...regulatorJobs(regulator),
      ...(chainRail?.jobs ?? []),
      auditAnchorJob({ audit: operators.audit, anchors: auditAnchors, logger }),
    ],
    audit: operators.audit,
    staffEmails: async () => new Map((await operators.staff.list()).map((member) => [Number(member.id), member.email])),
    logger,
  });
  // Prometheus metrics (server/metrics.ts): the HTTP layer counts requests; these are read when scraped.
  const metrics = createMetrics({ processMetrics: config.metricsToken !== undefined });
  metrics.read({
    pool: database.poolStats,
    ledgerJournals: ledgerReports.journalsWritten,
    jobRuns: async () =>
      (await jobs.list(1)).flatMap((job) =>
        job.last_runs.slice(0, 1).map((run) => ({ job: job.name, status: run.status, finishedAt: new Date(run.finished_at), durationMs: run.duration_ms })),
      ),
  });
  let closed = false;
  return {
    config,
    metrics,
    jurisdictions,
    /** Set when the process begins to stop: readiness answers 503 so a load balancer sends no more (decision 0111). */
    lifecycle: { draining: false },
    database,
    redis,
    cacheBus,
    settings,
    content,
    catalog,
    outbox,
    notices,
    accounts,
    operators,
    compliance,
    screening,
    regulator,
    signins,
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
      await screening.start();
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
