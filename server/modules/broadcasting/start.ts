import type { RealtimePublicConfig } from '../../../contract/site.ts';
import type { Config } from '../../config.ts';
import { createRedisFanout } from '../../realtime/fanout-redis.ts';
import { createInProcessPublisher, createPusherHttpPublisher, type RealtimePublisher } from '../../realtime/publisher.ts';
import { startRealtimeServer, type RealtimeApp, type RealtimeServer } from '../../realtime/server.ts';
import type { RealtimeLogger } from '../../realtime/logger.ts';
import type { WebhookEvent } from '../../realtime/webhooks.ts';
import { clientAddressOf } from '../../trusted-proxy.ts';

export type RunningRealtime = { publisher: RealtimePublisher; publicConfig: RealtimePublicConfig; server: RealtimeServer | null };

/**
 * Starts our Pusher-protocol server in this process (sharing events and presence over Redis when REDIS_URL is
 * set), or points publishing at an external Pusher-compatible server; either way says where browsers connect.
 */
export async function startRealtime(
  config: Config,
  app: RealtimeApp,
  logger: RealtimeLogger,
  onEvent?: (event: WebhookEvent) => void,
): Promise<RunningRealtime> {
  const { realtime } = config;
  if (realtime.server === 'external') {
    const host = realtime.host!;
    return {
      publisher: createPusherHttpPublisher({
        appId: app.id,
        key: app.key,
        secret: app.secret,
        host,
        port: config.realtimePort,
        useTLS: realtime.scheme === 'https',
      }),
      publicConfig: { key: app.key, host, port: realtime.publicPort ?? config.realtimePort, scheme: realtime.scheme },
      server: null,
    };
  }
  const server = await startRealtimeServer({
    port: config.realtimePort,
    host: config.host,
    app,
    logger,
    maxConnectionsPerIp: realtime.maxConnectionsPerIp,
    // Upgrade requests may come through the same proxy as the site's requests, so the same rule names the client.
    clientAddress: clientAddressOf(config.trustProxy),
    subscriptionCount: realtime.subscriptionCount,
    ...(realtime.webhookUrl ? { webhooks: { url: realtime.webhookUrl } } : {}),
    ...(onEvent ? { onEvent } : {}),
    ...(config.redisUrl ? { fanout: createRedisFanout({ url: config.redisUrl, logger }) } : {}),
  });
  return {
    publisher: createInProcessPublisher(server),
    // An empty host tells the browser to use the page's own host name.
    publicConfig: { key: app.key, host: realtime.host ?? '', port: realtime.publicPort ?? server.port, scheme: realtime.scheme },
    server,
  };
}
