// Webhooks from two nodes sharing one fan-out (Redis with REDIS_URL, each node its own process; else an
// in-process bus): a receiver started here checks every POST with the `pusher` SDK's own webhook()
// and must see each event once for the cluster, however the sockets are spread over the nodes.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import type { PresenceChannel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFanout, MemoryBus } from './fanout-memory.ts';
import { startRealtimeServer } from './server.ts';
import { connectedClient, disconnectAll, eventually, randomApp, sdkFor, startNodeProcess, subscribed } from './testing.ts';
import type { WebhookEvent } from './webhooks.ts';

const redisUrl = process.env.REDIS_URL;
const prefix = `croupier:test:${process.pid}:${randomBytes(4).toString('hex')}`;
const app = randomApp();

const received: WebhookEvent[] = [];
const refused: string[] = [];
const headers: Array<{ key: string; signature: string }> = [];
let receiver: Server;
let failNext = 0;

type Node = { port: number; stop(): Promise<void> };
let nodeA: Node;
let nodeB: Node;

async function startNode(url: string, bus: MemoryBus): Promise<Node> {
  if (redisUrl) return startNodeProcess({ app, port: 0, redisUrl, redisPrefix: prefix, nodeTimeoutMs: 1_500, webhookUrl: url });
  const server = await startRealtimeServer({
    port: 0,
    app,
    fanout: createMemoryFanout(bus),
    webhooks: { url, batchMs: 20, retryDelaysMs: [50, 200, 500] },
  });
  return { port: server.port, stop: () => server.close() };
}

beforeAll(async () => {
  const sdk = sdkFor(app, 0);
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      headers.push({ key: String(request.headers['x-pusher-key']), signature: String(request.headers['x-pusher-signature']) });
      const webhook = sdk.webhook({ headers: request.headers as Record<string, string>, rawBody });
      if (!webhook.isValid()) {
        refused.push(rawBody);
        response.writeHead(401).end();
        return;
      }
      // The first POSTs fail, as a receiver that is down for a moment: the sender must retry them.
      if (failNext > 0) {
        failNext--;
        response.writeHead(503).end();
        return;
      }
      received.push(...(webhook.getEvents() as WebhookEvent[]));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/pusher/webhooks`;
  const bus = new MemoryBus();
  nodeA = await startNode(url, bus);
  nodeB = await startNode(url, bus);
});
afterEach(() => disconnectAll());
afterAll(async () => {
  await Promise.all([nodeA?.stop(), nodeB?.stop()]);
  await new Promise((resolve) => receiver.close(resolve));
  if (redisUrl) {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
});

const named = (name: string, channel: string) => received.filter((event) => event.name === name && event.channel === channel);

describe(`webhooks from two nodes sharing ${redisUrl ? 'Redis' : 'an in-process bus'}`, () => {
  it('posts each kind once, signed as Pusher signs, retried after a failure', async () => {
    const room = `presence-room-${randomBytes(3).toString('hex')}`;
    const cache = `cache-odds-${randomBytes(3).toString('hex')}`;
    failNext = 1;

    const alice = await connectedClient(app, nodeA.port, { presence: { user_id: 'alice' } });
    const bob = await connectedClient(app, nodeB.port, { presence: { user_id: 'bob' } });
    const aliceRoom = (await subscribed(alice, room)) as PresenceChannel;
    const bobRoom = (await subscribed(bob, room)) as PresenceChannel;
    // Bob's second socket, on the other node: not a second member_added.
    const bobAgain = await connectedClient(app, nodeA.port, { presence: { user_id: 'bob' } });
    await subscribed(bobAgain, room);
    await eventually(() => aliceRoom.members.count === 2);

    bobRoom.trigger('client-bet', { amount: 5 });
    await subscribed(bob, cache);

    await eventually(() => named('channel_occupied', room).length === 1 && named('member_added', room).length === 2);
    await eventually(() => named('client_event', room).length === 1 && named('cache_miss', cache).length === 1);
    expect(named('client_event', room)[0]).toMatchObject({ event: 'client-bet', data: JSON.stringify({ amount: 5 }), user_id: 'bob' });
    expect(
      named('member_added', room)
        .map((event) => (event as { user_id: string }).user_id)
        .sort(),
    ).toEqual(['alice', 'bob']);

    disconnectAll();
    await eventually(() => named('channel_vacated', room).length === 1 && named('channel_vacated', cache).length === 1, 5_000);
    await eventually(() => named('member_removed', room).length === 2);

    // Everything has arrived once the vacated events have (each node posts in order); nothing came twice.
    const markers = [nodeA, nodeB].map((node) => ({ node, channel: `marker-${randomBytes(3).toString('hex')}` }));
    for (const { node, channel } of markers) await subscribed(await connectedClient(app, node.port), channel);
    disconnectAll();
    await eventually(() => markers.every(({ channel }) => named('channel_vacated', channel).length === 1));
    const counted = new Map<string, number>();
    for (const event of received.filter((event) => event.channel === room || event.channel === cache)) {
      const key = `${event.name} ${event.channel} ${'user_id' in event ? event.user_id : ''}`;
      counted.set(key, (counted.get(key) ?? 0) + 1);
    }
    expect([...counted.values()].every((count) => count === 1)).toBe(true);
    // room: occupied, vacated, 2 member_added, 2 member_removed, client_event; cache: occupied, cache_miss, vacated.
    expect(counted.size).toBe(10);
    expect(new Set(headers.map((h) => h.key))).toEqual(new Set([app.key]));
    expect(headers.every((h) => /^[0-9a-f]{64}$/.test(h.signature))).toBe(true);
    expect(refused).toEqual([]);
    expect(failNext).toBe(0);
  });
});
