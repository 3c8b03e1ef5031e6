// The connections of the app's pool to the one PGlite backend, inside the embedded database's thread (decision 0098).
// PGlite is a single PostgreSQL backend, so it serves one connection at a time: a connection whose messages it runs
// keeps it until it is idle again (its Sync answered outside a transaction, or its transaction ended), and the
// other connections' messages wait their turn, as statements beside an open transaction wait on inline PGlite. Two
// things of a backend are per connection in PostgreSQL and shared here, so they are kept apart: statement names
// (each connection's are prefixed with its number) and what a connection leaves behind when it goes (an open
// transaction is rolled back, its statements are closed).

/** Runs complete frontend messages (or one startup packet) on the backend and answers its bytes. */
export type Backend = (messages: Uint8Array) => Uint8Array;

/** Where a connection's answers go: the thread's end of its MessagePort. */
export type Peer = { send: (answer: Uint8Array) => void; close: () => void };

export type Connection = {
  /** Bytes from the client, in any chunks. */
  receive: (chunk: Uint8Array) => void;
  /** The client went away: what it left is undone when the backend is next free. */
  end: () => void;
};

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const TERMINATE = 0x58; // 'X'
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'

/** A startup packet (run alone), frontend messages (run together), or the undoing of what a closed connection left. */
type Work = { kind: 'startup' | 'messages' | 'goodbye'; bytes: Uint8Array };

