// Bounds on what one client may hold (decision 0030): channels per socket, sockets per address.
import fc from 'fast-check';
import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressOf } from '../trusted-proxy.ts';
import { startRealtimeServer, type RealtimeServer } from './server.ts';
import { connectedClient, disconnectAll, eventually, once, pusherClient, randomApp, RawClient, subscribed } from './testing.ts';

const app = randomApp();
let server: RealtimeServer;

beforeAll(async () => {
  server = await startRealtimeServer({ port: 0, app });
});
afterEach(() => disconnectAll());
afterAll(() => server.close());

type ConnectionError = { type: string; data?: { code: number; message: string }; error?: { data?: { code: number } } };

async function subscribeAll(client: Pusher, names: string[]): Promise<void> {
  await Promise.all(names.map((name) => subscribed(client, name)));
}

describe('subscriptions per socket', () => {
  it('allows 100 channels; the 101st is refused on the channel and with 4305 on the connection, which lives on', async () => {
    const client = await connectedClient(app, server.port);
    await subscribeAll(
      client,
      Array.from({ length: 100 }, (_, i) => `table-${i}`),
    );
    expect((await server.channelInfo('table-99')).subscriptionCount).toBe(1);

    const connectionError = once<ConnectionError>((callback) => client.connection.bind('error', callback));
    const extra = client.subscribe('private-table-extra');
    const refusal = await once<{ type: string; error: string; status: number }>((callback) => extra.bind('pusher:subscription_error', callback));
    expect(refusal).toEqual({ type: 'LimitReached', error: 'A connection may subscribe to at most 100 channels', status: 403 });
    expect(await connectionError).toEqual({ type: 'PusherError', data: { code: 4305, message: 'A connection may subscribe to at most 100 channels' } });
    expect(extra.subscribed).toBe(false);
    expect((await server.channelInfo('private-table-extra')).subscriptionCount).toBe(0);
    expect(client.connection.state).toBe('connected');

    client.unsubscribe('table-0');
    client.unsubscribe('private-table-extra');
    await subscribed(client, 'table-after-one-left');
  });

  it('still answers a subscribe to a channel the socket already holds, at the limit', async () => {
    const client = await RawClient.connect(server.port, app.key);
    try {
      for (let i = 0; i < 100; i++) client.send({ event: 'pusher:subscribe', data: { channel: `room-${i}` } });
      for (let i = 0; i < 100; i++) await client.next((frame) => frame.event === 'pusher_internal:subscription_succeeded' && frame.channel === `room-${i}`);
      client.send({ event: 'pusher:subscribe', data: { channel: 'room-7' } });
      expect(await client.next((frame) => frame.channel === 'room-7')).toMatchObject({ event: 'pusher_internal:subscription_succeeded' });
      client.send({ event: 'pusher:subscribe', data: { channel: 'room-100' } });
      expect(await client.next((frame) => frame.channel === 'room-100')).toMatchObject({
        event: 'pusher:subscription_error',
        data: { type: 'LimitReached', status: 403 },
      });
      expect(await client.next((frame) => frame.event === 'pusher:error')).toMatchObject({ data: { code: 4305 } });
      expect((await server.channelInfo('room-100')).occupied).toBe(false);
    } finally {
      client.close();
    }
  });
});

