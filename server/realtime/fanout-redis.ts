import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Broadcast, CountChange, Fanout, FanoutListener, PresenceJoin } from './fanout.ts';
import { memberAddedFrame, memberRemovedFrame, type PresenceMember } from './frames.ts';
import { silentLogger, type RealtimeLogger } from './logger.ts';

export type RedisFanoutOptions = {
  url: string;
  /** Every key and the pub/sub channel start with this; nodes sharing it form one cluster. */
  prefix?: string;
  /** A node whose heartbeat is older than this is dead: its presence members are removed. */
  nodeTimeoutMs?: number;
  logger?: RealtimeLogger;
};

// Atomic so that two nodes joining or leaving the same user at once still agree on who is first
// and who is last. KEYS: sockets, socketsPerUser, members, node's presence set.
const JOIN = `
local known = redis.call('HEXISTS', KEYS[3], ARGV[2]) == 1
if not known and redis.call('HLEN', KEYS[3]) >= tonumber(ARGV[4]) then return {-1} end
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 1 then
  redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
  if not known then redis.call('HSET', KEYS[3], ARGV[2], ARGV[3]) end
  redis.call('SADD', KEYS[4], ARGV[5])
end
return {known and 0 or 1, redis.call('HGETALL', KEYS[3])}
`;
// Idempotent: a socket already gone (another node reaped it first) removes nothing and reports nothing.
const LEAVE = `
local userId = redis.call('HGET', KEYS[1], ARGV[1])
if not userId then return false end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('SREM', KEYS[4], ARGV[2])
if redis.call('HINCRBY', KEYS[2], userId, -1) > 0 then return false end
redis.call('HDEL', KEYS[2], userId)
redis.call('HDEL', KEYS[3], userId)
return userId
`;

// One node's count of something (a channel's subscriptions, a user's signed-in sockets) and the
// cluster's total, changed together: exactly one node sees the total leave or reach 0, so an
// occupied/vacated webhook or an online/offline watchlist event goes out once, not once per node.
// KEYS: node's counts, cluster totals. ARGV: name, the node's new count.
const SET_COUNT = `
local old = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
local new = tonumber(ARGV[2])
if new > 0 then redis.call('HSET', KEYS[1], ARGV[1], new) else redis.call('HDEL', KEYS[1], ARGV[1]) end
local after = redis.call('HINCRBY', KEYS[2], ARGV[1], new - old)
if after <= 0 then redis.call('HDEL', KEYS[2], ARGV[1]) end
return {after - (new - old), after}
`;

/**
 * Fan-out over one Redis (or a Sentinel-managed primary; not Redis Cluster: the scripts touch keys
 * of several channels). Key design in docs/decisions/0030-realtime-server.md.
 */
