// The server's side of the embedded database's thread (decision 0098): starts it, hands node-postgres a connection to
// it (a MessagePort dressed as the socket node-postgres expects), stops it, and says when it stopped on its own.
import { Duplex } from 'node:stream';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import type { DatabaseThreadData, FromDatabaseThread, ToDatabaseThread } from './embedded-worker.ts';

export type DatabaseThread = {
  /** A new connection to the database, for node-postgres's `stream` option. */
  connect: () => Duplex;
  /** Resolves, with why, if the thread stops without stop() asking it to; every connection has failed by then. */
  lost: Promise<Error>;
  /** Ends the thread once PGlite has closed (its data written out); end the pool first. */
  stop: () => Promise<void>;
  /** The thread itself, which the tests end abruptly. */
  worker: Worker;
};

/** Starts PGlite in its own thread on `data` and resolves once it is open (the migrations are the caller's). */
export async function startDatabaseThread(data: DatabaseThreadData): Promise<DatabaseThread> {
  const worker = new Worker(new URL('./embedded-worker.ts', import.meta.url), { workerData: data, name: 'embedded database' });
  let failure: Error | undefined;
  let gone: Error | undefined;
  let stopping = false;
  const connections = new Set<ThreadConnection>();
  const messages = new Map<FromDatabaseThread['type'], () => void>();
  worker.on('message', (message: FromDatabaseThread) => messages.get(message.type)?.());
  worker.on('error', (error) => (failure ??= error));
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  const lost = exited.then((code) => {
    gone = new Error(`The embedded database's thread stopped (exit code ${code})${failure ? `: ${failure.message}` : ''}`, { cause: failure });
    for (const connection of connections) connection.destroy(gone);
    return stopping ? new Promise<Error>(() => {}) : gone;
  });

  const ready = new Promise<void>((resolve) => messages.set('ready', resolve));
  if ((await Promise.race([ready.then(() => true), exited.then(() => false)])) === false) {
    throw failure ?? new Error('The embedded database stopped before it opened');
  }

  return {
    worker,
    lost,
    connect() {
      const connection = new ThreadConnection(() => {
        if (gone) throw gone;
        const { port1, port2 } = new MessageChannel();
        worker.postMessage({ type: 'connect', port: port2 } satisfies ToDatabaseThread, [port2]);
        return port1;
      });
      connections.add(connection);
      connection.once('close', () => connections.delete(connection));
      return connection;
    },
    async stop() {
      if (!stopping) {
        stopping = true;
        const closed = new Promise<void>((resolve) => messages.set('closed', resolve));
        worker.postMessage({ type: 'close' } satisfies ToDatabaseThread);
        await Promise.race([closed, exited]);
        await worker.terminate();
      }
      await exited;
    },
  };
}

/**
 * One connection to the database thread, with the few socket methods node-postgres calls (`connect`, `setNoDelay`,
 * `setKeepAlive`, `ref`, `unref`). What node-postgres writes in one turn of the event loop (a query's Parse, Bind,
 * Describe, Execute and Sync) crosses as one message, which the thread runs in one go.
 */
class ThreadConnection extends Duplex {
  #open: () => MessagePort;
  #port: MessagePort | undefined;
  #outgoing: Uint8Array[] = [];

  constructor(open: () => MessagePort) {
    super();
    this.#open = open;
  }

  connect(): this {
    try {
      this.#port = this.#open();
    } catch (error) {
      process.nextTick(() => this.destroy(error as Error));
      return this;
    }
    this.#port.on('message', (answer: Uint8Array) => this.push(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength)));
    this.#port.once('close', () => this.push(null));
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.#port?.ref();
    return this;
  }

  unref(): this {
    this.#port?.unref();
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#outgoing.push(chunk);
    if (this.#outgoing.length === 1) process.nextTick(() => this.#flush());
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#flush();
    this.#port?.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#port?.close();
    callback(error);
  }

  /** Sends what was written as one buffer of its own, moved rather than copied (a small Buffer is a view of a shared pool). */
  #flush(): void {
    if (this.#outgoing.length === 0 || !this.#port) return;
    const bytes = new Uint8Array(this.#outgoing.reduce((total, chunk) => total + chunk.byteLength, 0));
    let at = 0;
    for (const chunk of this.#outgoing.splice(0)) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    this.#port.postMessage(bytes, [bytes.buffer]);
  }
}
