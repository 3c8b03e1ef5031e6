// `npm run ops -- export --from --to --out DIR` (issue 33 §8, docs/regulator-export.md): a real process against a
// listening server writes every file of the regulator's export into DIR and checks each SHA-256 against the
// manifest; the files' sums verify again here. A non-empty DIR or a bad range is refused.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../server/test-app.ts';

const OPERATOR = { OPERATOR_EMAIL: 'ops@casino.example', OPERATOR_PASSWORD: 'a long operator secret' };
const root = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'ops-export-'));

let t: Awaited<ReturnType<typeof createTestApp>>;
let url: string;
beforeAll(async () => {
  t = await createTestApp(OPERATOR);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

function ops(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '', ...OPERATOR, OPS_SESSION_FILE: path.join(scratch, 'session.json') };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/ops.ts', '--url', url, ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run ops -- export', () => {
  it('writes the export into DIR with sums that verify', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const out = path.join(scratch, 'export');
    const result = await ops(['export', '--from', day, '--to', day, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^export \\S+ \\(${day} to ${day}\\) written to ${out}: every SHA-256 checked$`, 'm'));
    const names = readdirSync(out);
    expect(names).toContain('manifest.json');
    expect(names).toContain('SHA256SUMS');
    const sums = readFileSync(path.join(out, 'SHA256SUMS'), 'utf8').trim().split('\n');
    expect(sums.length).toBe(names.length - 1);
    for (const line of sums) {
      const [sum, name] = line.split('  ') as [string, string];
      expect(
        createHash('sha256')
          .update(readFileSync(path.join(out, name)))
          .digest('hex'),
        name,
      ).toBe(sum);
    }
  });

  it('refuses a directory that is not empty, a bad range and missing options', async () => {
    const full = path.join(scratch, 'full');
    mkdirSync(full);
    writeFileSync(path.join(full, 'keep.txt'), 'mine');
    const refused = await ops(['export', '--from', '2026-01-01', '--to', '2026-01-02', '--out', full]);
    expect(refused).toMatchObject({ code: 1, stderr: `ops: ${full} is not empty; choose an empty or new directory\n` });
    expect(readdirSync(full)).toEqual(['keep.txt']);
    const backwards = await ops(['export', '--from', '2026-01-02', '--to', '2026-01-01', '--out', path.join(scratch, 'never')]);
    expect(backwards.code).toBe(1);
    expect(backwards.stderr).toMatch(/^ops: 422/);
    expect((await ops(['export', '--from', '2026-01-01'])).stderr).toMatch(/usage: ops export --from YYYY-MM-DD --to YYYY-MM-DD --out DIR/);
  });
});
