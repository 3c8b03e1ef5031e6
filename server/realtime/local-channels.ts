import type { ClientConnection } from './client-connection.ts';
import type { Broadcast, Fanout } from './fanout.ts';

/** This node's index of sockets by channel and by signed-in user, so a delivery is one map lookup. */
export class LocalChannels {
  readonly #fanout: Fanout;
  readonly #channels = new Map<string, Set<ClientConnection>>();
  readonly #users = new Map<string, Set<ClientConnection>>();

  constructor(fanout: Fanout) {
    this.#fanout = fanout;
  }

  add(channel: string, connection: ClientConnection): void {
    let members = this.#channels.get(channel);
    if (!members) {
      members = new Set();
      this.#channels.set(channel, members);
    }
    members.add(connection);
    this.#fanout.setLocalSubscriptionCount(channel, members.size);
  }

  remove(channel: string, connection: ClientConnection): void {
    const members = this.#channels.get(channel);
    if (!members?.delete(connection)) return;
    if (members.size === 0) this.#channels.delete(channel);
    this.#fanout.setLocalSubscriptionCount(channel, members.size);
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
    sockets.add(connection);
  }

  signOut(userId: string, connection: ClientConnection): void {
    const sockets = this.#users.get(userId);
    if (sockets?.delete(connection) && sockets.size === 0) this.#users.delete(userId);
  }

  connectionsOf(userId: string): ReadonlySet<ClientConnection> {
    return this.#users.get(userId) ?? new Set();
  }
}
