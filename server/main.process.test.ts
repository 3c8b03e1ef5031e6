import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real server process: start-up configuration errors and a clean SIGTERM.
const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'croupier-process-'));

beforeAll(() => {
  if (!existsSync(path.join(root, 'build/server/index.js'))) {
    expect(spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' }).status).toBe(0);
  }
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'info', REALTIME_PORT: '0', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1_500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(condition()).toBe(true);
}

// A port the system says is free, so two checkouts testing at once do not meet on one port.
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the server process', () => {
  it('refuses to start on a bad setting and says which and why', async () => {
    const server = startServer({ PORT: String(await freePort()), MAINTENANCE: 'maybe', APP_ENV: 'prod' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain(`MAINTENANCE="maybe" must be 'true' or 'false'`);
    expect(server.output()).toContain('APP_ENV="prod" must be development, staging or production');
  });

  it('serves, then on SIGTERM finishes the request in flight and exits 0', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port) });
    let up = false;
    for (let i = 0; i < 300 && !up; i++) {
      up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(up).toBe(true);

    // A request is held in flight deterministically: its headers arrive (and are logged) before SIGTERM, its
    // body only after the server has begun draining. It must get its real answer, not the 503 of a closing server.
    const body = JSON.stringify({ email: 'nobody@casino.example', password: 'not-the-password-1!' });
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/login',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.once('error', reject);
      request.once('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.once('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
    });
    request.write(body.slice(0, 10));
    await until(() => server.output().includes('"url":"/api/login"'));
    server.child.kill('SIGTERM');
    await until(() => server.output().includes('draining in-flight requests'));
    request.end(body.slice(10));
    const login = await answer;
    expect(login.status).toBe(422);
    expect(JSON.parse(login.body).errors.email).toEqual(['These credentials do not match our records.']);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('draining in-flight requests');
    expect(server.output()).toContain('stopped cleanly');
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 120_000);

  // Runs after the start above, which recorded the fingerprints of the secrets it generated into DATA_DIR.
  it('refuses to start with another key than the database was sealed with, naming the variable', async () => {
    const otherKey = 'ab'.repeat(32);
    const server = startServer({ PORT: String(await freePort()), TOTP_ENCRYPTION_KEY: otherKey });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('TOTP_ENCRYPTION_KEY differs from the value the other nodes of this database use');
    expect(server.output()).not.toContain(otherKey);
    expect(server.output()).not.toContain('is up');
  }, 120_000);
});
