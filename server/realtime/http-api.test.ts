// The Pusher HTTP API on the realtime port, driven by the `pusher` server SDK; pusher-js receives.
import PusherServer from 'pusher';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRealtimeServer, type RealtimeServer } from './server.ts';
import { collect, connectedClient, disconnectAll, eventually, once, randomApp, sdkFor, subscribed } from './testing.ts';

const app = randomApp();
let server: RealtimeServer;
let sdk: PusherServer;

beforeAll(async () => {
  server = await startRealtimeServer({ port: 0, app });
  sdk = sdkFor(app, server.port);
});
afterEach(() => disconnectAll());
afterAll(() => server.close());

/** The SDK rejects with a RequestError carrying the HTTP status; this returns it. */
async function statusOf(request: Promise<unknown>): Promise<number> {
  try {
    await request;
    return 200;
  } catch (error) {
    return (error as { status?: number }).status ?? -1;
  }
}

async function signedFetch(method: 'GET' | 'POST', path: string, body: string | undefined, signer = sdk): Promise<Response> {
  const fullPath = `/apps/${app.id}${path}`;
  const query = signer.createSignedQueryString({ method, path: fullPath, body });
  return fetch(`http://127.0.0.1:${server.port}${fullPath}?${query}`, { method, body, headers: { 'content-type': 'application/json' } });
}

