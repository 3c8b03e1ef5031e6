import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { normalizeIP } from '@fastify/rate-limit';
import { WebSocketServer, type WebSocket } from 'ws';
import { type ChannelKind, channelKind, isCacheChannel, MAX_EVENT_NAME_LENGTH, publishProblem } from './channel-names.ts';
import { ClientConnection } from './client-connection.ts';
import { endConnection, handleClientFrame, type NodeContext } from './client-protocol.ts';
import { ErrorCode } from './codes.ts';
import type { CountChange, Fanout, ReapedChange } from './fanout.ts';
import { createMemoryFanout } from './fanout-memory.ts';
import { channelEventFrame, connectionEstablishedFrame, errorFrame, pingFrame, subscriptionCountFrame, watchlistFrame } from './frames.ts';
import { createHttpApi } from './http-api.ts';
import { LocalChannels, WATCHERS_PREFIX } from './local-channels.ts';
import { silentLogger, type RealtimeLogger } from './logger.ts';
import { createWebhookSender, type WebhookEvent, type WebhookOptions, type WebhookSender } from './webhooks.ts';

export type RealtimeApp = { id: string; key: string; secret: string };

export type RealtimeServerOptions = {
  /** 0 picks a free port; the chosen one is RealtimeServer.port. */
  port: number;
  host?: string;
  app: RealtimeApp;
  /** Shared state between nodes; in-process by default. The server starts and closes it. */
  fanout?: Fanout;
  /** Told to clients; a client silent this long is pinged. Default 120 (seconds). */
  activityTimeoutSeconds?: number;
  /** After a server ping, how long a client has to answer before it is closed with 4201. Default 30 000. */
  pongTimeoutMs?: number;
  /** Largest client frame and largest event data accepted. Default 10 KiB, as Pusher. */
  maxMessageBytes?: number;
  /** Client events per connection per second. Default 10, as Pusher. */
  clientEventsPerSecond?: number;
  /** Distinct users per presence channel. Default 100, as Pusher. */
  maxPresenceMembers?: number;
  /** Channels one socket may be subscribed to at once; a subscribe beyond is refused with 4305. Default 100. */
  maxSubscriptionsPerConnection?: number;
  /** Open sockets per client address on this node; the next is closed with 4004. Default 50. */
  maxConnectionsPerIp?: number;
  /**
   * The client's address for an upgrade request: the socket's peer by default; behind a proxy, what
   * TRUST_PROXY allows it to say. Counted as the HTTP rate limits count (IPv6 by its /64).
   */
  clientAddress?: (request: IncomingMessage) => string;
  /** Unsent bytes a client may fall behind by before it is closed with 4100. Default 4 MiB. */
  maxBufferedBytes?: number;
  /** Pusher-signed webhooks (channel_occupied/vacated, member_added/removed, client_event, cache_miss); none by default. */
  webhooks?: WebhookOptions;
  /** Pusher's "subscription counting": subscribers hear pusher:subscription_count. Off by default, as on Pusher. */
  subscriptionCount?: boolean;
  /** How long a cache channel keeps its last event. Default 30 minutes, as Pusher. */
  cacheTtlMs?: number;
  /** Told every webhook event in this process as it happens (the embedding app's own listener); once per cluster, like the webhooks. */
  onEvent?: (event: WebhookEvent) => void;
  logger?: RealtimeLogger;
};

export type ChannelInfo = { occupied: boolean; subscriptionCount: number; userCount: number | undefined };

export type RealtimeServer = {
  readonly port: number;
  readonly app: RealtimeApp;
  /** Sends `event` to every subscriber on every node; objects are JSON-encoded, strings sent as they are. */
  publish(channels: string[], event: string, data: unknown, exceptSocketId?: string): Promise<void>;
  /** userCount only for presence channels. */
  channelInfo(channel: string): Promise<ChannelInfo>;
  /** Occupied channels whose names start with `prefix`, with their subscription counts. */
  channels(prefix?: string): Promise<Map<string, number>>;
  presenceUserIds(channel: string): Promise<string[]>;
  /** Closes every connection signed in as `userId`, on every node, with 4009. */
  terminateUserConnections(userId: string): Promise<void>;
  /** Open client connections on this node. */
  connectionCount(): number;
  /** Closes clients with 4200 "Server restarting" (pusher-js reconnects at once), then stops. */
  close(): Promise<void>;
};

