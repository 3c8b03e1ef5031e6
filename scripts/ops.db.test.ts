import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validRegistration } from '../server/modules/accounts/testing.ts';
import { createTestApp } from '../server/test-app.ts';
import { runOps } from './ops.ts';

const OPERATOR = { OPERATOR_EMAIL: 'ops@casino.example', OPERATOR_PASSWORD: 'a long operator secret' };
const root = fileURLToPath(new URL('..', import.meta.url));

let t: Awaited<ReturnType<typeof createTestApp>>;
let url: string;
beforeAll(async () => {
  t = await createTestApp(OPERATOR);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

/** `npm run ops -- …` as an operator types it: a real process against the listening server. */
function ops(args: string[], env: Record<string, string> = OPERATOR): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/ops.ts', '--url', url, ...args], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run ops', () => {
  it('lists, blocks and unblocks players, and sets the activation type', async () => {
    const form = validRegistration();
    const id = (await t.app.inject({ method: 'POST', url: '/api/register', payload: form })).json().data.id as string;

    const listed = await ops(['players', form.email.split('@')[0]!]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^\\s+${id}\\s+${form.email.replace('.', '\\.')}\\s+inactive\\s+-\\s+unverified$`, 'm'));

    const blocked = await ops(['block', id, '--reason', 'Card chargeback']);
    expect(blocked).toMatchObject({ code: 0, stdout: `blocked player ${id} (${form.email})\n` });
    expect((await t.services.accounts.findPlayers(form.email))[0]!.blocked).toBe(true);
    expect((await ops(['unblock', id, '--reason', 'Chargeback withdrawn'])).stdout).toBe(`unblocked player ${id} (${form.email})\n`);
    expect((await t.services.accounts.findPlayers(form.email))[0]!.blocked).toBe(false);

    expect((await ops(['activation-type', 'sms'])).stdout).toBe('registration_activation_type is now sms\n');
    expect((await t.services.settings.publicSettings()).registration_activation_type).toBe('sms');
    expect((await ops(['activation-type', 'email'])).code).toBe(0);
  });

  it('logs in once and reuses the token from OPS_TOKEN', async () => {
    const login = await ops(['login']);
    expect(login.code).toBe(0);
    const token = login.stdout.trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await ops(['players'], { OPS_TOKEN: token })).code).toBe(0);
  });

  it('keeps its session between commands, readable by the operator only, signs in again when it ended, and logs out', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'croupier-ops-'));
    const file = path.join(dir, 'ops-session.json');
    try {
      const env = { ...OPERATOR, OPS_SESSION_FILE: file };
      expect((await ops(['players'], env)).code).toBe(0);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const kept = JSON.parse(readFileSync(file, 'utf8'))[url] as { email: string; token: string; expires_at: string };
      expect(kept.email).toBe(OPERATOR.OPERATOR_EMAIL);
      // The next command signs in no more (a wrong password would fail it; an authenticator code would be spent).
      expect((await ops(['players'], { ...env, OPERATOR_PASSWORD: 'not the password' })).code).toBe(0);
      // A session the server ended meanwhile: one new sign-in, the command goes through.
      writeFileSync(file, JSON.stringify({ [url]: { ...kept, token: 'y'.repeat(43) } }));
      expect((await ops(['players'], env)).code).toBe(0);
      const renewed = JSON.parse(readFileSync(file, 'utf8'))[url].token as string;
      expect(renewed).not.toBe('y'.repeat(43));
      expect(await ops(['logout'], env)).toMatchObject({ code: 0, stdout: 'signed out\n' });
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({});
      const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { authorization: `Bearer ${renewed}` } });
      expect(me.statusCode).toBe(401);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('invites, disables and clears the second factor of staff', async () => {
    const email = `cli-${Date.now()}@casino.example`;
    const invited = await ops(['staff', 'create', email, '--role', 'finance']);
    expect(invited.code, invited.stderr).toBe(0);
    const id = /\(staff (\d+)\)/.exec(invited.stdout)![1]!;
    expect(invited.stdout).toBe(`invited ${email} as finance (staff ${id}): a link to choose a password is on its way to them\n`);
    expect((await ops(['staff', 'create', email, '--role', 'finance'])).stderr).toBe('ops: 422: The email has already been taken.\n');
    expect((await ops(['staff', 'reset-2fa', id])).stdout).toBe(
      `two-factor sign-in of staff ${id} (${email}) cleared: they enrol again at their next sign-in\n`,
    );
    expect((await ops(['staff', 'disable', id, '--reason', 'Left the company'])).stdout).toBe(`disabled staff ${id} (${email}) and signed them out\n`);
    expect((await t.services.operators.staff.byId(Number(id)))!.disabled).toBe(true);
    expect((await ops(['staff', 'disable', id])).stderr).toBe('ops: usage: ops staff disable <staff-id> --reason TEXT\n');
    expect((await ops(['staff', 'create', email])).stderr).toBe('ops: usage: ops staff create <email> --role ROLE\n');
    expect((await ops(['staff', 'fire', id])).code).toBe(1);
  });

  it('says what went wrong and exits 1', async () => {
    expect(await ops(['players'], {})).toMatchObject({ code: 1, stderr: 'ops: set OPS_TOKEN, or OPERATOR_EMAIL and OPERATOR_PASSWORD\n' });
    expect(await ops(['players'], { OPS_TOKEN: 'x'.repeat(43) })).toMatchObject({ code: 1, stderr: 'ops: 401: Unauthenticated.\n' });
    expect(await ops(['block', '999999', '--reason', 'Card chargeback'])).toMatchObject({ code: 1, stderr: 'ops: 404: No player with that id.\n' });
    expect(await ops(['block', 'abc', '--reason', 'Card chargeback'])).toMatchObject({ code: 1, stderr: 'ops: usage: ops block <player-id> --reason TEXT\n' });
    expect(await ops(['block', '1'])).toMatchObject({ code: 1, stderr: 'ops: usage: ops block <player-id> --reason TEXT\n' });
    expect(await ops(['block', '999999', '--reason', 'no'])).toMatchObject({ code: 1 });
    expect(await ops(['activation-type', 'pigeon'])).toMatchObject({ code: 1, stderr: 'ops: usage: ops activation-type <email|sms>\n' });
    expect((await ops(['dance'])).stderr).toContain('ops: unknown command "dance"');
    expect((await ops(['--bogus'])).code).toBe(1);
  });

  it('prints its usage without a command, and names an unreachable server', async () => {
    expect((await runOps([]))[0]).toContain('Usage: npm run ops -- [--url URL] <command>');
    await expect(runOps(['--url', 'http://127.0.0.1:1', 'players'], OPERATOR)).rejects.toThrow(/cannot reach http:\/\/127\.0\.0\.1:1/);
  });

  it('refuses an OPERATOR_TOTP_SECRET otplib would refuse, naming it, before signing in', async () => {
    const env = { ...OPERATOR, OPERATOR_TOTP_SECRET: 'JBSWY3DPEHPK3PXP' };
    await expect(runOps(['--url', url, 'login'], env)).rejects.toThrow('OPERATOR_TOTP_SECRET must be at least 26 base32 characters (A–Z, 2–7); it has 16.');
  });
});

describe('npm run ops -- verify-audit', () => {
  // Before the next test, which leaves an edited row behind.
  it('--anchor FILE keeps the head between runs and finds the newest rows deleted', async () => {
    const file = path.join(t.services.config.dataDir, 'ops-anchor');
    const form = validRegistration();
    const id = (await t.app.inject({ method: 'POST', url: '/api/register', payload: form })).json().data.id as string;
    expect((await ops(['block', id, '--reason', 'Card chargeback'])).code).toBe(0);
    const first = await ops(['verify-audit', '--anchor', file]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^audit log intact: \d+ rows verified\nnew anchor \d+ written to /);
    const anchored = readFileSync(file, 'utf8').trim();
    expect(anchored).toMatch(/^\d+:[0-9a-f]{64}$/);
    expect((await ops(['unblock', id, '--reason', 'Chargeback withdrawn'])).code).toBe(0);
    const second = await ops(['verify-audit', '--anchor', file]);
    expect(second.stdout).toContain(`anchor ${anchored.split(':')[0]} found`);
    const secondHead = readFileSync(file, 'utf8').trim();
    // Deleting the newest rows leaves a whole chain, and the kept head finds it.
    await t.services.database.db.execute(sql`delete from audit_log where id >= ${Number(secondHead.split(':')[0])}`);
    const broken = await ops(['verify-audit', '--anchor', file]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`audit log broken at row ${secondHead.split(':')[0]}: the row was anchored and is gone`);
    expect(readFileSync(file, 'utf8').trim()).toBe(secondHead);
  });

  it('says the chain is intact, and names the first row after one is edited in SQL', async () => {
    const form = validRegistration();
    const id = (await t.app.inject({ method: 'POST', url: '/api/register', payload: form })).json().data.id as string;
    expect((await ops(['block', id, '--reason', 'Card chargeback'])).code).toBe(0);
    const intact = await ops(['verify-audit']);
    expect(intact.code).toBe(0);
    expect(intact.stdout).toMatch(/^audit log intact: \d+ rows verified\n$/);
    const { rows } = (await t.services.database.db.execute(sql`select id from audit_log where action = 'player.block' order by id limit 1`)) as unknown as {
      rows: { id: string | number }[];
    };
    await t.services.database.db.execute(sql`update audit_log set staff_id = null where id = ${rows[0]!.id}`);
    const broken = await ops(['verify-audit']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`audit log broken at row ${rows[0]!.id}: its content does not match its hash`);
  });
});
