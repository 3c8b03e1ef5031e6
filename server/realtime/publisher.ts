import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import Pusher from 'pusher';
import { publishProblem } from './channel-names.ts';
import type { RealtimeServer } from './server.ts';

/** How server code publishes realtime events, whichever Pusher-compatible server carries them. */
export interface RealtimePublisher {
  /** Objects are JSON-encoded; strings are sent as they are. */
  publish(channels: string[], event: string, data: unknown): Promise<void>;
  /** Members of every occupied presence channel whose name starts with `prefix` (which starts with `presence-`). */
  presenceCounts?(prefix: string): Promise<Map<string, number>>;
  close?(): Promise<void>;
}

/** Publishes straight into our own server in this process. */
export function createInProcessPublisher(server: Pick<RealtimeServer, 'publish' | 'channels' | 'channelInfo'>): RealtimePublisher {
  return {
    publish: (channels, event, data) => server.publish(channels, event, data),
    async presenceCounts(prefix) {
      const names = [...(await server.channels(prefix)).keys()];
      const infos = await Promise.all(names.map((name) => server.channelInfo(name)));
      return new Map(names.map((name, index) => [name, infos[index]?.userCount ?? 0]));
    },
  };
}

/** The Pusher API takes at most this many channels per event. */
const CHANNELS_PER_REQUEST = 100;

export type PusherHttpOptions = { appId: string; key: string; secret: string; host: string; port?: number; useTLS?: boolean; timeoutMs?: number };

/** The Pusher HTTP events API: our server on another node, soketi, Laravel Reverb or Pusher itself. */
export function createPusherHttpPublisher(options: PusherHttpOptions): RealtimePublisher {
  const useTLS = options.useTLS ?? false;
  // Kept-alive connections: a publish is then one round trip, not a TCP (and TLS) handshake too.
  const agent = useTLS ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const pusher = new Pusher({
    appId: options.appId,
    key: options.key,
    secret: options.secret,
    host: options.host,
    ...(options.port === undefined ? {} : { port: String(options.port) }),
    useTLS,
    agent,
    timeout: options.timeoutMs ?? 5_000,
  });
  return {
    async publish(channels, event, data) {
      // soketi, Reverb and Pusher would publish on an unprefixed private name, public there: checked here, before any request.
      const problem = channels.map(publishProblem).find((found) => found !== undefined);
      if (problem) throw new RangeError(problem);
      const requests: Promise<unknown>[] = [];
      for (let start = 0; start < channels.length; start += CHANNELS_PER_REQUEST) {
        requests.push(pusher.trigger(channels.slice(start, start + CHANNELS_PER_REQUEST), event, data));
      }
      await Promise.all(requests);
    },
    async presenceCounts(prefix) {
      // Pusher's channels query, which soketi, Reverb and our own server answer alike.
      const response = await pusher.get({ path: '/channels', params: { filter_by_prefix: prefix, info: 'user_count' } });
      const body = (await response.json()) as { channels?: Record<string, { user_count?: number }> };
      return new Map(Object.entries(body.channels ?? {}).map(([name, info]) => [name, info.user_count ?? 0]));
    },
    async close() {
      agent.destroy();
    },
  };
}
