// What no well-behaved client sends, over a bare websocket: the server answers, never crashes.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRealtimeServer, type RealtimeServer } from './server.ts';
import { hmacHex } from './signatures.ts';
import { eventually, randomApp, RawClient } from './testing.ts';

const app = randomApp();
const MAX_MESSAGE_BYTES = 2048;
let server: RealtimeServer;
const opened: RawClient[] = [];

async function connect(query?: string, key = app.key, target = server): Promise<RawClient> {
  const client = await RawClient.connect(target.port, key, query);
  opened.push(client);
  return client;
}

async function expectAlive(client: RawClient): Promise<void> {
  client.send({ event: 'pusher:ping', data: {} });
  await client.next((frame) => frame.event === 'pusher:pong');
}

/** Subscribes as the app's /broadcasting/auth would sign it; resolves with the server's answer. */
async function subscribe(client: RawClient, channel: string) {
  const auth = channel.startsWith('private-') ? `${app.key}:${hmacHex(app.secret, `${client.socketId}:${channel}`)}` : undefined;
  client.send({ event: 'pusher:subscribe', data: { channel, auth } });
  return client.next((frame) => frame.channel === channel && /subscription_(succeeded|error)$/.test(frame.event));
}

/** pusher:signin as the app's /broadcasting/user-auth would sign it. */
async function signIn(client: RawClient, id: string): Promise<void> {
  const userData = JSON.stringify({ id });
  const auth = `${app.key}:${hmacHex(app.secret, `${client.socketId}::user::${userData}`)}`;
  client.send({ event: 'pusher:signin', data: { auth, user_data: userData } });
  await client.next((frame) => frame.event === 'pusher:signin_success');
}

beforeAll(async () => {
  server = await startRealtimeServer({ port: 0, app, maxMessageBytes: MAX_MESSAGE_BYTES });
});
afterEach(() => {
  for (const client of opened.splice(0)) client.close();
});
afterAll(() => server.close());

describe('handshake', () => {
  it('sends connection_established with its data as a JSON string', async () => {
    const client = await connect();
    expect(client.handshake?.event).toBe('pusher:connection_established');
    expect(typeof client.handshake?.data).toBe('string');
    expect(JSON.parse(String(client.handshake?.data))).toEqual({ socket_id: client.socketId, activity_timeout: 120 });
    expect(client.socketId).toMatch(/^\d+\.\d+$/);
  });

  it.each([
    ['an unknown app key', 'protocol=7', 'nobody', 4001],
    ['an unsupported protocol', 'protocol=3', undefined, 4007],
    ['a protocol that is not a number', 'protocol=seven', undefined, 4006],
    ['no protocol', 'client=js', undefined, 4008],
  ])('refuses %s with pusher:error and the same close code', async (_case, query, key, code) => {
    const client = await connect(query, key);
    expect(client.handshake).toMatchObject({ event: 'pusher:error', data: { code } });
    expect((await client.closed).code).toBe(code);
  });

  it.each(['4', '5', '6', '7'])('accepts protocol %s, as Pusher serves 4 to 7', async (version) => {
    const client = await connect(`protocol=${version}&client=js&version=8.6.0`);
    expect(client.handshake?.event).toBe('pusher:connection_established');
  });

  it('refuses a path other than /app/{key} with 4005', async () => {
    const client = new RawClient(`ws://127.0.0.1:${server.port}/socket?protocol=7`);
    opened.push(client);
    expect((await client.closed).code).toBe(4005);
  });
});