describe('publishing', () => {
  it('delivers trigger() to a pusher-js subscriber, objects JSON-encoded', async () => {
    const client = await connectedClient(app, server.port);
    const channel = await subscribed(client, 'promotions');
    const received = once((callback) => channel.bind('App\\Events\\PromotionStarted', callback));
    const response = await sdk.trigger('promotions', 'App\\Events\\PromotionStarted', { slug: 'welcome-100' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(await received).toEqual({ slug: 'welcome-100' });
  });

  it('delivers to several channels and leaves out the socket_id given', async () => {
    const excluded = await connectedClient(app, server.port);
    const included = await connectedClient(app, server.port);
    const excludedSeen = collect(await subscribed(excluded, 'room-a'), 'move');
    const includedA = collect(await subscribed(included, 'room-a'), 'move');
    const includedB = collect(await subscribed(included, 'room-b'), 'move');
    await sdk.trigger(['room-a', 'room-b'], 'move', 'e4', { socket_id: excluded.connection.socket_id });
    await eventually(() => includedA.length === 1 && includedB.length === 1);
    const marker = once((callback) => excluded.channel('room-a').bind('marker', callback));
    await sdk.trigger('room-a', 'marker', {});
    await marker;
    expect(excludedSeen).toEqual([]);
    expect(includedA[0]?.data).toBe('e4');
  });

  it('delivers every event of triggerBatch()', async () => {
    const client = await connectedClient(app, server.port);
    const first = collect(await subscribed(client, 'batch-1'), 'spin');
    const second = collect(await subscribed(client, 'private-batch-2'), 'win');
    await sdk.triggerBatch([
      { channel: 'batch-1', name: 'spin', data: { reel: 1 } },
      { channel: 'private-batch-2', name: 'win', data: { amount: 40 } },
    ]);
    await eventually(() => first.length === 1 && second.length === 1);
    expect(first[0]?.data).toEqual({ reel: 1 });
    expect(second[0]?.data).toEqual({ amount: 40 });
  });

  it('refuses to publish on App.Models.User.{id} without its private- prefix, with 400, and publishes nothing of the request', async () => {
    const client = await connectedClient(app, server.port);
    const channel = await subscribed(client, 'lobby-next-door');
    const seen = collect(channel, 'BalanceUpdated');
    const body = JSON.stringify({ name: 'BalanceUpdated', channels: ['lobby-next-door', 'App.Models.User.5'], data: '{}' });
    const response = await signedFetch('POST', '/events', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'channels.1: Not publishing on App.Models.User.5: App.Models.* channels are private; use private-App.Models.User.5',
    });
    expect(await statusOf(sdk.trigger('App.Models.User.5', 'BalanceUpdated', {}))).toBe(400);
    expect(
      await statusOf(
        sdk.triggerBatch([
          { channel: 'lobby-next-door', name: 'BalanceUpdated', data: '{}' },
          { channel: 'cache-App.Models.User.5', name: 'BalanceUpdated', data: '{}' },
        ]),
      ),
    ).toBe(400);
    await expect(server.publish(['App.Models.User.5'], 'BalanceUpdated', {})).rejects.toThrow('use private-App.Models.User.5');
    const marker = once((callback) => channel.bind('marker', callback));
    await sdk.trigger('lobby-next-door', 'marker', {});
    await marker;
    expect(seen).toEqual([]);
  });

  it('answers info on trigger with subscription counts', async () => {
    const client = await connectedClient(app, server.port);
    await subscribed(client, 'counted');
    const response = await sdk.trigger('counted', 'tick', {}, { info: 'subscription_count' });
    expect(await response.json()).toEqual({ channels: { counted: { subscription_count: 1 } } });
  });
});

describe('channel queries', () => {
  it('reports occupancy, subscription and user counts, and users of presence channels', async () => {
    const first = await connectedClient(app, server.port, { presence: { user_id: 'u1' } });
    const second = await connectedClient(app, server.port, { presence: { user_id: 'u1' } });
    const third = await connectedClient(app, server.port, { presence: { user_id: 'u2' } });
    for (const client of [first, second, third]) await subscribed(client, 'presence-lounge');
    await subscribed(first, 'quiet-room');

    const lounge = await sdk.get({ path: '/channels/presence-lounge', params: { info: 'user_count,subscription_count' } });
    expect(await lounge.json()).toEqual({ occupied: true, user_count: 2, subscription_count: 3 });

    const users = await sdk.get({ path: '/channels/presence-lounge/users' });
    expect(((await users.json()) as { users: { id: string }[] }).users.map((user) => user.id).sort()).toEqual(['u1', 'u2']);

    const presenceList = await sdk.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } });
    expect(((await presenceList.json()) as { channels: Record<string, unknown> }).channels['presence-lounge']).toEqual({ user_count: 2 });

    const all = (await (await sdk.get({ path: '/channels', params: { info: 'subscription_count' } })).json()) as { channels: Record<string, unknown> };
    expect(all.channels['quiet-room']).toEqual({ subscription_count: 1 });

    const empty = await sdk.get({ path: '/channels/nobody-here' });
    expect(await empty.json()).toEqual({ occupied: false });
  });

  it('refuses user_count outside presence channels with 400', async () => {
    expect(await statusOf(sdk.get({ path: '/channels/plain', params: { info: 'user_count' } }))).toBe(400);
    expect(await statusOf(sdk.get({ path: '/channels', params: { info: 'user_count' } }))).toBe(400);
    expect(await statusOf(sdk.get({ path: '/channels/plain/users' }))).toBe(400);
  });
});

describe('users', () => {
  it('terminates a signed-in user’s connections with 4009', async () => {
    const client = await connectedClient(app, server.port, { user: { id: 'closed-account' } });
    client.signin();
    await client.user.signinDonePromise;
    const closedWith = once<{ data?: { code: number } }>((callback) => client.connection.bind('error', callback));
    // pusher-js emits the pusher:error frame by name; the close alone would not.
    const told = once((callback) => client.bind('pusher:error', callback));
    await sdk.terminateUserConnections('closed-account');
    expect(await told).toEqual({ code: 4009, message: 'Connections of this user were terminated' });
    expect((await closedWith).data?.code).toBe(4009);
    await eventually(() => client.connection.state === 'disconnected');
  });
});

