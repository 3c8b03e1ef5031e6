import type { Broadcast, CountChange, Fanout, FanoutListener, PresenceJoin } from './fanout.ts';
import type { PresenceMember } from './frames.ts';

type NodeEntry = { listener: FanoutListener | undefined; counts: Map<string, number>; users: Map<string, number> };
type PresenceChannel = {
  /** socket id → user id */
  sockets: Map<string, string>;
  /** user id → number of that user's sockets in the channel */
  socketsPerUser: Map<string, number>;
  /** user id → user_info JSON, in join order */
  members: Map<string, string>;
};

/**
 * State that in-process nodes share. One per process is the usual case (a single node); tests and
 * embedders may hand the same bus to several servers in one process.
 */
export class MemoryBus {
  readonly nodes = new Set<NodeEntry>();
  readonly presence = new Map<string, PresenceChannel>();
  readonly cache = new Map<string, { frame: string; expiresAt: number }>();
}

/** The default fan-out: everything stays in this process. */
export function createMemoryFanout(bus = new MemoryBus()): Fanout {
  const node: NodeEntry = { listener: undefined, counts: new Map(), users: new Map() };

  function sumCounts(channel: string, of: 'counts' | 'users' = 'counts'): number {
    let total = 0;
    for (const entry of bus.nodes) total += entry[of].get(channel) ?? 0;
    return total;
  }

  function setCount(of: 'counts' | 'users', name: string, count: number): CountChange {
    const before = sumCounts(name, of);
    if (count > 0) node[of].set(name, count);
    else node[of].delete(name);
    return { before, after: sumCounts(name, of) };
  }

  return {
    kind: 'memory',
    async start(listener) {
      node.listener = listener;
      bus.nodes.add(node);
    },
    async broadcast(broadcast: Broadcast) {
      for (const entry of bus.nodes) entry.listener?.deliver(broadcast);
    },
    async terminateUser(userId) {
      for (const entry of bus.nodes) entry.listener?.terminateUser(userId);
    },
    async setLocalSubscriptionCount(channel, count) {
      return setCount('counts', channel, count);
    },
    async setLocalUserCount(userId, count) {
      return setCount('users', userId, count);
    },
    async onlineUsers(userIds) {
      return userIds.filter((userId) => sumCounts(userId, 'users') > 0);
    },
    async cacheEvent(channel, frame, ttlMs) {
      bus.cache.set(channel, { frame, expiresAt: Date.now() + ttlMs });
    },
    async cachedEvent(channel) {
      const entry = bus.cache.get(channel);
      if (entry && entry.expiresAt <= Date.now()) bus.cache.delete(channel);
      return entry && entry.expiresAt > Date.now() ? entry.frame : undefined;
    },
    async subscriptionCounts(prefix) {
      const totals = new Map<string, number>();
      for (const entry of bus.nodes) {
        for (const [channel, count] of entry.counts) {
          if (channel.startsWith(prefix)) totals.set(channel, (totals.get(channel) ?? 0) + count);
        }
      }
      return totals;
    },
    async subscriptionCount(channel) {
      return sumCounts(channel);
    },
    async joinPresence(channel, socketId, member, maxMembers): Promise<PresenceJoin> {
      let state = bus.presence.get(channel);
      if (!state) {
        state = { sockets: new Map(), socketsPerUser: new Map(), members: new Map() };
        bus.presence.set(channel, state);
      }
      const known = state.members.has(member.userId);
      if (!known && state.members.size >= maxMembers) return { outcome: 'full' };
      if (!state.sockets.has(socketId)) {
        state.sockets.set(socketId, member.userId);
        state.socketsPerUser.set(member.userId, (state.socketsPerUser.get(member.userId) ?? 0) + 1);
        if (!known) state.members.set(member.userId, member.infoJson);
      }
      return { outcome: 'joined', firstForUser: !known, members: membersOf(state) };
    },
    async leavePresence(channel, socketId) {
      const state = bus.presence.get(channel);
      const userId = state?.sockets.get(socketId);
      if (!state || userId === undefined) return undefined;
      state.sockets.delete(socketId);
      const left = (state.socketsPerUser.get(userId) ?? 1) - 1;
      if (left > 0) {
        state.socketsPerUser.set(userId, left);
        return undefined;
      }
      state.socketsPerUser.delete(userId);
      state.members.delete(userId);
      if (state.sockets.size === 0) bus.presence.delete(channel);
      return userId;
    },
    async presenceMembers(channel) {
      const state = bus.presence.get(channel);
      return state ? membersOf(state) : [];
    },
    async close() {
      bus.nodes.delete(node);
      node.listener = undefined;
    },
  };
}

function membersOf(state: PresenceChannel): PresenceMember[] {
  return Array.from(state.members, ([userId, infoJson]) => ({ userId, infoJson }));
}
