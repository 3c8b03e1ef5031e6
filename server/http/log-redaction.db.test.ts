// What a failed registration and a magic-link sign-in leave in the log: the request lines, the failure and its
// cause, but no password hash, no token and no personal value (docs/decisions/0017).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { seedDemoContent } from '../db/seed.ts';
import { createLogger } from '../logging.ts';
import { linkContaining, mailsTo, validRegistration } from '../modules/accounts/testing.ts';
import { createServices, type Services } from '../services.ts';
import { createTestApp } from '../test-app.ts';
import { buildApp } from './app.ts';
import type { FastifyInstance } from 'fastify';

let lines = '';
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines += chunk.toString('utf8');
    done();
  },
});

let app: FastifyInstance;
let services: Services;
let dataDir: string;
let closeDatabase: () => Promise<void>;

beforeAll(async () => {
  const config = loadConfig({
    DATA_DIR: `test-results/unit-data/${randomBytes(6).toString('hex')}`,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    LOG_LEVEL: 'info',
  });
  dataDir = config.dataDir;
  const database = await openTestDatabase();
  closeDatabase = database.close;
  await seedDemoContent(database.db);
  const logger = createLogger('info', sink);
  services = createServices({ config, database, logger });
  await services.start();
  app = await buildApp({ services, logger, rateLimitNamespace: `croupier-test:${randomBytes(6).toString('hex')}:` });
});
afterAll(async () => {
  await app.close();
  await closeDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the log', () => {
  it('keeps no hash and no personal data of a registration whose insert fails', async () => {
    // A database that refuses the row, as a full disk or a broken replica would: the failure is logged as a 500.
    await services.database.db.execute(
      sql.raw(`create or replace function refuse_players() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`),
    );
    await services.database.db.execute(sql.raw('create trigger refuse_players before insert on players for each row execute function refuse_players()'));
    const form = validRegistration({ city: 'Marsaxlokk' });
    const response = await app.inject({ method: 'POST', url: '/api/register', payload: form });
    await services.database.db.execute(sql.raw('drop trigger refuse_players on players'));

    expect(response.statusCode).toBe(500);
    expect(lines).toContain('request failed');
    expect(lines).toContain('refused for the test');
    expect(lines).not.toMatch(/\$argon2/);
    for (const value of [form.password, form.email, form.surname, form.city, form.address1, form.phoneNumber]) expect(lines).not.toContain(value);
  });

  it('keeps no magic-link token, from the mail link, the page address or the consume call', async () => {
    const form = validRegistration();
    expect((await app.inject({ method: 'POST', url: '/api/register', payload: form })).statusCode).toBe(201);
    expect((await app.inject({ method: 'POST', url: '/api/magic-link', payload: { email: form.email, redirect: '/deposit' } })).statusCode).toBe(200);
    await services.outbox.drain();
    // The activation mail goes out in the same drain, in either order: take the one with the sign-in link.
    const mail = (await mailsTo(dataDir, form.email)).find((sent) => sent.text.includes('magic-token='));
    const link = linkContaining(mail?.text ?? '', 'magic-token=');
    const token = link.searchParams.get('magic-token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const consumed = await app.inject({ method: 'POST', url: '/api/magic-link/consume', payload: { token } });
    expect(consumed.statusCode).toBe(200);
    const session = consumed.json().token as string;
    await app.inject({ method: 'GET', url: '/api/player', headers: { authorization: `Bearer ${session}`, cookie: `token=${session}` } });

    expect(lines).toContain('/api/magic-link/consume');
    expect(lines).not.toContain(token);
    expect(lines).not.toContain(session);
    expect(lines).not.toContain(form.email);
  });

  it('logs the paths of token-carrying pages without the token', async () => {
    const secret = randomBytes(20).toString('hex');
    await app.inject({ method: 'GET', url: `/api/password/find/${secret}` });
    await app.inject({ method: 'GET', url: `/account/reset-password/${secret}?email=ada@example.com` });
    expect(lines).toContain('/api/password/find/[redacted]');
    expect(lines).not.toContain(secret);
    expect(lines).not.toContain('ada@example.com');
  });
});

describe('a page request', () => {
  let site: Awaited<ReturnType<typeof createTestApp>>;
  let pageLines = '';
  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36' };
  const entries = (text: string) =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; [key: string]: unknown });

  beforeAll(async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    if (!existsSync(`${root}build/server/index.js`)) expect(spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' }).status).toBe(0);
    const build = await import(pathToFileURL(`${root}build/server/index.js`).href);
    const pageSink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        pageLines += chunk.toString('utf8');
        done();
      },
    });
    site = await createTestApp(
      {},
      { logger: createLogger('info', pageSink), site: { mode: 'production', loadBuild: async () => build, clientDir: `${root}build/client` } },
    );
  });
  afterAll(async () => {
    await site.close();
  });

  it('whose loader fails is logged at error level through the same serializers, not printed whole', async () => {
    await site.services.database.db.execute(sql.raw('alter table promotions rename to promotions_away'));
    const response = await site.app.inject({ method: 'GET', url: '/promotion/spring-reload?magic-token=abc123secret', headers: browser });
    await site.services.database.db.execute(sql.raw('alter table promotions_away rename to promotions'));
    expect(response.statusCode).toBe(500);
    expect(pageLines).toContain('page failed');
    expect(entries(pageLines).find((entry) => entry.msg === 'page failed')?.level).toBe(50);
    expect(pageLines).toContain('"url":"/promotion/spring-reload"');
    expect(pageLines).toContain('from \\"promotions\\"');
    expect(pageLines).not.toMatch(/params: (?!\[redacted\])/);
    expect(pageLines).not.toContain('abc123secret');
  });

  // Anyone can send these, so an error line (and the alert it raises) for each would let anyone flood the log.
  it('that a page refuses (a form post where it takes none) is logged at info without a stack, and neither it nor an unknown page logs an error', async () => {
    const from = pageLines.length;
    const form = { ...browser, 'content-type': 'application/x-www-form-urlencoded' };
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/faq', '/faq.data', '/en/about']) {
        const response = await site.app.inject({ method, url, headers: form, payload: 'a=1' });
        expect(response.statusCode, `${method} ${url}`).toBe(405);
      }
    }
    expect((await site.app.inject({ method: 'GET', url: '/no-such-page/here', headers: browser })).statusCode).toBe(404);
    const logged = entries(pageLines.slice(from));
    expect(logged.filter((entry) => entry.level >= 40)).toEqual([]);
    expect(pageLines.slice(from)).not.toContain('"stack"');
    expect(logged).toContainEqual(expect.objectContaining({ level: 30, msg: 'page request refused', method: 'POST', url: '/faq', statusCode: 405 }));
  });
});
