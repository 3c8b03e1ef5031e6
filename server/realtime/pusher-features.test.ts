// The rest of Pusher Channels, as the ecosystem's own clients use it: cache channels, subscription
// counts, end-to-end encrypted channels and watchlist events, pusher-js against our server with the
// `pusher` SDK publishing and signing.
import { randomBytes } from 'node:crypto';
import PusherServer from 'pusher';
import Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRealtimeServer, type RealtimeServer } from './server.ts';
import { collect, connectedClient, disconnectAll, eventually, once, randomApp, sdkFor, subscribed } from './testing.ts';

const app = randomApp();
const masterKey = randomBytes(32).toString('base64');
let server: RealtimeServer;

beforeAll(async () => {
  server = await startRealtimeServer({ port: 0, app, subscriptionCount: true });
});
afterEach(() => disconnectAll());
afterAll(() => server.close());

const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;
const encryptingSdk = () =>
  new PusherServer({
    appId: app.id,
    key: app.key,
    secret: app.secret,
    host: '127.0.0.1',
    port: String(server.port),
    useTLS: false,
    encryptionMasterKeyBase64: masterKey,
  });

/** pusher-js whose channel authorisation is the SDK with the encryption master key (so encrypted channels get their shared_secret). */
async function encryptionClient(userId: string): Promise<Pusher> {
  const signer = encryptingSdk();
  return connectedClientWith(
    new Pusher(app.key, {
      cluster: 'local',
      wsHost: '127.0.0.1',
      wsPort: server.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      channelAuthorization: {
        customHandler: ({ socketId, channelName }, callback) =>
          callback(null, signer.authorizeChannel(socketId, channelName, channelName.startsWith('presence-') ? { user_id: userId } : undefined)),
      },
    }),
  );
}
const extra: Pusher[] = [];
async function connectedClientWith(client: Pusher): Promise<Pusher> {
  extra.push(client);
  if (client.connection.state !== 'connected') await once((callback) => client.connection.bind('connected', callback));
  return client;
}
afterEach(() => {
  for (const client of extra.splice(0)) client.disconnect();
});

describe('cache channels', () => {
  it.each(['cache-', 'private-cache-', 'presence-cache-', 'private-encrypted-cache-'])(
    '%s: a subscriber with nothing kept hears pusher:cache_miss; a late one gets the last event',
    async (prefix) => {
      const name = unique(prefix);
      const first = await encryptionClient('early');
      const firstChannel = first.subscribe(name);
      await once((callback) => firstChannel.bind('pusher:cache_miss', callback));

      const sdk = encryptingSdk();
      await sdk.trigger(name, 'price', { step: 1 });
      await sdk.trigger(name, 'price', { step: 2 });

      const late = await encryptionClient('late');
      const lateChannel = late.subscribe(name);
      const misses = collect(lateChannel, 'pusher:cache_miss');
      expect(await once((callback) => lateChannel.bind('price', callback))).toEqual({ step: 2 });
      expect(misses).toEqual([]);
    },
  );

  it('keeps nothing for ordinary channels', async () => {
    const name = unique('plain-');
    await sdkFor(app, server.port).trigger(name, 'price', { step: 1 });
    const client = await connectedClient(app, server.port);
    const channel = await subscribed(client, name);
    const seen = collect(channel, 'price');
    const misses = collect(channel, 'pusher:cache_miss');
    // A later event proves the stream is live and nothing older came first.
    await sdkFor(app, server.port).trigger(name, 'price', { step: 2 });
    await eventually(() => seen.length === 1);
    expect(seen[0]?.data).toEqual({ step: 2 });
    expect(misses).toEqual([]);
  });
});

describe('subscription counts (the app enables them)', () => {
  it('tells every subscriber the count as others come and go', async () => {
    const name = unique('counted-');
    const first = await connectedClient(app, server.port);
    const channel = first.subscribe(name);
    const counts = collect(channel, 'pusher:subscription_count');
    const latest = () => (counts.at(-1)?.data as { subscription_count?: number } | undefined)?.subscription_count;
    await eventually(() => counts.length >= 1);
    expect(counts.at(-1)?.data).toEqual({ subscription_count: 1 });

    const second = await connectedClient(app, server.port);
    await subscribed(second, name);
    await eventually(() => latest() === 2);
    expect((channel as unknown as { subscriptionCount: number }).subscriptionCount).toBe(2);
    second.unsubscribe(name);
    await eventually(() => latest() === 1);
  });

  it('is never sent on a signed-in user’s own #server-to-user- channel', async () => {
    const client = await connectedClient(app, server.port, { user: { id: unique('counted-') } });
    client.signin();
    await client.user.signinDonePromise;
    const userChannel = client.user.serverToUserChannel;
    const userCounts = collect(userChannel, 'pusher:subscription_count');
    await once((callback) => userChannel.bind('pusher:subscription_succeeded', callback));
    // The user channel's count would go out before this later channel's: once that has come, the other would have too.
    const later = client.subscribe(unique('later-'));
    await once((callback) => later.bind('pusher:subscription_count', callback));
    expect(userCounts).toEqual([]);
    expect(typeof (userChannel as unknown as { subscriptionCount?: number | null }).subscriptionCount).not.toBe('number');
    expect((later as unknown as { subscriptionCount: number }).subscriptionCount).toBe(1);
  });

  it('is not sent when the app leaves it off', async () => {
    const quiet = await startRealtimeServer({ port: 0, app: randomApp() });
    try {
      const client = await connectedClient(quiet.app, quiet.port);
      const channel = await subscribed(client, 'room');
      const counts = collect(channel, 'pusher:subscription_count');
      const marker = once((callback) => channel.bind('marker', callback));
      await quiet.publish(['room'], 'marker', {});
      await marker;
      expect(counts).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});

describe('private-encrypted channels', () => {
  it('delivers what the SDK encrypts with the master key, decrypted by pusher-js with the shared secret', async () => {
    const name = unique('private-encrypted-');
    const client = await encryptionClient('reader');
    const channel = await subscribed(client, name);
    const received = once((callback) => channel.bind('secret', callback));
    await encryptingSdk().trigger(name, 'secret', { balance: 12_34 });
    expect(await received).toEqual({ balance: 12_34 });
  });
});

describe('watchlist events', () => {
  it('tells a signed-in user when users on their watchlist come online and go offline', async () => {
    const friend = unique('friend-');
    const watcher = await connectedClient(app, server.port, { user: { id: unique('watcher-'), watchlist: [friend] } });
    const online = collect(watcher.user.watchlist as never, 'online');
    const offline = collect(watcher.user.watchlist as never, 'offline');
    watcher.signin();
    await watcher.user.signinDonePromise;

    const other = await connectedClient(app, server.port, { user: { id: friend } });
    other.signin();
    await eventually(() => online.length === 1);
    expect(online[0]?.data).toMatchObject({ name: 'online', user_ids: [friend] });
    other.disconnect();
    await eventually(() => offline.length === 1);
    expect(offline[0]?.data).toMatchObject({ name: 'offline', user_ids: [friend] });
  });

  it('starts with who is online already', async () => {
    const friend = unique('friend-');
    const other = await connectedClient(app, server.port, { user: { id: friend } });
    other.signin();
    await other.user.signinDonePromise;
    const watcher = await connectedClient(app, server.port, { user: { id: unique('watcher-'), watchlist: [friend, 'nobody-online'] } });
    const online = collect(watcher.user.watchlist as never, 'online');
    watcher.signin();
    await eventually(() => online.length === 1);
    expect(online[0]?.data).toMatchObject({ user_ids: [friend] });
  });
});