export function createSessions(backend: Backend) {
  /** The connection the backend is serving: until its answer ends in ReadyForQuery 'I', nobody else's work runs. */
  let owner: Session | undefined;
  const queue: Session[] = [];
  let nextId = 1;
  let running = false;

  class Session {
    readonly prefix = `${nextId++}:`;
    readonly statements = new Set<string>();
    readonly work: Work[] = [];
    pending: Buffer = Buffer.alloc(0);
    started = false;
    ended = false;
    queued = false;
    peer: Peer;

    constructor(peer: Peer) {
      this.peer = peer;
    }

    receive(chunk: Uint8Array): void {
      if (this.ended) return;
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      this.pending = this.pending.length === 0 ? bytes : Buffer.concat([this.pending, bytes]);
      const messages: Buffer[] = [];
      while (!this.ended) {
        const length = this.started ? typedLength(this.pending) : untypedLength(this.pending);
        if (length === undefined || this.pending.length < length) break;
        const message = this.pending.subarray(0, length);
        this.pending = this.pending.subarray(length);
        if (!this.started) this.opening(message);
        else if (message[0] !== TERMINATE) messages.push(this.renamed(message));
        else {
          if (messages.length > 0) this.work.push({ kind: 'messages', bytes: Buffer.concat(messages.splice(0)) });
          this.end(false);
        }
      }
      if (messages.length > 0) this.work.push({ kind: 'messages', bytes: Buffer.concat(messages) });
      this.schedule();
    }

    /** What comes before the startup packet: no SSL or GSS here ('N'), a cancel is ignored (PGlite has no other backend to signal). */
    opening(message: Buffer): void {
      const code = message.length >= 8 ? message.readInt32BE(4) : 0;
      if (code === SSL_REQUEST || code === GSS_REQUEST) this.peer.send(Buffer.from('N'));
      else if (code === PROTOCOL_3) {
        this.started = true;
        this.work.push({ kind: 'startup', bytes: Buffer.from(message) });
      } else {
        if (code !== CANCEL_REQUEST) this.peer.send(errorResponse('08P01', 'unsupported frontend protocol'));
        this.end(true);
        this.peer.close();
      }
    }

    /** Parse, Bind, Describe and Close name a prepared statement: this connection's get its prefix. */
    renamed(message: Buffer): Buffer {
      const type = String.fromCharCode(message[0]!);
      if (type === 'P') return this.withName(message, 5, true);
      if (type === 'B') return this.withName(message, message.indexOf(0, 5) + 1, false);
      if ((type === 'D' || type === 'C') && message[5] === 0x53 /* 'S' */) {
        const renamed = this.withName(message, 6, false);
        if (type === 'C') this.statements.delete(cString(renamed, 6));
        return renamed;
      }
      return message;
    }

    withName(message: Buffer, at: number, parsed: boolean): Buffer {
      const end = message.indexOf(0, at);
      if (end === at) return message; // the unnamed statement lasts until the next Parse: never shared beyond our turn
      const name = `${this.prefix}${message.toString('utf8', at, end)}`;
      if (parsed) this.statements.add(name);
      const renamed = Buffer.concat([message.subarray(0, at), Buffer.from(name, 'utf8'), message.subarray(end)]);
      renamed.writeInt32BE(renamed.length - 1, 1);
      return renamed;
    }

    /**
     * No more from this client. Its last turn undoes what it leaves: its open transaction, its statements. A client
     * that said goodbye (Terminate) has what it sent before run first; one that vanished does not.
     */
    end(vanished: boolean): void {
      if (this.ended) return;
      this.ended = true;
      this.pending = Buffer.alloc(0);
      if (vanished) this.work.length = 0;
      if (!this.started) return;
      this.work.push({ kind: 'goodbye', bytes: new Uint8Array(0) });
      this.schedule();
    }

    /** What the goodbye sends: end whatever it was in the middle of if it holds the backend, close its statements. */
    farewell(holding: boolean): Uint8Array {
      const messages = [...(holding ? [SYNC, QUERY_ROLLBACK] : []), ...[...this.statements].map(closeStatement)];
      return messages.length === 0 ? new Uint8Array(0) : Buffer.concat([...messages, SYNC]);
    }

    schedule(): void {
      if (this.work.length > 0 && owner !== this && !this.queued) {
        this.queued = true;
        queue.push(this);
      }
      run();
    }

    /** The next unit for the backend: every message received so far together, or a startup or goodbye alone. */
    take(): Work | undefined {
      const first = this.work.shift();
      if (first?.kind !== 'messages') return first;
      const rest = [];
      while (this.work[0]?.kind === 'messages') rest.push(this.work.shift()!.bytes);
      return rest.length === 0 ? first : { kind: 'messages', bytes: Buffer.concat([first.bytes, ...rest]) };
    }
  }

  function run(): void {
    // Answers go out as they are made, so nothing here needs to yield; `running` keeps a nested call from re-entering.
    if (running) return;
    running = true;
    try {
      for (;;) {
        const holding = owner !== undefined;
        const session = owner ?? queue.shift();
        if (!session) return;
        session.queued = false;
        const work = session.take();
        if (!work) {
          if (holding) return; // the owner's next messages have not arrived yet: everyone else waits for them
          continue; // it went away before its turn, with nothing to undo
        }
        const bytes = work.kind === 'goodbye' ? session.farewell(holding) : work.bytes;
        const answer = bytes.length === 0 ? undefined : backend(bytes);
        if (answer && !session.ended) session.peer.send(answer);
        owner = !answer || endsIdle(answer) ? undefined : session;
        if (!owner && session.work.length > 0 && !session.queued) {
          session.queued = true;
          queue.push(session);
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    /** A new client connection, answered through `peer`. */
    open(peer: Peer): Connection {
      const session = new Session(peer);
      return { receive: (chunk) => session.receive(chunk), end: () => session.end(true) };
    },
  };
}

/** A typed message's whole length (type byte included), once its header has arrived. */
function typedLength(buffer: Buffer): number | undefined {
  return buffer.length >= 5 ? 1 + buffer.readInt32BE(1) : undefined;
}

/** An untyped message's (SSLRequest, CancelRequest, StartupMessage) length, once its header has arrived. */
function untypedLength(buffer: Buffer): number | undefined {
  return buffer.length >= 4 ? buffer.readInt32BE(0) : undefined;
}

/** The answer ends in ReadyForQuery with the backend idle: not within a transaction, nor within an extended query. */
function endsIdle(answer: Uint8Array): boolean {
  const at = answer.length - 6;
  return at >= 0 && answer[at] === READY_FOR_QUERY && answer[at + 5] === IDLE;
}

function cString(buffer: Buffer, at: number): string {
  return buffer.toString('utf8', at, buffer.indexOf(0, at));
}

function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}

const SYNC = message('S', Buffer.alloc(0));
const QUERY_ROLLBACK = message('Q', Buffer.from('ROLLBACK\0'));
const closeStatement = (name: string) => message('C', Buffer.from(`S${name}\0`, 'utf8'));

function errorResponse(code: string, text: string): Buffer {
  return message('E', Buffer.from(`SFATAL\0C${code}\0M${text}\0\0`, 'utf8'));
}
