// The composition root, stage 3 of 3 (server/services.ts runs them in order): the back office: sign-ins and linked accounts, affiliates,
// the subscriptions, the site's page reads, the regulator, scheduled jobs and metrics.
// Wiring only: each service is handed the ports it asks for; after-effects are domain events (server/subscriptions.ts).
import path from 'node:path';
import { bonusJobs } from '../modules/bonuses/service.ts';
import { createJobsService } from '../modules/jobs/service.ts';
import { auditAnchorJob, createAnchorFile } from '../modules/operators/audit-anchors.ts';
import { createPaymentInstruments } from '../modules/payments/instruments.ts';
import { createProviderRoundRecall } from '../modules/providers/round-recall.ts';
import { createSignInsService } from '../modules/signins/service.ts';
import { screeningJobs } from '../modules/screening/service.ts';
import { createRegulatorService, regulatorJobs } from '../modules/regulator/service.ts';
import { regulatorSources } from '../modules/regulator/sources.ts';
import { createAffiliatesService } from '../modules/affiliates/service.ts';
import { createLedgerReports } from '../modules/ledger/reports.ts';
import { createSecretBox } from '../secret-box.ts';
import { sharedSecret } from '../shared-secrets.ts';
import { revenueFrom } from '../modules/affiliates/revenue.ts';
import { createSiteServices } from '../site-services.ts';
import { subscribe } from '../subscriptions.ts';
import { createMetrics } from '../metrics.ts';
import { createScheduler } from '../scheduler/scheduler.ts';
import type { MoneyServices } from './money.ts';
import type { PlatformServices } from './platform.ts';

export type BackOfficeServices = ReturnType<typeof backOfficeServices>;

export function backOfficeServices(services: PlatformServices & MoneyServices) {
  const {
    config,
    database,
    logger,
    db,
    bus,
    passwords,
    outbox,
    templates,
    settings,
    content,
    catalog,
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
    paymentTotals,
    duplicates,
    bonuses,
    chainRail,
    balances,
    games,
    crash,
    wallet,
    providers,
  } = services;
  // Sign-ins, sessions, linked accounts and round recall (issue 33 §1, §3, §7; decisions 0112 and 0113).
  const paymentInstruments = createPaymentInstruments(db);
  const providerRoundRecall = createProviderRoundRecall(db);
  const signins = createSignInsService({
    db,
    currency,
    stakeTotals,
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
    publish: bus.publish,
  });
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
    revenue: revenueFrom({
      days: (playerIds, from, to) => ledgerReports.playerRevenueByDay(playerIds, from, to, currency),
      chargebacks: paymentTotals.chargebacksByDay,
    }),
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
  subscribe(bus, { currency, accounts, affiliates, bonuses, clubs, compliance, limits, notices, screening, signins, verification, balances });
  const site = createSiteServices({ settings, session, content, catalog, games, wallet, messages, limits, bonuses, providers, clubs, affiliates, logger });
  // The regulator's export and retention (docs/decisions/0117): reads each module through its named read functions.
  const regulator = createRegulatorService({
    ...regulatorSources(db, { screening }),
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
  return { paymentInstruments, providerRoundRecall, signins, ledgerReports, affiliates, site, regulator, scheduler, auditAnchors, jobs, metrics };
}
