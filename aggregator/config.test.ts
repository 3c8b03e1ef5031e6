import { describe, expect, it } from 'vitest';
import { AggregatorConfigError, loadAggregatorOptions } from './config.ts';

const env = {
  AGGREGATOR_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
  OPERATOR_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nabc\n-----END PUBLIC KEY-----',
  OPERATOR_WALLET_URL: 'http://127.0.0.1:3000/api/hub88',
  OPERATOR_ID: '1',
};

describe('aggregator settings', () => {
  it('reads the environment, with defaults', () => {
    expect(loadAggregatorOptions(env, [])).toMatchObject({
      port: 3100,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3100',
      operatorWalletUrl: 'http://127.0.0.1:3000/api/hub88',
      operatorId: '1',
      walletTimeoutMs: 5000,
      testHooks: false,
    });
  });

  it('lets flags win over the environment', () => {
    const options = loadAggregatorOptions({ ...env, AGGREGATOR_PORT: '4000' }, [
      '--port=0',
      '--public-url=https://games.example',
      '--frame-ancestors=http://a.example https://b.example',
      '--currencies=eur,usd',
      '--test-hooks',
    ]);
    expect(options).toMatchObject({
      port: 0,
      publicUrl: 'https://games.example',
      frameAncestors: ['http://a.example', 'https://b.example'],
      currencies: ['EUR', 'USD'],
      testHooks: true,
    });
  });

  it('names every missing or malformed setting', () => {
    expect(() => loadAggregatorOptions({}, [])).toThrow(AggregatorConfigError);
    try {
      loadAggregatorOptions({ OPERATOR_WALLET_URL: 'ftp://x', AGGREGATOR_PORT: '99999' }, []);
    } catch (error) {
      expect((error as Error).message).toMatch(/AGGREGATOR_PRIVATE_KEY is required/);
      expect((error as Error).message).toMatch(/OPERATOR_ID is required/);
      expect((error as Error).message).toMatch(/OPERATOR_WALLET_URL must be an http\(s\) URL/);
      expect((error as Error).message).toMatch(/AGGREGATOR_PORT must be a port number/);
    }
    expect(() => loadAggregatorOptions(env, ['--nope=1'])).toThrow(/Unknown argument/);
  });
});
