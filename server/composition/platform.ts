import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { createCacheBus } from '../cache-bus.ts';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createPasswordHasher } from '../modules/accounts/passwords.ts';
import { createAccountsService } from '../modules/accounts/service.ts';
import { createBroadcastingService } from '../modules/broadcasting/service.ts';
import { createCatalogService } from '../modules/catalog/service.ts';
import { createClubsService } from '../modules/clubs/service.ts';
import { createComplianceService } from '../modules/compliance/service.ts';
import { createContentService } from '../modules/content/service.ts';
import { createOperatorsService } from '../modules/operators/service.ts';
import { createOutboxService } from '../modules/outbox/service.ts';
import { createWebhookSender } from '../modules/outbox/webhook.ts';
import { createSessionService } from '../modules/session/service.ts';
import { createSettingsService } from '../modules/settings/service.ts';
import { createLedgerService } from '../modules/ledger/service.ts';
import { createLimitsService } from '../modules/limits/service.ts';
import { createJurisdictions } from '../modules/jurisdictions/service.ts';
import { createMessagesService } from '../modules/messages/service.ts';
import { createNoticesService } from '../modules/notices/service.ts';
import { euListFile } from '../modules/screening/eu-list.ts';
import { ftmPepListFile } from '../modules/screening/ftm-list.ts';
import { combineLists } from '../modules/screening/list.ts';
import { createScreeningService } from '../modules/screening/service.ts';
import { createProviderTotals } from '../modules/providers/service.ts';
import { createRoundTotals } from '../modules/games/totals.ts';
import { createCrashTotals } from '../modules/crash/totals.ts';
import { sharedSecret } from '../shared-secrets.ts';
import { createEventBus } from '../modules/shared/events.ts';
import { allStakeTotals } from '../modules/shared/stake-totals.ts';
import type { DomainEvents } from '../subscriptions.ts';
import { createVerificationService } from '../modules/verification/service.ts';
import { createDocumentStore } from '../modules/verification/store-choice.ts';
import { createMailer } from '../notify/mail.ts';
import { createPlayerEvents } from '../notify/player-events.ts';
import type { RealtimeApp } from '../realtime/server.ts';
import { createSmsSender } from '../notify/sms.ts';
import { createTemplates } from '../notify/templates.ts';

export type PlatformServices = ReturnType<typeof platformServices>;

export function platformServices({
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
  // After-effects travel as domain events on one in-process bus; who hears what is server/subscriptions.ts.
  const bus = createEventBus<DomainEvents>({ onError: (error, name) => logger?.warn({ err: error, event: name }, 'event listener failed') });
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
  const accounts = createAccountsService({ db, settings, outbox, templates, passwords, logger, servesCountry: jurisdictions.serves, publish: bus.publish });
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
  // (decision 0045); every other committed transfer is a JournalCommitted.
  const ledger = createLedgerService({ db, publish: bus.publish });
  // Stakes and wins read from each game module's own rows, for the limits' wager and loss limits.
  const stakeTotals = allStakeTotals([createRoundTotals(db), createCrashTotals(db), createProviderTotals(db)]);
  // Compliance (issue 33, docs/decisions/0114): hears deposits, withdrawals, play, claims, registrations and sign-ins
  // after commit and runs its rules; its holds keep withdrawals from being paid; linking and screening raise through it.
  const compliance = createComplianceService({
    db,
    audit: operators.audit,
    playTotals: async (playerId, since) => (await stakeTotals(playerId, [since]))[0] ?? { stakes: 0, wins: 0 },
    logger,
  });
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
    gameTotals: stakeTotals,
    checkPassword: accounts.checkPassword,
    publish: bus.publish,
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
  const clubs = createClubsService({
    db,
    ledger,
    currency,
    events,
    sendMessage: (message) => messages.send({ ...message, sentBy: null }),
  });
  return {
    config,
    database,
    logger,
    db,
    redis,
    bus,
    passwords,
    mailer,
    outbox,
    templates,
    events,
    broadcasting,
    settings,
    content,
    catalog,
    cacheBus,
    jurisdictions,
    accounts,
    totpKey,
    operators,
    session,
    currency,
    ledger,
    stakeTotals,
    compliance,
    screening,
    limits,
    messages,
    notices,
    verification,
    clubs,
  };
}
