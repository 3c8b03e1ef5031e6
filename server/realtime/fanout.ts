import type { PresenceMember } from './frames.ts';

/** One frame for every subscriber of `channel` on every node, except the socket that caused it. */
export type Broadcast = { channel: string; frame: string; exceptSocketId?: string | undefined };

/** What a node does with the messages the fan-out brings it (its own included). */
export type FanoutListener = {
  deliver(broadcast: Broadcast): void;
  terminateUser(userId: string): void;
  /**
   * Told on the node that saw a change no live node can tell any more: a dead node's channels
   * emptied, its presence members gone, its signed-in users offline (for webhooks and watchlists).
   */
  reaped?(change: ReapedChange): void;
};

export type ReapedChange =
  | { kind: 'channel'; channel: string; change: CountChange }
  | { kind: 'member'; channel: string; userId: string }
  | { kind: 'user'; userId: string; change: CountChange };

/** A cluster-wide total before and after one node's change, decided atomically: 0 → n happens once. */
export type CountChange = { before: number; after: number };

export type PresenceJoin = { outcome: 'joined'; firstForUser: boolean; members: PresenceMember[] } | { outcome: 'full' };

/**
 * What several server nodes share: broadcasts, per-node subscription counts (for the HTTP API's
 * channel queries) and presence membership. One Fanout is one node's handle; the server that is
 * given it starts it and closes it.
 */
export interface Fanout {
  readonly kind: 'memory' | 'redis';
  start(listener: FanoutListener): Promise<void>;
  /** Delivers to every node, this one included. */
  broadcast(broadcast: Broadcast): Promise<void>;
  terminateUser(userId: string): Promise<void>;
  /** This node's number of local subscriptions to `channel` is now `count` (0: none); answers the cluster's total. */
  setLocalSubscriptionCount(channel: string, count: number): Promise<CountChange>;
  /** This node's number of sockets signed in as `userId` is now `count`; answers the cluster's total. */
  setLocalUserCount(userId: string, count: number): Promise<CountChange>;
  /** Of `userIds`, those signed in on some node. */
  onlineUsers(userIds: readonly string[]): Promise<string[]>;
  /** Keeps the last event frame of a cache channel for `ttlMs`. */
  cacheEvent(channel: string, frame: string, ttlMs: number): Promise<void>;
  cachedEvent(channel: string): Promise<string | undefined>;
  /** Subscriptions summed over live nodes, for every occupied channel whose name starts with `prefix`. */
  subscriptionCounts(prefix: string): Promise<Map<string, number>>;
  subscriptionCount(channel: string): Promise<number>;
  /**
   * Records `socketId` as `member` of a presence channel. `firstForUser` says whether the user was
   * not a member before (so others must hear member_added); `members` is the list after the join.
   */
  joinPresence(channel: string, socketId: string, member: PresenceMember, maxMembers: number): Promise<PresenceJoin>;
  /** Forgets a socket's membership; returns the user id when that was the user's last socket. */
  leavePresence(channel: string, socketId: string): Promise<string | undefined>;
  presenceMembers(channel: string): Promise<PresenceMember[]>;
  close(): Promise<void>;
}
