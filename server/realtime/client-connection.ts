import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { ChannelKind } from './channel-names.ts';
import { ClientEventLimiter } from './client-event-limiter.ts';
import { ErrorCode } from './codes.ts';
import { errorFrame } from './frames.ts';

export type Subscription = {
  readonly kind: ChannelKind;
  /** The member's user id on a presence channel, named on the client events it sends there. */
  readonly userId: string | undefined;
  /**
   * Broadcasts that arrive while a presence join is still on its way to the fan-out; they follow
   * subscription_succeeded, so the member list the client builds misses no join or leave.
   */
  queue: Buffer[] | undefined;
};

const TEXT = { binary: false } as const;

// Every frame written to a socket in one turn of the event loop leaves in one write: a burst of
// broadcasts costs each subscriber one system call, not one per message (Node's cork/uncork pattern).
const corked: ClientConnection[] = [];
function uncorkAll(): void {
  for (const connection of corked.splice(0)) connection.uncork();
}

/** One client socket and its protocol state. */
export class ClientConnection {
  readonly socketId: string;
  readonly ws: WebSocket;
  readonly subscriptions = new Map<string, Subscription>();
  readonly clientEvents: ClientEventLimiter;
  readonly #maxBufferedBytes: number;
  /** The TCP socket under `ws`, the one the upgrade handed over. */
  readonly #socket: Duplex;
  #corked = false;
  /** Set by a successful pusher:signin. */
  userId: string | undefined;
  /** The users whose coming and going this socket hears (the signin's watchlist). */
  watching: readonly string[] = [];
  /** performance.now() of the last frame from the client. */
  lastSeenAt: number;
  /** performance.now() of the server's unanswered pusher:ping; 0 when none is outstanding. */
  pingSentAt = 0;
  closed = false;

  constructor(socketId: string, ws: WebSocket, socket: Duplex, options: { clientEventsPerSecond: number; maxBufferedBytes: number }) {
    this.socketId = socketId;
    this.ws = ws;
    this.#socket = socket;
    this.clientEvents = new ClientEventLimiter(options.clientEventsPerSecond);
    this.#maxBufferedBytes = options.maxBufferedBytes;
    this.lastSeenAt = performance.now();
  }

  send(frame: string | Buffer): void {
    if (this.closed) return;
    // A client that cannot keep up would otherwise hold an ever-growing queue in server memory;
    // 4100 makes pusher-js come back after a back-off and start afresh.
    if (this.ws.bufferedAmount > this.#maxBufferedBytes) {
      this.close(ErrorCode.slowConsumer, 'Client is not reading its messages');
      return;
    }
    if (!this.#corked) {
      this.#corked = true;
      this.#socket.cork();
      if (corked.push(this) === 1) setImmediate(uncorkAll);
    }
    this.ws.send(frame, TEXT);
  }

  uncork(): void {
    this.#corked = false;
    this.#socket.uncork();
  }

  /** A broadcast for `channel`: sent now, or queued behind a presence subscription still joining. */
  deliver(channel: string, frame: Buffer): void {
    const queue = this.subscriptions.get(channel)?.queue;
    if (queue) queue.push(frame);
    else this.send(frame);
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.ws.close(code, reason);
  }

  /** A fatal error: pusher:error with the code, then the close with it, as Pusher and soketi end a socket. */
  fail(code: number, message: string): void {
    this.send(errorFrame(code, message));
    this.close(code, message);
  }
}
