// Shared by the realtime suites: the ecosystem's own clients (pusher-js, the `pusher` SDK) pointed at
// our server, and a raw websocket for frames no well-behaved client would send.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import PusherServer from 'pusher';
import Pusher, { type Channel } from 'pusher-js';
import { WebSocket } from 'ws';
import type { NodeProcessCommand, NodeProcessReply } from './node-process.ts';
import type { RealtimeApp } from './server.ts';

export function randomApp(): RealtimeApp {
  return { id: String(randomInt(100_000, 999_999)), key: randomBytes(10).toString('hex'), secret: randomBytes(32).toString('hex') };
}

export function sdkFor(app: RealtimeApp, port: number): PusherServer {
  return new PusherServer({ appId: app.id, key: app.key, secret: app.secret, host: '127.0.0.1', port: String(port), useTLS: false });
}

type PresenceIdentity = { user_id: string; user_info?: Record<string, unknown> };

/**
 * A pusher-js client whose auth endpoints are replaced by the `pusher` SDK signing in-process, as
 * the app's /broadcasting/auth would. `sign` may carry another secret to produce a bad signature.
 */
export function pusherClient(
  app: RealtimeApp,
  port: number,
  options: { presence?: PresenceIdentity; user?: { id: string; [key: string]: unknown }; sign?: RealtimeApp; key?: string } = {},
): Pusher {
  const signer = sdkFor(options.sign ?? app, port);
  return new Pusher(options.key ?? app.key, {
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        const presence = channelName.startsWith('presence-') ? options.presence : undefined;
        callback(null, signer.authorizeChannel(socketId, channelName, presence));
      },
    },
    userAuthentication: {
      customHandler: ({ socketId }, callback) => {
        if (!options.user) return callback(new Error('no user for this client'), null);
        callback(null, signer.authenticateUser(socketId, options.user));
      },
    },
  });
}

const clients = new Set<Pusher>();
/** Connects and waits for the handshake; disconnectAll() ends every client made this way. */
export async function connectedClient(...args: Parameters<typeof pusherClient>): Promise<Pusher> {
  const client = pusherClient(...args);
  clients.add(client);
  if (client.connection.state !== 'connected') await once((callback) => client.connection.bind('connected', callback));
  return client;
}

export function disconnectAll(): void {
  for (const client of clients) client.disconnect();
  clients.clear();
}

/** Resolves with the first call of the callback that `bind` registers; rejects after `timeoutMs`. */
export function once<T = unknown>(bind: (callback: (value: T) => void) => void, timeoutMs = 3_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing arrived within ${timeoutMs} ms`)), timeoutMs);
    bind((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

export async function subscribed(client: Pusher, channelName: string): Promise<Channel> {
  const channel = client.subscribe(channelName);
  await once((callback) => channel.bind('pusher:subscription_succeeded', callback));
  return channel;
}

/** Collects every event of one name on a channel, with its metadata. */
export function collect(channel: Channel, event: string): Array<{ data: unknown; userId: string | undefined }> {
  const seen: Array<{ data: unknown; userId: string | undefined }> = [];
  channel.bind(event, (data: unknown, metadata?: { user_id?: string }) => seen.push({ data, userId: metadata?.user_id }));
  return seen;
}

/** Waits until `check` holds, polling; for effects with no event of their own to wait on. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type RawFrame = { event: string; channel?: string; data?: unknown };

/** A bare websocket speaking the protocol by hand; frames are kept in arrival order. */
export class RawClient {
  readonly ws: WebSocket;
  readonly frames: RawFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  /** The handshake's first frame: connection_established, or the pusher:error that refused us. */
  handshake: RawFrame | undefined;
  #waiters: Array<() => void> = [];

  /** `headers` go with the upgrade request, e.g. an X-Forwarded-For a proxy would add. */
  constructor(url: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(url, { headers });
    this.ws.on('message', (bytes) => {
      this.frames.push(JSON.parse(String(bytes)) as RawFrame);
      for (const wake of this.#waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => this.ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  static async connect(port: number, key: string, query = 'protocol=7&client=js&version=8.6.0', headers: Record<string, string> = {}): Promise<RawClient> {
    const client = new RawClient(`ws://127.0.0.1:${port}/app/${key}?${query}`, headers);
    client.handshake = await client.next((frame) => frame.event === 'pusher:connection_established' || frame.event === 'pusher:error');
    return client;
  }

  /** From connection_established, whose data the protocol sends as a JSON string. */
  get socketId(): string {
    const data = JSON.parse(String(this.handshake?.data)) as { socket_id: string };
    return data.socket_id;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  }

  /** The first frame (already received or yet to come) that matches and was not taken before. */
  async next(matches: (frame: RawFrame) => boolean, timeoutMs = 3_000): Promise<RawFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.frames.findIndex(matches);
      if (index !== -1) return this.frames.splice(index, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; have ${JSON.stringify(this.frames.map((frame) => frame.event))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.ws.terminate();
  }
}

/** A realtime node in a child process (node-process.ts), as the multi-node suites run them on Redis. */
export async function startNodeProcess(options: NodeProcessStart): Promise<{ port: number; stop(): Promise<void>; crash(): Promise<void> }> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./node-process.ts', import.meta.url)), [], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const listening = new Promise<number>((resolve, reject) => {
    child.on('message', (reply: NodeProcessReply) => {
      if (reply.type === 'listening') resolve(reply.port);
      if (reply.type === 'failed') reject(new Error(reply.message));
    });
    child.once('exit', (code) => reject(new Error(`node process exited with ${code}`)));
  });
  child.send({ type: 'start', options } satisfies NodeProcessCommand);
  const port = await listening;
  return {
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.send({ type: 'stop' } satisfies NodeProcessCommand);
      await exited;
    },
    /** Dies at once, as a node whose machine fails: nothing is said to the others. */
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
type NodeProcessStart = Extract<NodeProcessCommand, { type: 'start' }>['options'];
