import { describe, expect, it } from 'vitest';
import { createSessions } from './embedded-sessions.ts';

// The turns the embedded database's connections take on PGlite's one backend, against a backend that records what
// it is sent and answers ReadyForQuery: in a transaction ('T') from a BEGIN until a COMMIT or ROLLBACK, else idle.

const message = (type: string, body: string) => {
  const bytes = Buffer.from(body, 'latin1');
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(4 + bytes.length, 1);
  return Buffer.concat([header, bytes]);
};
const startup = () => {
  const body = Buffer.from('user\0postgres\0database\0postgres\0\0', 'latin1');
  const packet = Buffer.alloc(8 + body.length);
  packet.writeInt32BE(packet.length, 0);
  packet.writeInt32BE(196608, 4);
  body.copy(packet, 8);
  return packet;
};
const query = (text: string) => message('Q', `${text}\0`);
const parse = (name: string, text: string) => message('P', `${name}\0${text}\0\0\0`);
const bind = (name: string) => message('B', `\0${name}\0\0\0\0\0\0\0`);
const SYNC = message('S', '');
const TERMINATE = message('X', '');

/** Each message the backend ran, as its type and readable text, one line per call. */
function fakeBackend() {
  const calls: string[] = [];
  let status = 'I';
  const run = (bytes: Uint8Array) => {
    const text = Buffer.from(bytes).toString('latin1');
    if (bytes[0] === 0) calls.push('startup');
    else {
      const messages: string[] = [];
      for (let at = 0; at < bytes.length; ) {
        const length = 1 + Buffer.from(bytes).readInt32BE(at + 1);
        const body = text.slice(at + 5, at + length).replace(/\0+/g, ' ');
        messages.push(`${text[at]}${body.trimEnd()}`);
        at += length;
      }
      calls.push(messages.join(' | '));
    }
    if (/BEGIN/.test(text)) status = 'T';
    if (/COMMIT|ROLLBACK/.test(text)) status = 'I';
    return message('Z', status);
  };
  return { calls, run };
}

function client(sessions: ReturnType<typeof createSessions>) {
  const answers: string[] = [];
  const connection = sessions.open({ send: (answer) => answers.push(Buffer.from(answer).toString('latin1')), close: () => {} });
  return { answers, connection };
}

describe('connections to the one embedded backend', () => {
  it("prefix each connection's statement names, so two may prepare the same name", () => {
    const backend = fakeBackend();
    const sessions = createSessions(backend.run);
    const [one, two] = [client(sessions), client(sessions)];
    for (const { connection } of [one, two]) {
      connection.receive(startup());
      connection.receive(Buffer.concat([parse('which', 'select 1'), bind('which'), SYNC]));
    }
    expect(backend.calls).toEqual(['startup', 'P1:which select 1 | B 1:which | S', 'startup', 'P2:which select 1 | B 2:which | S']);
    expect(one.answers).toHaveLength(2);
  });

  it('keep the backend for a connection until its transaction ends; the others run after, in order', () => {
    const backend = fakeBackend();
    const sessions = createSessions(backend.run);
    const [writer, reader, late] = [client(sessions), client(sessions), client(sessions)];
    for (const { connection } of [writer, reader, late]) connection.receive(startup());
    writer.connection.receive(query('BEGIN'));
    reader.connection.receive(query('select 1'));
    late.connection.receive(query('select 2'));
    writer.connection.receive(query('insert'));
    expect(backend.calls.slice(3)).toEqual(['QBEGIN', 'Qinsert']);
    writer.connection.receive(query('COMMIT'));
    expect(backend.calls.slice(3)).toEqual(['QBEGIN', 'Qinsert', 'QCOMMIT', 'Qselect 1', 'Qselect 2']);
  });

  it('roll back what a vanished connection left open, close its statements, and go on with the others', () => {
    const backend = fakeBackend();
    const sessions = createSessions(backend.run);
    const [leaver, stayer] = [client(sessions), client(sessions)];
    for (const { connection } of [leaver, stayer]) connection.receive(startup());
    leaver.connection.receive(Buffer.concat([parse('kept', 'select 1'), SYNC]));
    leaver.connection.receive(query('BEGIN'));
    stayer.connection.receive(query('select 1'));
    leaver.connection.end();
    expect(backend.calls.slice(2)).toEqual(['P1:kept select 1 | S', 'QBEGIN', 'S | QROLLBACK | CS1:kept | S', 'Qselect 1']);
  });

  it('run what a connection sent before it said goodbye, then undo nothing more than it left', () => {
    const backend = fakeBackend();
    const sessions = createSessions(backend.run);
    const { connection } = client(sessions);
    connection.receive(startup());
    connection.receive(Buffer.concat([query('select 1'), TERMINATE]));
    expect(backend.calls).toEqual(['startup', 'Qselect 1']);
  });

  it('skip a connection that went away before its turn, without holding up the ones behind it', () => {
    const backend = fakeBackend();
    const sessions = createSessions(backend.run);
    const [holder, quitter, waiter] = [client(sessions), client(sessions), client(sessions)];
    holder.connection.receive(startup());
    holder.connection.receive(query('BEGIN'));
    quitter.connection.receive(startup());
    waiter.connection.receive(startup());
    quitter.connection.end();
    holder.connection.receive(query('COMMIT'));
    expect(backend.calls).toEqual(['startup', 'QBEGIN', 'QCOMMIT', 'startup']);
    expect(waiter.answers).toHaveLength(1);
  });

  it("answer 'N' to an SSL request, as a server without SSL does", () => {
    const sessions = createSessions(fakeBackend().run);
    const { answers, connection } = client(sessions);
    const request = Buffer.alloc(8);
    request.writeInt32BE(8, 0);
    request.writeInt32BE(80877103, 4);
    connection.receive(request);
    expect(answers).toEqual(['N']);
  });
});
