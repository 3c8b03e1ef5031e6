// Starts the production build (building it when missing) on a throwaway embedded database, for the
// benchmarks: each measures the real server in its own process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type BenchServer = { url: string; pid: number | undefined; stop: () => Promise<void> };

export async function waitUntilUp(url: string, exited: () => boolean): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (exited()) throw new Error(`server for ${url} exited`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

export async function startProductionServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  if (!existsSync(path.join(root, 'build/server/index.js'))) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'croupier-bench-'));
  const server = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', APP_ENV: 'production', REALTIME_PORT: '0', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(`${url}/api/health`, () => server.exitCode !== null);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: server.pid, stop };
}