export function createRedisFanout(options: RedisFanoutOptions): Fanout {
  const prefix = options.prefix ?? 'croupier:realtime';
  const nodeTimeoutMs = options.nodeTimeoutMs ?? 30_000;
  const logger = options.logger ?? silentLogger;
  const nodeId = randomBytes(8).toString('hex');
  const keys = {
    bus: `${prefix}:bus`,
    nodes: `${prefix}:nodes`,
    nodeChannels: (id: string) => `${prefix}:node:${id}:channels`,
    nodeUsers: (id: string) => `${prefix}:node:${id}:users`,
    channelTotals: `${prefix}:channel-totals`,
    userTotals: `${prefix}:user-totals`,
    cache: (channel: string) => `${prefix}:cache:${channel}`,
    nodePresence: (id: string) => `${prefix}:node:${id}:presence`,
    presenceSockets: (channel: string) => `${prefix}:presence:${channel}:sockets`,
    presenceUsers: (channel: string) => `${prefix}:presence:${channel}:users`,
    presenceMembers: (channel: string) => `${prefix}:presence:${channel}:members`,
  };
  const presenceKeys = (channel: string, ownerNode: string) =>
    [keys.presenceSockets(channel), keys.presenceUsers(channel), keys.presenceMembers(channel), keys.nodePresence(ownerNode)] as const;
  const commands = new Redis(options.url, { lazyConnect: true, enableAutoPipelining: true, maxRetriesPerRequest: 2, connectTimeout: 5_000 });
  const subscriber = commands.duplicate();
  for (const connection of [commands, subscriber]) {
    connection.on('error', (error: Error) => logger.warn({ err: error }, 'realtime fan-out: redis connection problem'));
  }

  let listener: FanoutListener | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  let registered = false;
  // Kept so that a node declared dead during a long pause can put its state back when it resumes.
  const localCounts = new Map<string, number>();
  const localUsers = new Map<string, number>();

  async function setCount(nodeKey: string, totalsKey: string, name: string, count: number): Promise<CountChange> {
    const [before, after] = (await commands.eval(SET_COUNT, 2, nodeKey, totalsKey, name, count)) as [number, number];
    return { before, after };
  }
  const localPresence = new Map<string, { channel: string; socketId: string; member: PresenceMember }>();

  const presenceEntry = (channel: string, socketId: string) => `${channel}\n${socketId}`;

  async function liveNodes(): Promise<string[]> {
    return commands.zrangebyscore(keys.nodes, Date.now() - nodeTimeoutMs, '+inf');
  }

  async function join(channel: string, socketId: string, member: PresenceMember, maxMembers: number): Promise<PresenceJoin> {
    const reply = (await commands.eval(
      JOIN,
      4,
      ...presenceKeys(channel, nodeId),
      socketId,
      member.userId,
      member.infoJson,
      maxMembers,
      presenceEntry(channel, socketId),
    )) as [number, string[]?];
    if (reply[0] === -1) return { outcome: 'full' };
    const flat = reply[1] ?? [];
    const members: PresenceMember[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) members.push({ userId: flat[i]!, infoJson: flat[i + 1]! });
    return { outcome: 'joined', firstForUser: reply[0] === 1, members };
  }

  async function leave(channel: string, socketId: string, ownerNode: string): Promise<string | undefined> {
    const userId = (await commands.eval(LEAVE, 4, ...presenceKeys(channel, ownerNode), socketId, presenceEntry(channel, socketId))) as string | null;
    return userId ?? undefined;
  }

  async function broadcast(message: Broadcast): Promise<void> {
    listener?.deliver(message);
    await commands.publish(keys.bus, `b${nodeId}\n${message.exceptSocketId ?? ''}\n${message.channel}\n${message.frame}`);
  }

  async function reapNode(deadNode: string): Promise<void> {
    const entries = await commands.smembers(keys.nodePresence(deadNode));
    for (const entry of entries) {
      const split = entry.indexOf('\n');
      const channel = entry.slice(0, split);
      const userId = await leave(channel, entry.slice(split + 1), deadNode);
      if (userId !== undefined) {
        await broadcast({ channel, frame: memberRemovedFrame(channel, userId) });
        if (deadNode !== nodeId) listener?.reaped?.({ kind: 'member', channel, userId });
      }
    }
    for (const channel of Object.keys(await commands.hgetall(keys.nodeChannels(deadNode)))) {
      const change = await setCount(keys.nodeChannels(deadNode), keys.channelTotals, channel, 0);
      if (deadNode !== nodeId) listener?.reaped?.({ kind: 'channel', channel, change });
    }
    for (const userId of Object.keys(await commands.hgetall(keys.nodeUsers(deadNode)))) {
      const change = await setCount(keys.nodeUsers(deadNode), keys.userTotals, userId, 0);
      if (deadNode !== nodeId) listener?.reaped?.({ kind: 'user', userId, change });
    }
    await commands.del(keys.nodePresence(deadNode), keys.nodeChannels(deadNode), keys.nodeUsers(deadNode));
    await commands.zrem(keys.nodes, deadNode);
    if (deadNode !== nodeId) logger.info({ node: deadNode }, 'realtime fan-out: removed a dead node and its presence members');
  }

  async function restoreLocalState(): Promise<void> {
    for (const [channel, count] of localCounts) await setCount(keys.nodeChannels(nodeId), keys.channelTotals, channel, count);
    for (const [userId, count] of localUsers) await setCount(keys.nodeUsers(nodeId), keys.userTotals, userId, count);
    for (const { channel, socketId, member } of localPresence.values()) {
      const joined = await join(channel, socketId, member, Number.MAX_SAFE_INTEGER);
      if (joined.outcome === 'joined' && joined.firstForUser) {
        await broadcast({ channel, frame: memberAddedFrame(channel, member), exceptSocketId: socketId });
      }
    }
  }

  async function heartbeat(): Promise<void> {
    const now = Date.now();
    const added = await commands.zadd(keys.nodes, now, nodeId);
    if (added === 1 && registered) {
      logger.warn({ node: nodeId }, 'realtime fan-out: this node was taken for dead; restoring its state');
      await restoreLocalState();
    }
    registered = true;
    for (const deadNode of await commands.zrangebyscore(keys.nodes, '-inf', now - nodeTimeoutMs)) {
      if (deadNode !== nodeId) await reapNode(deadNode);
    }
  }

  return {
    kind: 'redis',
    async start(nodeListener) {
      listener = nodeListener;
      subscriber.on('message', (_channel: string, message: string) => {
        const origin = message.slice(1, 1 + nodeId.length);
        if (origin === nodeId) return;
        const body = message.slice(2 + nodeId.length);
        if (message[0] === 't') {
          listener?.terminateUser(body);
          return;
        }
        const exceptEnd = body.indexOf('\n');
        const channelEnd = body.indexOf('\n', exceptEnd + 1);
        const exceptSocketId = body.slice(0, exceptEnd);
        listener?.deliver({ channel: body.slice(exceptEnd + 1, channelEnd), frame: body.slice(channelEnd + 1), exceptSocketId: exceptSocketId || undefined });
      });
      await commands.connect();
      await subscriber.connect();
      await subscriber.subscribe(keys.bus);
      await heartbeat();
      heartbeatTimer = setInterval(
        () => {
          heartbeat().catch((error: unknown) => logger.warn({ err: error }, 'realtime fan-out: heartbeat failed'));
        },
        Math.max(50, Math.floor(nodeTimeoutMs / 3)),
      );
      heartbeatTimer.unref();
    },
    broadcast,
    async terminateUser(userId) {
      listener?.terminateUser(userId);
      await commands.publish(keys.bus, `t${nodeId}\n${userId}`);
    },
    async setLocalSubscriptionCount(channel, count) {
      if (count > 0) localCounts.set(channel, count);
      else localCounts.delete(channel);
      return setCount(keys.nodeChannels(nodeId), keys.channelTotals, channel, count);
    },
    async setLocalUserCount(userId, count) {
      if (count > 0) localUsers.set(userId, count);
      else localUsers.delete(userId);
      return setCount(keys.nodeUsers(nodeId), keys.userTotals, userId, count);
    },
    async onlineUsers(userIds) {
      if (userIds.length === 0) return [];
      const totals = await commands.hmget(keys.userTotals, ...userIds);
      return userIds.filter((_, index) => Number(totals[index] ?? 0) > 0);
    },
    async cacheEvent(channel, frame, ttlMs) {
      await commands.set(keys.cache(channel), frame, 'PX', ttlMs);
    },
    async cachedEvent(channel) {
      return (await commands.get(keys.cache(channel))) ?? undefined;
    },
    async subscriptionCounts(channelPrefix) {
      const totals = new Map<string, number>();
      const perNode = await Promise.all((await liveNodes()).map((node) => commands.hgetall(keys.nodeChannels(node))));
      for (const counts of perNode) {
        for (const [channel, count] of Object.entries(counts)) {
          if (channel.startsWith(channelPrefix)) totals.set(channel, (totals.get(channel) ?? 0) + Number(count));
        }
      }
      return totals;
    },
    async subscriptionCount(channel) {
      const perNode = await Promise.all((await liveNodes()).map((node) => commands.hget(keys.nodeChannels(node), channel)));
      return perNode.reduce((total, count) => total + Number(count ?? 0), 0);
    },
    async joinPresence(channel, socketId, member, maxMembers) {
      // Recorded before the round trip: a leave issued meanwhile must find it to forget it.
      const entry = presenceEntry(channel, socketId);
      localPresence.set(entry, { channel, socketId, member });
      try {
        const joined = await join(channel, socketId, member, maxMembers);
        if (joined.outcome === 'full') localPresence.delete(entry);
        return joined;
      } catch (error) {
        localPresence.delete(entry);
        throw error;
      }
    },
    async leavePresence(channel, socketId) {
      localPresence.delete(presenceEntry(channel, socketId));
      return leave(channel, socketId, nodeId);
    },
    async presenceMembers(channel) {
      const members = await commands.hgetall(keys.presenceMembers(channel));
      return Object.entries(members).map(([userId, infoJson]) => ({ userId, infoJson }));
    },
    async close() {
      clearInterval(heartbeatTimer);
      listener = undefined;
      try {
        // Whatever membership the server could not end itself still goes, with member_removed to the other nodes.
        await reapNode(nodeId);
        await Promise.all([commands.quit(), subscriber.quit()]);
      } catch (error) {
        logger.warn({ err: error }, 'realtime fan-out: redis unreachable while closing');
        commands.disconnect();
        subscriber.disconnect();
      }
    },
  };
}