describe('authentication and bad requests', () => {
  it('answers 401 to a wrong signature, and nothing is delivered', async () => {
    const client = await connectedClient(app, server.port);
    const seen = collect(await subscribed(client, 'guarded'), 'forged');
    const forger = new PusherServer({ appId: app.id, key: app.key, secret: 'guessed-secret', host: '127.0.0.1', port: String(server.port) });
    expect(await statusOf(forger.trigger('guarded', 'forged', {}))).toBe(401);
    const marker = once((callback) => client.channel('guarded').bind('marker', callback));
    await sdk.trigger('guarded', 'marker', {});
    await marker;
    expect(seen).toEqual([]);
  });

  it('answers 401 to a key that is not ours', async () => {
    const stranger = new PusherServer({ appId: app.id, key: 'other-key', secret: app.secret, host: '127.0.0.1', port: String(server.port) });
    expect(await statusOf(stranger.trigger('lobby', 'x', {}))).toBe(401);
  });

  it('answers 401 to a body that does not match its body_md5', async () => {
    const fullPath = `/apps/${app.id}/events`;
    const query = sdk.createSignedQueryString({ method: 'POST', path: fullPath, body: JSON.stringify({ name: 'a', channel: 'x', data: '1' }) });
    const response = await fetch(`http://127.0.0.1:${server.port}${fullPath}?${query}`, {
      method: 'POST',
      body: JSON.stringify({ name: 'b', channel: 'x', data: '1' }),
    });
    expect(response.status).toBe(401);
  });

  it('answers 401 to a request signed more than 600 seconds ago', async () => {
    const body = JSON.stringify({ name: 'late', channel: 'x', data: '1' });
    const fullPath = `/apps/${app.id}/events`;
    // The SDK stamps the query with Date.now(); the server, in this same process, must see the real clock.
    const signedAgo = (seconds: number) => {
      const spy = vi.spyOn(Date, 'now').mockReturnValue(Date.now() - seconds * 1000);
      try {
        return sdk.createSignedQueryString({ method: 'POST', path: fullPath, body });
      } finally {
        spy.mockRestore();
      }
    };
    const post = (query: string) => fetch(`http://127.0.0.1:${server.port}${fullPath}?${query}`, { method: 'POST', body });
    expect((await post(signedAgo(601))).status).toBe(401);
    expect((await post(signedAgo(500))).status).toBe(200);
  });

  it('answers 404 to an unknown app id and to unknown paths', async () => {
    const other = new PusherServer({ appId: '1', key: app.key, secret: app.secret, host: '127.0.0.1', port: String(server.port) });
    expect(await statusOf(other.trigger('lobby', 'x', {}))).toBe(404);
    expect(await statusOf(sdk.get({ path: '/nothing-here' }))).toBe(404);
  });

  it.each([
    ['not JSON', '{"name":'],
    ['no name', JSON.stringify({ channel: 'x', data: '1' })],
    ['data that is not a string', JSON.stringify({ name: 'a', channel: 'x', data: { raw: true } })],
    ['both channel and channels', JSON.stringify({ name: 'a', channel: 'x', channels: ['y'], data: '1' })],
    ['an invalid channel name', JSON.stringify({ name: 'a', channel: 'not ok', data: '1' })],
    ['too many channels', JSON.stringify({ name: 'a', channels: Array.from({ length: 101 }, (_, i) => `c${i}`), data: '1' })],
  ])('answers 400 to an event with %s', async (_case, body) => {
    const response = await signedFetch('POST', '/events', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBeTruthy();
  });

  it('answers 400 to a batch of more than 10 events', async () => {
    const batch = Array.from({ length: 11 }, () => ({ name: 'a', channel: 'x', data: '1' }));
    expect((await signedFetch('POST', '/batch_events', JSON.stringify({ batch }))).status).toBe(400);
  });

  it('answers 413 to event data over 10 KiB and to an oversized body', async () => {
    expect(await statusOf(sdk.trigger('lobby', 'big', 'x'.repeat(10 * 1024 + 1)))).toBe(413);
    expect(await statusOf(sdk.trigger('lobby', 'fits', 'x'.repeat(10 * 1024)))).toBe(200);
    const huge = JSON.stringify({ name: 'a', channel: 'x', data: 'x'.repeat(300 * 1024) });
    expect((await signedFetch('POST', '/events', huge)).status).toBe(413);
  });

  it('answers health checks without a signature', async () => {
    expect((await fetch(`http://127.0.0.1:${server.port}/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(200);
  });
});