describe('bad frames', () => {
  it.each([
    ['not JSON', 'hello'],
    ['a JSON array', '[1,2]'],
    ['JSON without an event', '{"data":{}}'],
    ['an event that is not a string', '{"event":42}'],
    ['an unknown pusher event', '{"event":"pusher:teleport","data":{}}'],
    ['a subscribe without a channel', '{"event":"pusher:subscribe","data":{"auth":""}}'],
    ['a subscribe with data that is not an object', '{"event":"pusher:subscribe","data":17}'],
  ])('answers %s with pusher:error 4302 and goes on serving', async (_case, frame) => {
    const client = await connect();
    client.send(frame);
    const error = await client.next((received) => received.event === 'pusher:error');
    expect(error.data).toMatchObject({ code: 4302 });
    await expectAlive(client);
  });

  it('answers a binary frame with 4302', async () => {
    const client = await connect();
    client.send(Buffer.from([0xde, 0xad, 0xbe, 0xef]));
    expect((await client.next((frame) => frame.event === 'pusher:error')).data).toMatchObject({ code: 4302 });
    await expectAlive(client);
  });

  it('refuses an invalid channel name with a subscription error', async () => {
    const client = await connect();
    client.send({ event: 'pusher:subscribe', data: { channel: 'spaces are not allowed' } });
    const refusal = await client.next((frame) => frame.event === 'pusher:subscription_error');
    expect(refusal).toMatchObject({ channel: 'spaces are not allowed', data: { type: 'InvalidChannel', status: 400 } });
  });

  it('answers a frame over the size limit with 4303 and keeps the connection', async () => {
    const client = await connect();
    client.send({ event: 'client-big', channel: 'private-x', data: 'x'.repeat(MAX_MESSAGE_BYTES) });
    expect((await client.next((frame) => frame.event === 'pusher:error')).data).toMatchObject({ code: 4303 });
    await expectAlive(client);
  });

  it('closes with 1009 on a frame far over the limit, and serves new connections', async () => {
    const client = await connect();
    client.send('x'.repeat(1024 * 1024));
    expect((await client.closed).code).toBe(1009);
    await expectAlive(await connect());
  });

  it('keeps serving after a burst of garbage from many sockets', async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, () => connect()));
    for (const client of clients) for (const frame of ['{', 'null', '{"event":null}', '{"event":"client-x"}']) client.send(frame);
    await Promise.all(clients.map(expectAlive));
    expect(server.connectionCount()).toBeGreaterThanOrEqual(20);
  });
});

describe('unprefixed private channel names', () => {
  it.each(['App.Models.User.5', 'cache-App.Models.User.5', 'encrypted-App.Models.User.5', 'App.Models.Wallet.9'])(
    'refuses %s with the subscription error of a bad signature; the connection goes on',
    async (channel) => {
      const client = await connect();
      expect(await subscribe(client, channel)).toEqual({
        event: 'pusher:subscription_error',
        channel,
        data: { type: 'AuthError', error: `App.Models.* channels are private; use private-${channel}`, status: 401 },
      });
      await expectAlive(client);
      expect(client.frames).toEqual([]);
      expect((await server.channelInfo(channel)).occupied).toBe(false);
      expect((await subscribe(client, `private-${channel}`)).event).toBe('pusher_internal:subscription_succeeded');
    },
  );

  it('still serves public names that only resemble them', async () => {
    const client = await connect();
    for (const channel of ['App.Model.User.5', 'lobby-App.Models.User.5', 'Models.User.5']) {
      expect((await subscribe(client, channel)).event).toBe('pusher_internal:subscription_succeeded');
    }
  });
});

describe('terminating a user’s connections', () => {
  it('sends pusher:error 4009 before closing each of the user’s sockets with 4009, and leaves other users alone', async () => {
    const [first, second, bystander] = await Promise.all([connect(), connect(), connect()]);
    await Promise.all([signIn(first, 'terminated'), signIn(second, 'terminated'), signIn(bystander, 'someone-else')]);
    await server.terminateUserConnections('terminated');
    for (const client of [first, second]) {
      expect(await client.closed).toEqual({ code: 4009, reason: 'Connections of this user were terminated' });
      expect(client.frames).toEqual([{ event: 'pusher:error', data: { code: 4009, message: 'Connections of this user were terminated' } }]);
    }
    await expectAlive(bystander);
  });
});

describe('client events on encrypted channels', () => {
  it('refuses them with 4304 and says why, and nothing reaches the other subscribers', async () => {
    const channel = 'private-encrypted-App.Models.User.6';
    const sender = await connect();
    const receiver = await connect();
    expect((await subscribe(sender, channel)).event).toBe('pusher_internal:subscription_succeeded');
    expect((await subscribe(receiver, channel)).event).toBe('pusher_internal:subscription_succeeded');
    sender.send({ event: 'client-secret', channel, data: { chips: 5 } });
    const refusal = await sender.next((frame) => frame.event === 'pusher:error');
    expect(refusal.data).toEqual({ code: 4304, message: 'Client events are not allowed on encrypted channels' });
    await server.publish([channel], 'marker', {});
    await receiver.next((frame) => frame.event === 'marker');
    expect(receiver.frames).toEqual([]);
  });
});

