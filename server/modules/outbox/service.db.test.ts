import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { createMailer, type Mail, type Mailer } from '../../notify/mail.ts';
import { createSmsSender, type Sms, type SmsSender } from '../../notify/sms.ts';
import { createTemplates } from '../../notify/templates.ts';
import { outboxMessages } from './schema.ts';
import { createOutboxService, MAX_ATTEMPTS, retryDelayMs } from './service.ts';

let database: DatabaseHandle;
let dataDir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'croupier-outbox-'));
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const templates = createTemplates({ siteName: 'Croupier', publicUrl: 'https://casino.example' });
const mail = (to: string) => ({ channel: 'mail' as const, to, template: 'test', content: templates.passwordChangedMail({ name: 'Ada' }) });

/** A mailer that records what it sends, and fails the first `failures` times. */
function recordingMailer(failures = 0): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  let left = failures;
  return {
    kind: 'file',
    sent,
    async send(message) {
      if (left-- > 0) throw new Error('connection refused');
      sent.push(message);
    },
    close() {},
  };
}
const noSms: SmsSender = { kind: 'file', send: async () => {} };
const rowFor = async (recipient: string) => (await database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient)))[0]!;

describe('the transactional outbox', () => {
  it('sends a message written in a transaction that commits, once, and keeps only its subject', async () => {
    const mailer = recordingMailer();
    const outbox = createOutboxService({ db: database.db, mailer, sms: noSms });
    await database.db.transaction((tx) => outbox.enqueue(tx, mail('committed@example.com')));
    await outbox.drain();
    await outbox.drain();
    expect(mailer.sent.map((m) => m.to)).toEqual(['committed@example.com']);
    expect(mailer.sent[0]!.text).toContain('Reset my password: https://casino.example/reset-password');
    const row = await rowFor('committed@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, content: { subject: 'Your Croupier password was changed' } });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('sends nothing for a transaction that rolls back', async () => {
    const mailer = recordingMailer();
    const outbox = createOutboxService({ db: database.db, mailer, sms: noSms });
    await expect(
      database.db.transaction(async (tx) => {
        await outbox.enqueue(tx, mail('rolled-back@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await outbox.drain();
    expect(mailer.sent).toEqual([]);
    expect(await database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'rolled-back@example.com'))).toEqual([]);
  });

  it('retries a failed delivery later with a growing delay, and gives up after the last attempt', async () => {
    const mailer = recordingMailer(2);
    const outbox = createOutboxService({ db: database.db, mailer, sms: noSms });
    await database.db.transaction((tx) => outbox.enqueue(tx, mail('flaky@example.com')));
    await outbox.drain();
    let row = await rowFor('flaky@example.com');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' });
    const [{ delay }] = (await database.db
      .select({ delay: sql<number>`extract(epoch from ${outboxMessages.nextAttemptAt} - now())::int` })
      .from(outboxMessages)
      .where(eq(outboxMessages.id, row.id))) as [{ delay: number }];
    expect(delay).toBeGreaterThan(25);
    expect(delay).toBeLessThanOrEqual(30);
    await outbox.drain();
    expect(mailer.sent).toEqual([]);

    const due = () => database.db.update(outboxMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(outboxMessages.id, row.id));
    await due();
    await outbox.drain();
    expect((await rowFor('flaky@example.com')).attempts).toBe(2);
    await due();
    await outbox.drain();
    row = await rowFor('flaky@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(mailer.sent).toHaveLength(1);

    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(60 * 60 * 1000);

    const broken = recordingMailer(Number.POSITIVE_INFINITY);
    const hopeless = createOutboxService({ db: database.db, mailer: broken, sms: noSms });
    await database.db.transaction((tx) => hopeless.enqueue(tx, mail('hopeless@example.com')));
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await database.db
        .update(outboxMessages)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(outboxMessages.recipient, 'hopeless@example.com'));
      await hopeless.drain();
    }
    expect(await rowFor('hopeless@example.com')).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('retries a message another node claimed and never finished', async () => {
    const mailer = recordingMailer();
    const outbox = createOutboxService({ db: database.db, mailer, sms: noSms });
    await database.db.transaction((tx) => outbox.enqueue(tx, mail('orphan@example.com')));
    await database.db
      .update(outboxMessages)
      .set({ status: 'sending', lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(outboxMessages.recipient, 'orphan@example.com'));
    await outbox.drain();
    expect(mailer.sent).toEqual([]);
    await database.db.update(outboxMessages).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(outboxMessages.recipient, 'orphan@example.com'));
    await outbox.drain();
    expect(mailer.sent.map((m) => m.to)).toEqual(['orphan@example.com']);
  });

  it('delivers each message exactly once when deliveries run side by side, in the order written', async () => {
    const mailer = recordingMailer();
    const nodes = [createOutboxService({ db: database.db, mailer, sms: noSms }), createOutboxService({ db: database.db, mailer, sms: noSms })];
    const recipients = Array.from({ length: 30 }, (_, i) => `crowd-${String(i).padStart(2, '0')}@example.com`);
    for (const to of recipients) await database.db.transaction((tx) => nodes[0]!.enqueue(tx, mail(to)));
    await Promise.all([nodes[0]!.drain(), nodes[1]!.drain(), nodes[0]!.deliverDue()]);
    const delivered = mailer.sent.map((m) => m.to).filter((to) => to.startsWith('crowd-'));
    expect([...delivered].sort()).toEqual(recipients);
  });

  it('stops: no delivery after stop(), and stop waits for the one in flight', async () => {
    const mailer = recordingMailer();
    const outbox = createOutboxService({ db: database.db, mailer, sms: noSms });
    outbox.start(60_000);
    await outbox.stop();
    await database.db.transaction((tx) => outbox.enqueue(tx, mail('after-stop@example.com')));
    outbox.wake();
    // wake() hands over to the next turn of the event loop; after that turn, stop() again waits for any delivery
    // it began, so one that reached the database or the mailer is seen below.
    await new Promise((resolve) => setImmediate(resolve));
    await outbox.stop();
    expect(mailer.sent.some((m) => m.to === 'after-stop@example.com')).toBe(false);
    expect((await outbox.counts()).pending).toBeGreaterThanOrEqual(1);
  });
});

describe('mail transports', () => {
  it('writes an RFC 5322 .eml file to DATA_DIR/outbox/mail by default', async () => {
    const mailer = createMailer({ smtpUrl: undefined, dataDir, from: 'Croupier <no-reply@casino.example>' });
    expect(mailer.kind).toBe('file');
    await mailer.send({ to: 'file@example.com', ...templates.magicLinkMail({ name: 'Ada', token: 'abc', redirect: '/deposit', minutes: 15 }) });
    const directory = path.join(dataDir, 'outbox', 'mail');
    const [file] = (await readdir(directory)).filter((name) => name.includes('file@example.com'));
    expect(file).toMatch(/\.eml$/);
    const raw = await readFile(path.join(directory, file!), 'utf8');
    expect(raw).toMatch(/^From: Croupier <no-reply@casino\.example>\r$/m);
    expect(raw).toMatch(/^To: file@example\.com\r$/m);
    expect(raw).toMatch(/^Subject: Your Croupier sign-in link\r$/m);
    expect(raw).toMatch(/^Date: .+\r$/m);
    expect(raw).toMatch(/^Message-ID: <.+>\r$/m);
    expect(raw).toMatch(/^MIME-Version: 1\.0\r$/m);
    expect(raw).toContain('Content-Type: multipart/alternative');
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect((await readdir(directory)).some((name) => name.endsWith('.tmp'))).toBe(false);
    mailer.close();
  });

  it('sends by SMTP when SMTP_URL is set (a real SMTP server in this test)', async () => {
    const received: { from: string | undefined; to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir, from: 'Croupier <no-reply@casino.example>' });
      expect(mailer.kind).toBe('smtp');
      const outbox = createOutboxService({ db: database.db, mailer, sms: noSms });
      await database.db.transaction((tx) =>
        outbox.enqueue(tx, {
          channel: 'mail',
          to: 'smtp@example.com',
          template: 'activation',
          content: templates.activationMail({ name: 'Ada', activationId: 'id-1', hours: 72 }),
        }),
      );
      await outbox.drain();
      const ours = received.filter((message) => message.to.includes('smtp@example.com'));
      expect(ours).toHaveLength(1);
      expect(ours[0]!.from).toBe('no-reply@casino.example');
      expect(ours[0]!.to).toEqual(['smtp@example.com']);
      expect(ours[0]!.data).toContain('Subject: Activate your Croupier account');
      expect(ours[0]!.data.replace(/=\r?\n/g, '')).toContain('https://casino.example/player/activate/id-1');
      expect((await rowFor('smtp@example.com')).status).toBe('sent');
      mailer.close();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('SMS transports', () => {
  it('writes {"to","body"} JSON to DATA_DIR/outbox/sms by default', async () => {
    const sender = createSmsSender({ provider: undefined, dataDir });
    expect(sender.kind).toBe('file');
    await sender.send({ to: '+35699000001', body: templates.activationSms({ code: '123456', minutes: 10 }).body });
    const directory = path.join(dataDir, 'outbox', 'sms');
    const [file] = (await readdir(directory)).filter((name) => name.includes('35699000001'));
    expect(JSON.parse(await readFile(path.join(directory, file!), 'utf8'))).toEqual({
      to: '+35699000001',
      body: '123456 is your Croupier activation code. It expires in 10 minutes. Never share it.',
    });
  });

  it('posts to the HTTP provider when one is configured, retrying while it fails', async () => {
    const requests: { auth: string | undefined; body: Sms }[] = [];
    let answer = 503;
    const provider = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk));
      request.on('end', () => {
        requests.push({ auth: request.headers.authorization, body: JSON.parse(body) as Sms });
        response.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    try {
      const sms = createSmsSender({ provider: { url: `http://127.0.0.1:${port}/send`, token: 'provider-secret' }, dataDir });
      expect(sms.kind).toBe('http');
      const outbox = createOutboxService({ db: database.db, mailer: recordingMailer(), sms });
      await database.db.transaction((tx) =>
        outbox.enqueue(tx, { channel: 'sms', to: '+35699000002', template: 'activation-code', content: { body: 'code 654321' } }),
      );
      await outbox.drain();
      expect(await rowFor('+35699000002')).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMS provider answered 503' });
      answer = 200;
      await database.db.update(outboxMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(outboxMessages.recipient, '+35699000002'));
      await outbox.drain();
      expect(requests).toEqual([
        { auth: 'Bearer provider-secret', body: { to: '+35699000002', body: 'code 654321' } },
        { auth: 'Bearer provider-secret', body: { to: '+35699000002', body: 'code 654321' } },
      ]);
      expect(await rowFor('+35699000002')).toMatchObject({ status: 'sent', attempts: 2, content: {} });
    } finally {
      await new Promise<void>((resolve) => provider.close(() => resolve()));
    }
  });
});

describe('templates', () => {
  it('brand every mail in HTML and text, escape what players typed, and link to PUBLIC_URL', () => {
    const message = templates.activationMail({ name: '<b>Eve</b>', activationId: '0f8fad5b-d9cb-469f-a165-70867728950e', hours: 72 });
    expect(message.subject).toBe('Activate your Croupier account');
    expect(message.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(message.html).not.toContain('<b>Eve</b>');
    expect(message.html).toContain('href="https://casino.example/player/activate/0f8fad5b-d9cb-469f-a165-70867728950e"');
    expect(message.text).toContain('Hello <b>Eve</b>,');
    expect(message.text).toContain('https://casino.example/player/activate/0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(templates.passwordResetMail({ name: 'A', token: 'tok', minutes: 60 }).text).toContain('https://casino.example/account/reset-password/tok');
    expect(templates.magicLinkMail({ name: 'A', token: 't k', redirect: '/deposit?bonus=true', minutes: 15 }).text).toContain(
      'https://casino.example/?magic-token=t%20k&redirect=%2Fdeposit%3Fbonus%3Dtrue',
    );
    for (const content of [
      message,
      templates.emailChangeMail({ name: 'A', token: 't', hours: 24 }),
      templates.emailChangeNoticeMail({ name: 'A', newEmail: 'n@example.com' }),
    ]) {
      expect(content.html).toContain('Croupier');
      expect(content.text).toContain('18+ only');
    }
  });
});
