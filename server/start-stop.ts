import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RealtimePublicConfig } from '../contract/site.ts';
import type { CacheBus } from './cache-bus.ts';
import type { Config } from './config.ts';
import type { BonusesService } from './modules/bonuses/service.ts';
import type { BroadcastingService } from './modules/broadcasting/service.ts';
import type { CrashService } from './modules/crash/service.ts';
import type { GamesService } from './modules/games/service.ts';
import type { OperatorsService } from './modules/operators/service.ts';
import type { OutboxService } from './modules/outbox/service.ts';
import type { ProvidersService } from './modules/providers/service.ts';
import type { ScreeningService } from './modules/screening/service.ts';
import type { SettingsService } from './modules/settings/service.ts';
import type { JobsService } from './modules/jobs/service.ts';
import type { Mailer } from './notify/mail.ts';
import type { RealtimePublisher } from './realtime/publisher.ts';
import type { Scheduler } from './scheduler/scheduler.ts';

// What the services do when the process starts serving and when it stops, in that order.

export function startAndStop({
  config,
  logger,
  redis,
  cacheBus,
  mailer,
  outbox,
  screening,
  sandboxGateway,
  operators,
  games,
  bonuses,
  providers,
  jobs,
  scheduler,
  crash,
  broadcasting,
  settings,
  accounts,
}: {
  config: Config;
  logger?: FastifyBaseLogger;
  redis?: Redis;
  cacheBus: CacheBus;
  mailer: Pick<Mailer, 'close'>;
  outbox: Pick<OutboxService, 'start' | 'stop'>;
  screening: Pick<ScreeningService, 'start'>;
  sandboxGateway?: { close(): void };
  operators: Pick<OperatorsService, 'ensureOperator'>;
  games: Pick<GamesService, 'interrupted'>;
  bonuses: Pick<BonusesService, 'start'>;
  providers: Pick<ProvidersService, 'syncGames'>;
  jobs: Pick<JobsService, 'scheduleAll'>;
  scheduler: Pick<Scheduler, 'stop'>;
  crash: Pick<CrashService, 'stop'>;
  broadcasting: Pick<BroadcastingService, 'connect' | 'close'>;
  settings: Pick<SettingsService, 'invalidate'>;
  accounts: { settled(): Promise<unknown> };
}) {
  let closed = false;
  return {
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