const APP_PATH = /^\/app\/([^/?]+)\/?$/;
const SUPPORTED_PROTOCOLS = new Set([4, 5, 6, 7]);
/** How long close() lets clients finish the close handshake before cutting them off. */
const CLOSE_GRACE_MS = 1_000;

export async function startRealtimeServer(options: RealtimeServerOptions): Promise<RealtimeServer> {
  const app = options.app;
  const logger = options.logger ?? silentLogger;
  const fanout = options.fanout ?? createMemoryFanout();
  const activityTimeoutSeconds = options.activityTimeoutSeconds ?? 120;
  const activityTimeoutMs = activityTimeoutSeconds * 1000;
  const pongTimeoutMs = options.pongTimeoutMs ?? 30_000;
  const maxMessageBytes = options.maxMessageBytes ?? 10 * 1024;
  const maxConnectionsPerIp = options.maxConnectionsPerIp ?? 50;
  const clientAddress = options.clientAddress ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? '');
  const connectionOptions = { clientEventsPerSecond: options.clientEventsPerSecond ?? 10, maxBufferedBytes: options.maxBufferedBytes ?? 4 * 1024 * 1024 };
  if (!Number.isInteger(activityTimeoutSeconds) || activityTimeoutSeconds < 1)
    throw new RangeError('activityTimeoutSeconds must be a whole number of seconds, at least 1');
  if (!Number.isInteger(maxConnectionsPerIp) || maxConnectionsPerIp < 1) throw new RangeError('maxConnectionsPerIp must be a whole number, at least 1');

  const connections = new Set<ClientConnection>();
  /** Open sockets per client address, so one address cannot hold the node's memory and file handles. */
  const connectionsPerAddress = new Map<string, number>();
  const cacheTtlMs = options.cacheTtlMs ?? 30 * 60 * 1000;
  const sender = options.webhooks ? createWebhookSender(app, options.webhooks, logger) : undefined;
  const onEvent = options.onEvent;
  const webhooks: WebhookSender | undefined =
    sender || onEvent
      ? {
          emit(event) {
            sender?.emit(event);
            try {
              onEvent?.(event);
            } catch (error) {
              logger.warn({ err: error }, 'realtime: event listener failed');
            }
          },
          close: async () => sender?.close(),
        }
      : undefined;
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  // Counts go to public, private and encrypted channels, as on Pusher: presence channels have their
  // member events instead, and `#server-to-user-` channels are internal (one user's own sockets).
  const countedKinds = new Set<ChannelKind | undefined>(['public', 'private', 'encrypted']);
  // Subscription counts for a channel changed within one turn go out once, with the latest total.
  const countsToSend = new Map<string, number>();
  const sendCounts = () => {
    for (const [channel, count] of countsToSend) {
      fanout
        .broadcast({ channel, frame: subscriptionCountFrame(channel, count) })
        .catch((error: unknown) => logger.warn({ err: error, channel }, 'realtime: subscription count not fanned out'));
    }
    countsToSend.clear();
  };
  function channelCountChanged(channel: string, { before, after }: CountChange): void {
    if (before === 0 && after > 0) webhooks?.emit({ name: 'channel_occupied', channel });
    if (before > 0 && after === 0) webhooks?.emit({ name: 'channel_vacated', channel });
    if (options.subscriptionCount && after > 0 && countedKinds.has(channelKind(channel))) {
      if (countsToSend.size === 0) setImmediate(sendCounts);
      countsToSend.set(channel, after);
    }
  }
  function userCountChanged(userId: string, { before, after }: CountChange): void {
    const name = before === 0 && after > 0 ? 'online' : before > 0 && after === 0 ? 'offline' : undefined;
    if (!name) return;
    const channel = WATCHERS_PREFIX + userId;
    track(
      fanout
        .broadcast({ channel, frame: watchlistFrame(name, [userId]) })
        .catch((error: unknown) => logger.warn({ err: error }, 'realtime: watchlist event not fanned out')),
    );
  }
  const local = new LocalChannels(fanout, {
    channel: (channel, change) =>
      track(
        change
          .then((result) => channelCountChanged(channel, result))
          .catch((error: unknown) => logger.warn({ err: error, channel }, 'realtime: could not record a subscription count')),
      ),
    user: (userId, change) =>
      track(
        change
          .then((result) => userCountChanged(userId, result))
          .catch((error: unknown) => logger.warn({ err: error }, 'realtime: could not record a signed-in user')),
      ),
  });
  const context: NodeContext = {
    app,
    fanout,
    local,
    logger,
    webhooks,
    maxMessageBytes,
    maxPresenceMembers: options.maxPresenceMembers ?? 100,
    maxSubscriptionsPerConnection: options.maxSubscriptionsPerConnection ?? 100,
    track,
  };

  try {
    await fanout.start({
      deliver: (broadcast) => local.deliver(broadcast),
      terminateUser(userId) {
        // Each node ends its own sockets of the user, told through the fan-out (its own included).
        for (const connection of local.connectionsOf(userId)) connection.fail(ErrorCode.unauthorized, 'Connections of this user were terminated');
      },
      reaped(change: ReapedChange) {
        if (change.kind === 'channel') channelCountChanged(change.channel, change.change);
        else if (change.kind === 'user') userCountChanged(change.userId, change.change);
        else webhooks?.emit({ name: 'member_removed', channel: change.channel, user_id: change.userId });
      },
    });
  } catch (error) {
    await fanout.close();
    throw error;
  }

  let closing = false;
  const server: RealtimeServer = {
    port: 0,
    app,
    async publish(channels, event, data, exceptSocketId) {
      if (event.length === 0 || event.length > MAX_EVENT_NAME_LENGTH) throw new RangeError(`Event names are 1 to ${MAX_EVENT_NAME_LENGTH} characters`);
      const payload = typeof data === 'string' ? data : JSON.stringify(data);
      if (Buffer.byteLength(payload) > maxMessageBytes) throw new RangeError(`Event data exceeds ${maxMessageBytes} bytes`);
      for (const channel of channels) {
        const problem = publishProblem(channel);
        if (problem) throw new RangeError(problem);
      }
      await Promise.all(
        channels.map(async (channel) => {
          const frame = channelEventFrame(event, channel, payload);
          // A cache channel keeps its last event for whoever subscribes next (Pusher's cache channels).
          if (isCacheChannel(channel)) await fanout.cacheEvent(channel, frame, cacheTtlMs);
          await fanout.broadcast({ channel, frame, exceptSocketId });
        }),
      );
    },
    async channelInfo(channel) {
      const kind = channelKind(channel);
      const [subscriptionCount, members] = await Promise.all([
        fanout.subscriptionCount(channel),
        kind === 'presence' ? fanout.presenceMembers(channel) : undefined,
      ]);
      return { occupied: subscriptionCount > 0, subscriptionCount, userCount: members?.length };
    },
    channels: (prefix = '') => fanout.subscriptionCounts(prefix),
    async presenceUserIds(channel) {
      return (await fanout.presenceMembers(channel)).map((member) => member.userId);
    },
    terminateUserConnections: (userId) => fanout.terminateUser(userId),
    connectionCount: () => connections.size,
    close,
  };

  const httpServer = createServer(createHttpApi({ app, realtime: server, maxMessageBytes, logger }));
  const wss = new WebSocketServer({
    noServer: true,
    // Frames a little over the limit get a pusher:error and the socket lives on; far over it, ws
    // closes with 1009 before buffering them.
    maxPayload: Math.max(4 * maxMessageBytes, 64 * 1024),
    perMessageDeflate: false,
  });
  wss.on('error', (error) => logger.warn({ err: error }, 'realtime: websocket server error'));

  httpServer.on('upgrade', (request, socket, head) => {
    if (closing) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws, request, socket));
  });

  function accept(ws: WebSocket, request: IncomingMessage, socket: Duplex): void {
    ws.on('error', (error) => logger.debug({ err: error }, 'realtime: client socket error'));
    const address = normalizeIP(clientAddress(request));
    const open = connectionsPerAddress.get(address) ?? 0;
    const refusal =
      refusalFor(request, app.key) ??
      (open >= maxConnectionsPerIp
        ? { code: ErrorCode.overConnectionQuota, message: `Too many connections from this address (at most ${maxConnectionsPerIp})` }
        : undefined);
    if (refusal) {
      ws.send(errorFrame(refusal.code, refusal.message));
      ws.close(refusal.code, refusal.message);
      return;
    }
    connectionsPerAddress.set(address, open + 1);
    const connection = new ClientConnection(`${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`, ws, socket, connectionOptions);
    connections.add(connection);
    ws.on('message', (bytes: Buffer, isBinary: boolean) => {
      connection.lastSeenAt = performance.now();
      connection.pingSentAt = 0;
      try {
        handleClientFrame(context, connection, bytes, isBinary);
      } catch (error) {
        logger.error({ err: error, socketId: connection.socketId }, 'realtime: frame handling failed');
      }
    });
    ws.on('pong', () => {
      connection.lastSeenAt = performance.now();
      connection.pingSentAt = 0;
    });
    ws.on('close', () => {
      connections.delete(connection);
      const left = (connectionsPerAddress.get(address) ?? 1) - 1;
      if (left > 0) connectionsPerAddress.set(address, left);
      else connectionsPerAddress.delete(address);
      endConnection(context, connection);
    });
    connection.send(connectionEstablishedFrame(connection.socketId, activityTimeoutSeconds));
  }

  // One sweep over all connections instead of a timer per socket: cheap at this rate, and a
  // frame from the client only has to write a timestamp.
  const sweepEveryMs = Math.max(25, Math.min(1_000, Math.floor(Math.min(activityTimeoutMs, pongTimeoutMs) / 4)));
  const sweep = setInterval(() => {
    const now = performance.now();
    for (const connection of connections) {
      if (connection.pingSentAt === 0) {
        if (now - connection.lastSeenAt >= activityTimeoutMs) {
          connection.pingSentAt = now;
          connection.send(pingFrame);
        }
      } else if (now - connection.pingSentAt >= pongTimeoutMs) {
        connection.close(ErrorCode.pongTimeout, 'Pong reply not received');
      }
    }
  }, sweepEveryMs);
  sweep.unref();

  async function close(): Promise<void> {
    if (closing) return;
    closing = true;
    clearInterval(sweep);
    const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
    const sockets = [...connections];
    for (const connection of sockets) connection.close(ErrorCode.serverRestarting, 'Server restarting');
    const allClosed = Promise.all(sockets.map((connection) => new Promise((resolve) => connection.ws.once('close', resolve))));
    await Promise.race([allClosed, new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
    for (const connection of sockets) connection.ws.terminate();
    await allClosed;
    httpServer.closeAllConnections();
    await stopped;
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    await webhooks?.close();
    await fanout.close();
    // A node that closes last, or alone, empties its channels as it goes: those webhooks go out too.
    await webhooks?.close();
  }

  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(options.port, options.host ?? '127.0.0.1', () => {
        httpServer.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await fanout.close();
    throw error;
  }
  httpServer.on('error', (error) => logger.error({ err: error }, 'realtime: http server error'));
  const port = (httpServer.address() as AddressInfo).port;
  logger.info({ port, fanout: fanout.kind }, 'realtime server listening');
  return Object.assign(server, { port });
}

/** Why a new socket cannot be served, in the codes pusher-js acts on; undefined when it can. */
function refusalFor(request: IncomingMessage, appKey: string): { code: number; message: string } | undefined {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const key = APP_PATH.exec(url.pathname)?.[1];
  if (key === undefined) return { code: ErrorCode.pathNotFound, message: 'Connect to /app/{key}' };
  if (key !== appKey) return { code: ErrorCode.unknownAppKey, message: 'Unknown app key' };
  const protocol = url.searchParams.get('protocol');
  if (protocol === null) return { code: ErrorCode.noProtocolVersion, message: 'No protocol version supplied' };
  if (!/^\d{1,3}$/.test(protocol)) return { code: ErrorCode.invalidProtocolVersion, message: 'Invalid protocol version' };
  // Pusher serves 4 to 7 (7 only renamed 6); the frames this server sends are the same in all of them.
  if (!SUPPORTED_PROTOCOLS.has(Number(protocol)))
    return { code: ErrorCode.unsupportedProtocol, message: 'Unsupported protocol version; this server speaks 4 to 7' };
  return undefined;
}