describe('subscription counts', () => {
  it('are never sent on a user’s #server-to-user- channel', async () => {
    const counting = await startRealtimeServer({ port: 0, app, subscriptionCount: true });
    try {
      const client = await connect(undefined, undefined, counting);
      await signIn(client, 'counted-user');
      expect((await subscribe(client, '#server-to-user-counted-user')).event).toBe('pusher_internal:subscription_succeeded');
      // Its count would go out before this later channel's: once that has come, the user channel's would have too.
      expect((await subscribe(client, 'private-after')).event).toBe('pusher_internal:subscription_succeeded');
      const count = await client.next((frame) => frame.event === 'pusher_internal:subscription_count');
      expect(count).toMatchObject({ channel: 'private-after', data: JSON.stringify({ subscription_count: 1 }) });
      expect(client.frames).toEqual([]);
    } finally {
      await counting.close();
    }
  });
});

describe('ping and pong', () => {
  it('answers pusher:ping with pusher:pong', async () => {
    const client = await connect();
    await expectAlive(client);
  });

  it('pings a silent client and closes it with 4201 when no pong comes; a client that answers stays', async () => {
    const quick = await startRealtimeServer({ port: 0, app, activityTimeoutSeconds: 1, pongTimeoutMs: 300 });
    try {
      const silent = await connect(undefined, undefined, quick);
      const polite = await connect(undefined, undefined, quick);
      expect(JSON.parse(String(silent.handshake?.data))).toMatchObject({ activity_timeout: 1 });
      const started = Date.now();
      await polite.next((frame) => frame.event === 'pusher:ping', 2_000);
      polite.send({ event: 'pusher:pong', data: {} });
      await silent.next((frame) => frame.event === 'pusher:ping', 2_000);
      const closed = await silent.closed;
      expect(closed).toEqual({ code: 4201, reason: 'Pong reply not received' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      expect(polite.ws.readyState).toBe(polite.ws.OPEN);
    } finally {
      await quick.close();
    }
  });
});

describe('slow consumers', () => {
  it('closes a client that stops reading with 4100 (pusher-js backs off, then reconnects)', async () => {
    const strict = await startRealtimeServer({ port: 0, app, maxBufferedBytes: 256 * 1024, maxMessageBytes: 64 * 1024 });
    try {
      const stalled = await connect(undefined, undefined, strict);
      stalled.send({ event: 'pusher:subscribe', data: { channel: 'firehose' } });
      await stalled.next((frame) => frame.event === 'pusher_internal:subscription_succeeded');
      stalled.ws.pause();
      const reading = await connect(undefined, undefined, strict);
      reading.send({ event: 'pusher:subscribe', data: { channel: 'firehose' } });
      await reading.next((frame) => frame.event === 'pusher_internal:subscription_succeeded');
      const chunk = 'x'.repeat(60 * 1024);
      // 10 MB: past the kernel's socket buffers (4 MB to send, a paused reader's small receive
      // window), a few frames a tick so the server's own queue can grow.
      for (let i = 0; i < 170; i++) {
        await strict.publish(['firehose'], 'flood', chunk);
        if (i % 4 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      stalled.ws.resume();
      expect((await stalled.closed).code).toBe(4100);
      await eventually(() => reading.frames.filter((frame) => frame.event === 'flood').length === 170, 10_000);
      await expectAlive(reading);
    } finally {
      await strict.close();
    }
  });
});

describe('shutdown', () => {
  it('closes clients with 4200 so that they reconnect elsewhere', async () => {
    const leaving = await startRealtimeServer({ port: 0, app });
    const client = await connect(undefined, undefined, leaving);
    await leaving.close();
    expect(await client.closed).toEqual({ code: 4200, reason: 'Server restarting' });
    expect(leaving.connectionCount()).toBe(0);
  });
});
