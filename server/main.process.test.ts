import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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

describe('the server process', () => {
  it('refuses to start on a bad setting and says which and why', async () => {
    const server = startServer({ PORT: '3950', MAINTENANCE: 'maybe', APP_ENV: 'prod' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain(`MAINTENANCE="maybe" must be 'true' or 'false'`);
    expect(server.output()).toContain('APP_ENV="prod" must be development, staging or production');
  });

  it('serves, then on SIGTERM finishes the request in flight and exits 0', async () => {
    const port = 3951;
    const server = startServer({ PORT: String(port) });
    let up = false;
    for (let i = 0; i < 300 && !up; i++) {
      up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(up).toBe(true);

    const inFlight = fetch(`http://127.0.0.1:${port}/promotion`).then(async (r) => ({ status: r.status, body: await r.text() }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGTERM');
    const page = await inFlight;
    expect(page.status).toBe(200);
    expect(page.body).toContain('Promotions');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('draining in-flight requests');
    expect(server.output()).toContain('stopped cleanly');
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 60_000);
});
