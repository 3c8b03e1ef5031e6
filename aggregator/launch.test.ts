// scripts/reference-aggregator.ts, which `npm start` uses: keys made once under DATA_DIR/secrets, the aggregator run as a
// child process, HUB88_* set for the site.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ReferenceAggregator, startReferenceAggregator, wantsReferenceAggregator } from '../scripts/reference-aggregator.ts';
import { operatorCall } from './testing.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'croupier-aggregator-'));
const started: ReferenceAggregator[] = [];
afterAll(() => {
  for (const aggregator of started) aggregator.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitForExit(aggregator: ReferenceAggregator) {
  if (aggregator.child.exitCode !== null || aggregator.child.signalCode !== null) return;
  await new Promise((resolve) => aggregator.child.once('exit', resolve));
}

describe('the reference aggregator beside `npm start`', () => {
  it('is wanted in development only, and only when no HUB88_* is set', () => {
    expect(wantsReferenceAggregator({})).toBe(true);
    expect(wantsReferenceAggregator({ APP_ENV: 'staging' })).toBe(true);
    expect(wantsReferenceAggregator({ APP_ENV: 'production' })).toBe(false);
    expect(wantsReferenceAggregator({ HUB88_API_URL: 'https://api.hub88.example' })).toBe(false);
    expect(wantsReferenceAggregator({ REFERENCE_AGGREGATOR: 'off' })).toBe(false);
  });

  it('does nothing in production', async () => {
    const env: NodeJS.ProcessEnv = { APP_ENV: 'production', DATA_DIR: dataDir };
    expect(await startReferenceAggregator(env)).toBeUndefined();
    expect(Object.keys(env).filter((name) => name.startsWith('HUB88_'))).toEqual([]);
  });

  it('makes the keys once, starts the aggregator on a free port and sets HUB88_* so the site can call it', async () => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '3999', AGGREGATOR_PORT: '0' };
    const aggregator = (await startReferenceAggregator(env))!;
    started.push(aggregator);
    expect(env).toMatchObject({
      HUB88_OPERATOR_ID: '1',
      HUB88_API_URL: aggregator.apiUrl,
      HUB88_PUBLIC_KEY: expect.stringContaining('BEGIN PUBLIC KEY'),
      HUB88_PRIVATE_KEY: expect.stringContaining('BEGIN PRIVATE KEY'),
    });
    expect(aggregator.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const keyFile = path.join(dataDir, 'secrets', 'hub88-operator-private.pem');
    expect(readFileSync(keyFile, 'utf8')).toBe(env.HUB88_PRIVATE_KEY);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    // The site signs with HUB88_PRIVATE_KEY; the aggregator verifies with the operator's public key it was given.
    const list = await operatorCall({ url: env.HUB88_API_URL! }, 'game/list', { operator_id: 1 }, { privateKey: env.HUB88_PRIVATE_KEY });
    expect(list.status).toBe(200);
    expect((list.json as unknown[]).length).toBeGreaterThanOrEqual(3);
    const demo = await operatorCall(
      { url: env.HUB88_API_URL! },
      'game/url',
      { operator_id: 1, game_code: 'crp_copper_clover', currency: 'XXX', platform: 'GPL_DESKTOP' },
      { privateKey: env.HUB88_PRIVATE_KEY },
    );
    const page = await fetch((demo.json as { url: string }).url.replace(aggregator.publicUrl, aggregator.apiUrl));
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors http://localhost:3999 http://127.0.0.1:3999');

    // A second start (the next `npm start`) reuses the same keys.
    aggregator.stop();
    await waitForExit(aggregator);
    const again: NodeJS.ProcessEnv = { PATH: process.env.PATH, DATA_DIR: dataDir, AGGREGATOR_PORT: '0' };
    const second = (await startReferenceAggregator(again))!;
    started.push(second);
    expect(again.HUB88_PRIVATE_KEY).toBe(env.HUB88_PRIVATE_KEY);
    expect(again.HUB88_PUBLIC_KEY).toBe(env.HUB88_PUBLIC_KEY);
    second.stop();
    await waitForExit(second);
    expect(second.child.signalCode ?? second.child.exitCode).toBeDefined();
  });
});
