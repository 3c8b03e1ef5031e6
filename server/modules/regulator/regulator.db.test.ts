// The regulator's export and retention (issue 33 §8, docs/decisions/0117): the manifest's SHA-256 sums verify
// (recomputed here), every documented file is there with its columns, cells are formula-safe; the operator API
// generates, lists and downloads (tar) with `exports.run`, audited; bad ranges are refused and write nothing; the
// retention job anonymises idle players but never one a hold, an open alert or an open screening hit still needs.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { extract } from 'tar-stream';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { uniqueEmail, validRegistration } from '../accounts/testing.ts';
import { anonymisedEmail } from '../accounts/retention.ts';
import { testKey } from '../ledger/testing.ts';
import { auditLog } from '../operators/schema.ts';
import { OPERATOR_ENV, staffKit } from '../operators/testing.ts';
import { EXPORT_FILES } from './files.ts';
import { type ExportManifest, MANIFEST, SUMS } from './package.ts';
import { RETENTION_JOB, retentionCutoff } from './service.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = staffKit(t, '10.134');
const { call } = kit;
const db = () => t.services.database.db;
const today = () => new Date().toISOString().slice(0, 10);
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
const exportsDir = () => path.join(t.services.config.dataDir, 'exports');
const exportCount = () => readdirSync(exportsDir(), { withFileTypes: true }).filter((entry) => entry.isDirectory()).length;

async function untar(body: Buffer): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const reader = extract();
  const done = new Promise<void>((resolve, reject) => {
    reader.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
      stream.on('end', () => {
        files.set(header.name.split('/').pop()!, Buffer.concat(chunks));
        next();
      });
    });
    reader.on('finish', resolve);
    reader.on('error', reject);
  });
  Readable.from([body]).pipe(reader);
  await done;
  return files;
}

async function depositFor(playerId: number, amount: number) {
  const accounts = await t.services.ledger.ensurePlayerAccounts(playerId, 'EUR');
  const clearing = await t.services.ledger.houseAccount('payment_clearing', 'EUR');
  await t.services.ledger.transfer({
    idempotencyKey: testKey(),
    type: 'deposit',
    referenceId: '=HYPERLINK("http://evil.example")',
    entries: [
      { accountId: clearing.id, amount: -amount },
      { accountId: accounts.cash.id, amount },
    ],
  });
}

async function idlePlayer(name: string, yearsAgo: number): Promise<number> {
  const at = new Date(Date.now() - yearsAgo * 366 * 86_400_000);
  const form = validRegistration();
  const [row] = await db()
    .insert(players)
    .values({
      email: uniqueEmail('idle'),
      passwordHash: 'not-a-hash',
      name,
      surname: 'Idle',
      birthdate: '1970-05-17',
      gender: form.gender,
      country: form.country,
      city: form.city,
      address1: form.address1,
      postcode: form.postcode,
      phone: form.phone,
      createdAt: at,
      updatedAt: at,
      lastLoginAt: at,
    })
    .returning({ id: players.id });
  return row!.id;
}

