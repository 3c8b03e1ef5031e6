// Two realtime nodes sharing one fan-out. With REDIS_URL each node is its own process (node-process.ts)
// and they share Redis; without it they are two servers in this process sharing one memory bus, the
// in-process driver's only multi-node arrangement. Same assertions either way.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { PresenceChannel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Fanout } from './fanout.ts';
import { createMemoryFanout, MemoryBus } from './fanout-memory.ts';
import { createRedisFanout } from './fanout-redis.ts';
import { startRealtimeServer, type RealtimeServer } from './server.ts';
import { collect, connectedClient, disconnectAll, eventually, once, randomApp, sdkFor, startNodeProcess, subscribed } from './testing.ts';

const redisUrl = process.env.REDIS_URL;
const prefix = `croupier:test:${process.pid}:${randomBytes(4).toString('hex')}`;
const NODE_TIMEOUT_MS = 1_500;
const app = randomApp();

type ClusterNode = { port: number; stop(): Promise<void>; crash(): Promise<void> };

const startProcessNode = (): Promise<ClusterNode> =>
  startNodeProcess({ app, port: 0, redisUrl: redisUrl!, redisPrefix: prefix, nodeTimeoutMs: NODE_TIMEOUT_MS });

const memoryBus = new MemoryBus();
async function startInProcessNode(): Promise<ClusterNode> {
  const server: RealtimeServer = await startRealtimeServer({ port: 0, app, fanout: createMemoryFanout(memoryBus) });
  // In one process a node cannot die without the others; going away is its close().
  return { port: server.port, stop: () => server.close(), crash: () => server.close() };
}

const startNode = redisUrl ? startProcessNode : startInProcessNode;
let nodeA: ClusterNode;
let nodeB: ClusterNode;