describe('the bounds over any sequence of requests (property)', () => {
  const LIMIT = 4;
  let run = 0;

  it('a subscribe succeeds exactly when the channel is held or the socket holds fewer than the limit', async () => {
    const bounded = await startRealtimeServer({ port: 0, app, maxSubscriptionsPerConnection: LIMIT });
    // Subscribes outweigh unsubscribes so that most runs reach the limit and press on it.
    const op = fc.oneof(
      { arbitrary: fc.record({ subscribe: fc.integer({ min: 0, max: 7 }) }), weight: 3 },
      { arbitrary: fc.record({ unsubscribe: fc.integer({ min: 0, max: 7 }) }), weight: 1 },
    );
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 8, maxLength: 30 }), async (ops) => {
          const prefix = `run-${++run}-`;
          const client = await RawClient.connect(bounded.port, app.key);
          const held = new Set<string>();
          try {
            for (const step of ops) {
              if ('unsubscribe' in step) {
                const channel = prefix + step.unsubscribe;
                client.send({ event: 'pusher:unsubscribe', data: { channel } });
                held.delete(channel);
                continue;
              }
              const channel = prefix + step.subscribe;
              const allowed = held.has(channel) || held.size < LIMIT;
              client.send({ event: 'pusher:subscribe', data: { channel } });
              const answer = await client.next((frame) => frame.channel === channel);
              expect(answer.event).toBe(allowed ? 'pusher_internal:subscription_succeeded' : 'pusher:subscription_error');
              if (!allowed) expect(await client.next((frame) => frame.event === 'pusher:error')).toMatchObject({ data: { code: 4305 } });
              if (allowed) held.add(channel);
            }
            await eventually(async () => [...(await bounded.channels(prefix)).keys()].sort().join() === [...held].sort().join());
          } finally {
            client.close();
          }
        }),
        { numRuns: 25 },
      );
    } finally {
      await bounded.close();
    }
  });

  it('a socket is accepted exactly when its address holds fewer than the limit', async () => {
    const bounded = await startRealtimeServer({ port: 0, app, maxConnectionsPerIp: LIMIT });
    const op = fc.oneof({ arbitrary: fc.constant('open' as const), weight: 2 }, { arbitrary: fc.nat({ max: 5 }), weight: 1 });
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: 14 }), async (ops) => {
          const held: RawClient[] = [];
          try {
            for (const step of ops) {
              if (step === 'open') {
                const socket = await RawClient.connect(bounded.port, app.key);
                const accepted = socket.handshake?.event === 'pusher:connection_established';
                expect(accepted).toBe(held.length < LIMIT);
                if (accepted) held.push(socket);
                else expect((await socket.closed).code).toBe(4004);
              } else if (held.length > 0) {
                held.splice(step % held.length, 1)[0]!.close();
                await eventually(() => bounded.connectionCount() === held.length);
              }
            }
          } finally {
            for (const socket of held) socket.close();
            await eventually(() => bounded.connectionCount() === 0);
          }
        }),
        { numRuns: 25 },
      );
    } finally {
      await bounded.close();
    }
  });
});

describe('sockets per client address', () => {
  const sockets: RawClient[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  const open = async (port: number, headers: Record<string, string> = {}) => {
    const socket = await RawClient.connect(port, app.key, undefined, headers);
    sockets.push(socket);
    return socket;
  };

  it('allows 50 sockets from one address by default; the 51st is closed with 4004; one closing makes room', async () => {
    for (let i = 0; i < 50; i++) expect((await open(server.port)).handshake?.event, `socket ${i + 1}`).toBe('pusher:connection_established');
    const refused = await open(server.port);
    expect(refused.handshake).toEqual({ event: 'pusher:error', data: { code: 4004, message: 'Too many connections from this address (at most 50)' } });
    expect(await refused.closed).toEqual({ code: 4004, reason: 'Too many connections from this address (at most 50)' });

    sockets[0]!.close();
    await eventually(() => server.connectionCount() === 49);
    expect((await open(server.port)).handshake?.event).toBe('pusher:connection_established');
  });

  it('pusher-js reports 4004 and does not retry', async () => {
    const small = await startRealtimeServer({ port: 0, app, maxConnectionsPerIp: 1 });
    try {
      await connectedClient(app, small.port);
      const second = pusherClient(app, small.port);
      const error = await once<ConnectionError>((callback) => second.connection.bind('error', callback));
      expect(error.error?.data?.code).toBe(4004);
      await eventually(() => second.connection.state === 'disconnected');
      second.disconnect();
      expect(small.connectionCount()).toBe(1);
    } finally {
      disconnectAll();
      await small.close();
    }
  });

  it('without a trusted proxy, a rotating X-Forwarded-For does not get past the limit', async () => {
    const small = await startRealtimeServer({ port: 0, app, maxConnectionsPerIp: 2, clientAddress: clientAddressOf(false) });
    try {
      await open(small.port, { 'x-forwarded-for': '203.0.113.1' });
      await open(small.port, { 'x-forwarded-for': '203.0.113.2' });
      expect((await open(small.port, { 'x-forwarded-for': '203.0.113.3' })).handshake).toMatchObject({ data: { code: 4004 } });
    } finally {
      await small.close();
    }
  });

  it('behind a trusted proxy, each forwarded address has its own count', async () => {
    const small = await startRealtimeServer({ port: 0, app, maxConnectionsPerIp: 2, clientAddress: clientAddressOf({ addresses: ['127.0.0.1'] }) });
    try {
      for (let i = 0; i < 2; i++) expect((await open(small.port, { 'x-forwarded-for': '203.0.113.1' })).handshake?.event).toBe('pusher:connection_established');
      expect((await open(small.port, { 'x-forwarded-for': '203.0.113.1' })).handshake).toMatchObject({ data: { code: 4004 } });
      expect((await open(small.port, { 'x-forwarded-for': '198.51.100.20' })).handshake?.event).toBe('pusher:connection_established');
    } finally {
      await small.close();
    }
  });
});
