// The embedded database's own thread (decision 0098): PGlite runs here, so its work never holds the server's event
// loop, and answers the PostgreSQL wire protocol on MessagePorts the server's node-postgres pool connects through
// (server/db/embedded-database.ts). Nothing outside this process can reach it: there is no socket to connect to.
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { createSessions } from './embedded-sessions.ts';

/** What the server sends this thread. */
export type ToDatabaseThread = { type: 'connect'; port: MessagePort } | { type: 'close' };
/** What this thread tells the server. */
export type FromDatabaseThread = { type: 'ready' } | { type: 'closed' };
/** Where the database is: a data directory, or in memory (from a dumped one, as the tests' templates). */
export type DatabaseThreadData = { dataDir: string } | { loadDataDir?: Blob };

const source = workerData as DatabaseThreadData;
const control = parentPort!;
const db = 'dataDir' in source ? await PGlite.create(source.dataDir) : await PGlite.create(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {});
let closing = false;
// Once closing, the goodbyes of the pool's connections find nothing left to undo: close() ends an open transaction.
const sessions = createSessions((messages) => (closing ? new Uint8Array(0) : db.execProtocolRawSync(messages)));
const ports = new Set<MessagePort>();

control.on('message', async (message: ToDatabaseThread) => {
  if (message.type === 'connect') {
    const { port } = message;
    ports.add(port);
    const connection = sessions.open({ send: (answer) => port.postMessage(answer), close: () => port.close() });
    port.on('message', (chunk: Uint8Array) => connection.receive(chunk));
    port.once('close', () => {
      ports.delete(port);
      connection.end();
    });
    return;
  }
  // The server has ended its pool: every answer it waited for was sent, so all it committed is in the database.
  closing = true;
  for (const port of ports) port.close();
  await db.close();
  control.postMessage({ type: 'closed' } satisfies FromDatabaseThread);
});
control.postMessage({ type: 'ready' } satisfies FromDatabaseThread);