beforeAll(async () => {
  [nodeA, nodeB] = await Promise.all([startNode(), startNode()]);
});
afterEach(() => disconnectAll());
afterAll(async () => {
  await Promise.all([nodeA?.stop(), nodeB?.stop()]);
  if (redisUrl) {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
});

describe(`two nodes sharing ${redisUrl ? 'Redis' : 'an in-process bus'}`, () => {
  it('has both nodes registered in the shared fan-out', async () => {
    if (!redisUrl) {
      expect(memoryBus.nodes.size).toBe(2);
      return;
    }
    const redis = new Redis(redisUrl);
    try {
      expect(await redis.zcard(`${prefix}:nodes`)).toBe(2);
    } finally {
      await redis.quit();
    }
  });

  it('delivers what is published on node B to a pusher-js client on node A', async () => {
    const client = await connectedClient(app, nodeA.port);
    const channel = await subscribed(client, 'private-App.Models.User.77');
    const received = once((callback) => channel.bind('App\\Events\\BalanceUpdated', callback));
    await sdkFor(app, nodeB.port).trigger('private-App.Models.User.77', 'App\\Events\\BalanceUpdated', { balance: 501 });
    expect(await received).toEqual({ balance: 501 });
  });

  it('sums subscriptions over both nodes in the HTTP API of either', async () => {
    const onA = await connectedClient(app, nodeA.port);
    const onB = await connectedClient(app, nodeB.port);
    await subscribed(onA, 'shared-room');
    await subscribed(onB, 'shared-room');
    for (const node of [nodeA, nodeB]) {
      await eventually(async () => {
        const response = await sdkFor(app, node.port).get({ path: '/channels/shared-room', params: { info: 'subscription_count' } });
        return ((await response.json()) as { subscription_count: number }).subscription_count === 2;
      });
    }
  });

  it('passes client events between nodes, naming the presence user', async () => {
    const sender = await connectedClient(app, nodeA.port, { presence: { user_id: 'dealer' } });
    const receiver = await connectedClient(app, nodeB.port, { presence: { user_id: 'player' } });
    const senderChannel = await subscribed(sender, 'presence-poker-1');
    const seen = collect(await subscribed(receiver, 'presence-poker-1'), 'client-deal');
    const echoed = collect(senderChannel, 'client-deal');
    senderChannel.trigger('client-deal', { card: 'A♥' });
    await eventually(() => seen.length === 1);
    expect(seen[0]).toEqual({ data: { card: 'A♥' }, userId: 'dealer' });

    const privateSender = await subscribed(sender, 'private-chat-9');
    const privateSeen = collect(await subscribed(receiver, 'private-chat-9'), 'client-msg');
    privateSender.trigger('client-msg', 'hi');
    await eventually(() => privateSeen.length === 1);
    expect(echoed).toEqual([]);
  });

  it('keeps one presence member list across nodes, adding and removing each user once', async () => {
    const channelName = `presence-lobby-${randomBytes(3).toString('hex')}`;
    const alice = await connectedClient(app, nodeA.port, { presence: { user_id: 'alice', user_info: { vip: true } } });
    const aliceChannel = (await subscribed(alice, channelName)) as PresenceChannel;
    const added = collect(aliceChannel, 'pusher:member_added');
    const removed = collect(aliceChannel, 'pusher:member_removed');

    const bobOnB = await connectedClient(app, nodeB.port, { presence: { user_id: 'bob' } });
    const bobChannel = (await subscribed(bobOnB, channelName)) as PresenceChannel;
    expect(bobChannel.members.count).toBe(2);
    expect(bobChannel.members.get('alice')).toEqual({ id: 'alice', info: { vip: true } });
    const bobOnA = await connectedClient(app, nodeA.port, { presence: { user_id: 'bob' } });
    await subscribed(bobOnA, channelName);

    for (const node of [nodeA, nodeB]) {
      const response = await sdkFor(app, node.port).get({ path: `/channels/${channelName}`, params: { info: 'user_count,subscription_count' } });
      expect(await response.json()).toEqual({ occupied: true, user_count: 2, subscription_count: 3 });
    }
    await eventually(() => added.length === 1);

    bobOnB.disconnect();
    const marker = once((callback) => aliceChannel.bind('marker', callback));
    await eventually(async () => {
      const response = await sdkFor(app, nodeB.port).get({ path: `/channels/${channelName}`, params: { info: 'subscription_count' } });
      return ((await response.json()) as { subscription_count: number }).subscription_count === 2;
    });
    await sdkFor(app, nodeB.port).trigger(channelName, 'marker', {});
    await marker;
    expect(removed).toEqual([]);

    bobOnA.disconnect();
    await eventually(() => removed.length === 1);
    expect(added.map((event) => event.data)).toEqual([{ id: 'bob', info: null }]);
    const users = await sdkFor(app, nodeB.port).get({ path: `/channels/${channelName}/users` });
    expect(await users.json()).toEqual({ users: [{ id: 'alice' }] });
  });

  it('closes a user’s connections on every node', async () => {
    const client = await connectedClient(app, nodeA.port, { user: { id: 'self-excluded' } });
    client.signin();
    await client.user.signinDonePromise;
    const closed = once<{ data?: { code: number } }>((callback) => client.connection.bind('error', callback));
    const told = once((callback) => client.bind('pusher:error', callback));
    await sdkFor(app, nodeB.port).terminateUserConnections('self-excluded');
    expect(await told).toEqual({ code: 4009, message: 'Connections of this user were terminated' });
    expect((await closed).data?.code).toBe(4009);
  });
});

describe('fan-out drivers', () => {
  const pair = (): [Fanout, Fanout] => {
    if (!redisUrl) {
      const bus = new MemoryBus();
      return [createMemoryFanout(bus), createMemoryFanout(bus)];
    }
    const options = { url: redisUrl, prefix: `${prefix}:drivers`, nodeTimeoutMs: NODE_TIMEOUT_MS };
    return [createRedisFanout(options), createRedisFanout(options)];
  };

  it('announces a user joining on two nodes at once exactly once, and removes them with the last socket', async () => {
    const [first, second] = pair();
    const ignore = { deliver() {}, terminateUser() {} };
    await Promise.all([first.start(ignore), second.start(ignore)]);
    try {
      const member = { userId: 'twin', infoJson: '{"n":1}' };
      const joins = await Promise.all([
        first.joinPresence('presence-race', '1.1', member, 100),
        second.joinPresence('presence-race', '2.2', member, 100),
        first.joinPresence('presence-race', '1.3', { userId: 'other', infoJson: 'null' }, 100),
      ]);
      expect(joins.slice(0, 2).filter((join) => join.outcome === 'joined' && join.firstForUser)).toHaveLength(1);
      expect((await second.presenceMembers('presence-race')).map((m) => m.userId).sort()).toEqual(['other', 'twin']);
      expect(await first.joinPresence('presence-race', '9.9', { userId: 'third', infoJson: 'null' }, 2)).toEqual({ outcome: 'full' });
      expect(await first.leavePresence('presence-race', '1.1')).toBeUndefined();
      expect(await first.leavePresence('presence-race', '1.1')).toBeUndefined();
      expect(await second.leavePresence('presence-race', '2.2')).toBe('twin');
      expect(await first.leavePresence('presence-race', '1.3')).toBe('other');
      expect(await first.presenceMembers('presence-race')).toEqual([]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

// Last: it takes node B away for good.
describe('a node that goes away', () => {
  it('takes its presence members with it, announced to the nodes that remain', async () => {
    const channelName = 'presence-departures';
    const stayer = await connectedClient(app, nodeA.port, { presence: { user_id: 'stayer' } });
    const stayerChannel = (await subscribed(stayer, channelName)) as PresenceChannel;
    const removed = collect(stayerChannel, 'pusher:member_removed');
    const leaver = await connectedClient(app, nodeB.port, { presence: { user_id: 'leaver' } });
    await subscribed(leaver, channelName);
    await eventually(() => stayerChannel.members.count === 2);

    await nodeB.crash();
    await eventually(() => removed.length === 1, NODE_TIMEOUT_MS * 4);
    expect(removed[0]?.data).toEqual({ id: 'leaver', info: null });
    const users = await sdkFor(app, nodeA.port).get({ path: `/channels/${channelName}/users` });
    expect(await users.json()).toEqual({ users: [{ id: 'stayer' }] });
  });
});