describe('the export', () => {
  it('has every documented file with its columns, formula-safe cells, and a manifest whose SHA-256 sums verify', async () => {
    const { player } = await t.services.accounts.register(validRegistration(), { ip: '127.0.0.1' });
    await depositFor(Number(player.id), 2_000);
    const officer = await kit.staff('compliance');

    const created = await call('POST', '/api/admin/exports', {
      token: officer.token,
      payload: { from: today(), to: today(), reason: 'Monthly return to the regulator' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const view = created.json().data;
    expect(view).toMatchObject({ from: today(), to: today() });
    expect(view.files.map((file: { name: string }) => file.name)).toEqual(EXPORT_FILES.map((spec) => spec.file));

    const archive = await call('GET', `/api/admin/exports/${view.id}/archive`, { token: officer.token });
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toBe('application/x-tar');
    const files = await untar(archive.rawPayload);
    expect([...files.keys()].sort()).toEqual([...EXPORT_FILES.map((spec) => spec.file), MANIFEST, SUMS].sort());

    // SHA256SUMS lists every CSV and the manifest; each sum is recomputed from the bytes downloaded.
    const sums = files.get(SUMS)!.toString('utf8').trim().split('\n');
    expect(sums).toHaveLength(EXPORT_FILES.length + 1);
    for (const line of sums) {
      const [sum, name] = line.split(/ {2}/) as [string, string];
      expect(sha256(files.get(name)!), name).toBe(sum);
    }
    const manifestBytes = files.get(MANIFEST)!;
    expect(sha256(manifestBytes)).toBe(view.manifest_sha256);
    const manifest = JSON.parse(manifestBytes.toString('utf8')) as ExportManifest;
    expect(manifest.range.from).toBe(`${today()}T00:00:00.000Z`);
    for (const entry of manifest.files) {
      const content = files.get(entry.name)!;
      expect(sha256(content), entry.name).toBe(entry.sha256);
      expect(content.length).toBe(entry.bytes);
      const lines = content.toString('utf8').split('\r\n').filter(Boolean);
      expect(lines[0]).toBe(entry.columns.map((column) => column.name).join(','));
      expect(lines.length - 1, entry.name).toBe(entry.rows);
    }

    const transactions = files.get('transactions.csv')!.toString('utf8');
    expect(transactions).toContain(`,${player.id},deposit,`);
    expect(transactions).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(files.get('account_events.csv')!.toString('utf8')).toContain(`,${player.id},registered,player\r\n`);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `export:${view.id}`));
    expect(audit).toMatchObject({ action: 'regulator.export', staffId: officer.id });
    expect(audit!.after).toMatchObject({ reason: 'Monthly return to the regulator', manifest_sha256: view.manifest_sha256 });

    const listed = await call('GET', '/api/admin/exports', { token: officer.token });
    expect(listed.json().data.map((item: { id: string }) => item.id)).toContain(view.id);
    const one = await call('GET', `/api/admin/exports/${view.id}/files/transactions.csv`, { token: officer.token });
    expect(one.statusCode).toBe(200);
    expect(sha256(one.rawPayload)).toBe(view.files.find((file: { name: string }) => file.name === 'transactions.csv').sha256);
  });

  it('holds the day’s sanctions match: the screening hit, its alert holding withdrawals, and the officer’s decision', async () => {
    const { player } = await t.services.accounts.register(validRegistration({ name: 'Borislav', surname: 'Kravets', birthdate: '1961-03-14' }), {
      ip: '127.0.0.1',
    });
    const playerId = Number(player.id);
    await vi.waitFor(async () => expect(await t.services.compliance.alerts.list({ playerId, kind: 'sanctions' })).toHaveLength(1));
    const officer = await kit.staff('compliance');
    const [hit] = (await t.services.screening.hits({ playerId }, { page: 1, perPage: 5 })).data;
    await t.services.screening.markFalsePositive(Number(hit!.id), officer.id, 'Different person, passport checked');

    const view = (
      await call('POST', '/api/admin/exports', { token: officer.token, payload: { from: today(), to: today(), reason: 'Sanctions review' } })
    ).json().data;
    const read = async (name: string) =>
      (await call('GET', `/api/admin/exports/${view.id}/files/${name}`, { token: officer.token })).rawPayload.toString('utf8');
    const hits = await read('screening_hits.csv');
    expect(hits).toContain(
      `,${playerId},EU consolidated financial sanctions list,EU.9001.01,Borislav Ignatovich Kravets,1,match,registration,false_positive,${officer.id},`,
    );
    const alerts = await read('alerts.csv');
    expect(alerts).toMatch(new RegExp(`,${playerId},sanctions,sanctions-match,".*",true,open,`));
    expect(await read('staff_actions.csv')).toContain(`,${officer.id},${playerId},screening.false_positive,screening-hit:${hit!.id},`);
  });

  it('refuses bad ranges, unknown exports, other roles and strangers, writing nothing', async () => {
    const officer = await kit.staff('compliance');
    const finance = await kit.staff('finance');
    await call('POST', '/api/admin/exports', { token: officer.token, payload: { from: today(), to: today(), reason: 'Make the directory exist' } });
    const before = exportCount();
    const bad = async (payload: object) => call('POST', '/api/admin/exports', { token: officer.token, payload });
    const reversed = await bad({ from: '2026-11-20', to: '2026-11-10', reason: 'Backwards' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toEqual(['The end must be on or after the start.']);
    expect((await bad({ from: '2026-02-30', to: '2026-03-01', reason: 'No such day' })).json().errors.from).toEqual([
      'The start must be a date such as 2026-11-01.',
    ]);
    expect((await bad({ from: today(), to: '2999-01-01', reason: 'The future' })).statusCode).toBe(422);
    expect((await bad({ from: today(), to: today() })).statusCode).toBe(422);
    expect((await call('GET', '/api/admin/exports/20260101-20260102-000000000000/archive', { token: officer.token })).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/exports/../../etc/archive', { token: officer.token })).statusCode).toBe(404);
    const refused = await call('POST', '/api/admin/exports', { token: finance.token, payload: { from: today(), to: today(), reason: 'Not mine to run' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have the exports.run permission.');
    expect((await call('GET', '/api/admin/exports', { token: finance.token })).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/exports', { payload: { from: today(), to: today(), reason: 'Anonymous' } })).statusCode).toBe(401);
    expect(exportCount()).toBe(before);
  });
});

describe('retention', () => {
  it('anonymises players idle longer than RETENTION_YEARS, but keeps those a hold, an open alert or an open screening hit needs', async () => {
    expect(t.services.config.retentionYears).toBe(6);
    const idle = await idlePlayer('Forgotten', 7);
    const recent = await idlePlayer('Recent', 2);
    const held = await idlePlayer('Held', 7);
    await t.services.compliance.alerts.raise({
      playerId: held,
      kind: 'aml',
      rule: 'test-hold',
      facts: {},
      dedupeKey: `retention-hold:${held}`,
      holdWithdrawals: true,
    });
    expect(await t.services.compliance.withdrawalHold(held)).not.toBeNull();
    const listed = await idlePlayer('Spyros', 7);
    await db().update(players).set({ surname: 'Karagiannis', birthdate: '1968-05-30' }).where(eq(players.id, listed));
    await t.services.screening.screenPlayer(listed, 'profile');
    // The screening hit raised an alert too; closing that alert leaves the open hit, which alone must keep the player.
    const [alert] = await t.services.compliance.alerts.list({ playerId: listed, kind: 'sanctions' });
    await t.services.compliance.alerts.close(Number(alert!.id), await kit.adminId(), 'Closed to test the hit alone');
    await db()
      .update(players)
      .set({ updatedAt: new Date(Date.now() - 7 * 366 * 86_400_000) })
      .where(eq(players.id, listed));

    const run = await t.services.jobs.run(RETENTION_JOB, { reason: 'Checking retention' }, await kit.adminId());
    expect(run).toMatchObject({ status: 'ran' });

    const rowOf = async (id: number) => (await db().select().from(players).where(eq(players.id, id)))[0]!;
    expect(await rowOf(idle)).toMatchObject({
      email: anonymisedEmail(idle),
      name: 'Anonymised',
      phone: '',
      address1: '',
      birthdate: '1970-01-01',
      active: false,
    });
    expect(await rowOf(recent)).toMatchObject({ name: 'Recent' });
    expect(await rowOf(held)).toMatchObject({ name: 'Held' });
    expect(await rowOf(listed)).toMatchObject({ name: 'Spyros' });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `player:${idle}`));
    expect(audit).toMatchObject({ action: 'retention.anonymised', staffId: null, playerId: idle });

    // A second run changes nothing more.
    const again = await t.services.regulator.applyRetention();
    expect(again.anonymised).toBe(0);
    expect(again.kept).toBeGreaterThanOrEqual(2);
  });

  it('counts years by calendar', () => {
    expect(retentionCutoff(new Date('2026-11-27T12:00:00Z'), 6).toISOString()).toBe('2020-11-27T12:00:00.000Z');
    expect(retentionCutoff(new Date('2028-02-29T00:00:00Z'), 1).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });
});
