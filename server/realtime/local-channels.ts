import type { ClientConnection } from './client-connection.ts';
import type { Broadcast, CountChange, Fanout } from './fanout.ts';

/** Not a channel a client can name: the sockets watching a user (Pusher's watchlist), delivered like a channel. */
export const WATCHERS_PREFIX = '#watchers-';

export type CountListener = {
  /** A channel's count changed on this node; `change` is the cluster's total, once the fan-out answers. */
  channel(channel: string, change: Promise<CountChange>): void;
  /** A user's signed-in sockets on this node changed; `change` is the cluster's total. */
  user(userId: string, change: Promise<CountChange>): void;
};

/** This node's index of sockets by channel and by signed-in user, so a delivery is one map lookup. */
export class LocalChannels {
  readonly #fanout: Fanout;
  readonly #counts: CountListener | undefined;
  readonly #channels = new Map<string, Set<ClientConnection>>();
  readonly #users = new Map<string, Set<ClientConnection>>();

  constructor(fanout: Fanout, counts?: CountListener) {
    this.#fanout = fanout;
    this.#counts = counts;
  }

  add(channel: string, connection: ClientConnection): void {
    let members = this.#channels.get(channel);
    if (!members) {
      members = new Set();
      this.#channels.set(channel, members);
    }
    if (members.has(connection)) return;
    members.add(connection);
    this.#counted(channel, members.size);
  }

  remove(channel: string, connection: ClientConnection): void {
    const members = this.#channels.get(channel);
    if (!members?.delete(connection)) return;
    if (members.size === 0) this.#channels.delete(channel);
    this.#counted(channel, members.size);
  }

  #counted(channel: string, size: number): void {
    if (channel.startsWith(WATCHERS_PREFIX)) return;
    const change = this.#fanout.setLocalSubscriptionCount(channel, size);
    if (this.#counts) this.#counts.channel(channel, change);
    else change.catch(() => undefined);
  }

  /** Serialises the frame to bytes once for all of this node's subscribers. */
  deliver(broadcast: Broadcast): void {
    const members = this.#channels.get(broadcast.channel);
    if (!members) return;
    const frame = Buffer.from(broadcast.frame);
    for (const connection of members) {
      if (connection.socketId !== broadcast.exceptSocketId) connection.deliver(broadcast.channel, frame);
    }
  }

  signIn(userId: string, connection: ClientConnection): void {
    let sockets = this.#users.get(userId);
    if (!sockets) {
      sockets = new Set();
      this.#users.set(userId, sockets);
    }
    if (sockets.has(connection)) return;
    sockets.add(connection);
    this.#userCounted(userId, sockets.size);
  }

  signOut(userId: string, connection: ClientConnection): void {
    const sockets = this.#users.get(userId);
    if (!sockets?.delete(connection)) return;
    if (sockets.size === 0) this.#users.delete(userId);
    this.#userCounted(userId, sockets.size);
  }

  #userCounted(userId: string, size: number): void {
    const change = this.#fanout.setLocalUserCount(userId, size);
    if (this.#counts) this.#counts.user(userId, change);
    else change.catch(() => undefined);
  }

  connectionsOf(userId: string): ReadonlySet<ClientConnection> {
    return this.#users.get(userId) ?? new Set();
  }
}
