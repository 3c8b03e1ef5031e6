import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CREDENTIALS_FILE, loadOrCreateRealtimeCredentials } from './credentials.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'croupier-realtime-')), 'nested', 'data');
});
afterEach(() => rm(path.dirname(path.dirname(dataDir)), { recursive: true, force: true }));

describe('loadOrCreateRealtimeCredentials', () => {
  it('generates random credentials once, in a file only the owner can read, and reuses them', async () => {
    const first = await loadOrCreateRealtimeCredentials(dataDir, {});
    expect(first.id).toMatch(/^\d+$/);
    expect(first.key).toMatch(/^[0-9a-f]{20}$/);
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, CREDENTIALS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);
    expect(await loadOrCreateRealtimeCredentials(dataDir, {})).toEqual(first);
    const elsewhere = await loadOrCreateRealtimeCredentials(`${dataDir}-other`, {});
    expect(elsewhere.secret).not.toBe(first.secret);
    await rm(`${dataDir}-other`, { recursive: true });
  });

  it('takes environment values over the file, and writes nothing when all three are set', async () => {
    const env = { REALTIME_APP_ID: '42', REALTIME_KEY: 'env-key', REALTIME_SECRET: 'env-secret' };
    expect(await loadOrCreateRealtimeCredentials(dataDir, env)).toEqual({ id: '42', key: 'env-key', secret: 'env-secret' });
    await expect(stat(path.join(dataDir, CREDENTIALS_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
    const stored = await loadOrCreateRealtimeCredentials(dataDir, {});
    expect(await loadOrCreateRealtimeCredentials(dataDir, { REALTIME_KEY: 'only-the-key' })).toEqual({ ...stored, key: 'only-the-key' });
  });

  it('gives every concurrent caller the same credentials', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => loadOrCreateRealtimeCredentials(dataDir, {})));
    for (const result of results) expect(result).toEqual(results[0]);
  });

  it('names the file when it is corrupt', async () => {
    await loadOrCreateRealtimeCredentials(dataDir, {});
    await writeFile(path.join(dataDir, CREDENTIALS_FILE), JSON.stringify({ id: 'x' }));
    await expect(loadOrCreateRealtimeCredentials(dataDir, {})).rejects.toThrow(/realtime\.json is not valid/);
  });
});
