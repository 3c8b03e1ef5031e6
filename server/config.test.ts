import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on the embedded defaults with no configuration at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      redisUrl: undefined,
      realtimePort: 8080,
      appEnv: 'development',
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      maintenance: 'false',
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads every variable of the environment table', () => {
    const config = loadConfig({
      PORT: '4000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/croupier',
      DATABASE_URL: 'postgres://casino@db:5432/casino',
      REDIS_URL: 'redis://cache:6379',
      REALTIME_PORT: '6001',
      APP_ENV: 'production',
      PUBLIC_URL: 'https://casino.example/',
      SMTP_URL: 'smtp://mail:25',
      MAINTENANCE: 'true',
    });
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      dataDir: '/var/lib/croupier',
      databaseUrl: 'postgres://casino@db:5432/casino',
      redisUrl: 'redis://cache:6379',
      realtimePort: 6001,
      appEnv: 'production',
      publicUrl: 'https://casino.example',
      smtpUrl: 'smtp://mail:25',
      maintenance: 'true',
    });
  });

  it('runs the embedded realtime server by default, and an external one only with its host and credentials', () => {
    expect(loadConfig({}).realtime).toMatchObject({ server: 'embedded', host: undefined, publicPort: undefined, scheme: 'http' });
    const external = {
      REALTIME_SERVER: 'external',
      REALTIME_HOST: 'ws.casino.example',
      REALTIME_PORT: '443',
      REALTIME_SCHEME: 'https',
      REALTIME_APP_ID: '12345',
      REALTIME_KEY: 'public-key-1',
      REALTIME_SECRET: 'a-secret-of-enough-length',
    };
    expect(loadConfig(external)).toMatchObject({
      realtimePort: 443,
      realtime: { server: 'external', host: 'ws.casino.example', scheme: 'https', credentials: { REALTIME_APP_ID: '12345', REALTIME_KEY: 'public-key-1' } },
    });
    expect(() => loadConfig({ REALTIME_SERVER: 'external' })).toThrow(/REALTIME_HOST="" must be set when REALTIME_SERVER is external/);
    // soketi's own defaults are accepted, as soketi and Pusher accept them; a key that cannot sit in a path or before a signature's `:` is not.
    expect(loadConfig({ ...external, REALTIME_APP_ID: 'app-id', REALTIME_KEY: 'app-key', REALTIME_SECRET: 'app-secret' }).realtime.credentials).toEqual({
      REALTIME_APP_ID: 'app-id',
      REALTIME_KEY: 'app-key',
      REALTIME_SECRET: 'app-secret',
    });
    expect(() => loadConfig({ ...external, REALTIME_KEY: 'key:with-colon' })).toThrow(/REALTIME_KEY="key:with-colon" must be 1 to 255/);
    expect(() => loadConfig({ ...external, REALTIME_SECRET: 'has space' })).toThrow(/REALTIME_SECRET=\(hidden\) must not contain spaces/);
    expect(() => loadConfig({ REALTIME_ENCRYPTION_MASTER_KEY: 'dG9vIHNob3J0' })).toThrow(
      /REALTIME_ENCRYPTION_MASTER_KEY=\(hidden\) must be 32 bytes in base64/,
    );
    expect(loadConfig({ REALTIME_ENCRYPTION_MASTER_KEY: Buffer.alloc(32, 7).toString('base64') }).realtime.encryptionMasterKey).toBe(
      Buffer.alloc(32, 7).toString('base64'),
    );
    expect(() => loadConfig({ REALTIME_SCHEME: 'wss' })).toThrow(/REALTIME_SCHEME="wss" must be http or https/);
  });

  it('derives PUBLIC_URL from PORT when it is not set', () => {
    expect(loadConfig({ PORT: '3101' }).publicUrl).toBe('http://localhost:3101');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', MAINTENANCE: '' })).toMatchObject({ databaseUrl: undefined, maintenance: 'false' });
  });

  it.each([
    ['MAINTENANCE', 'yes', "must be 'true' or 'false'"],
    ['PORT', 'eighty', 'must be a port number'],
    ['PORT', '70000', 'between 0 and 65535'],
    ['APP_ENV', 'prod', 'development, staging or production'],
    ['DATABASE_URL', 'mysql://db/casino', 'postgres://'],
    ['REDIS_URL', 'not a url', 'must be a URL'],
    ['PUBLIC_URL', 'ftp://casino.example', 'http://'],
    ['DEFAULT_CURRENCY', 'euro', 'ISO 4217'],
    ['PAYMENTS_SANDBOX', 'on', "must be 'true' or 'false'"],
  ])('refuses %s=%s with a message that names it', (name, value, reason) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as ConfigError).message).toContain(`${name}="${value}"`);
      expect((error as ConfigError).message).toContain(reason);
    }
  });

  it('has the sandbox gateway on in development and staging, off in production unless PAYMENTS_SANDBOX=true says so', () => {
    expect(loadConfig({}).paymentsSandbox).toBe(true);
    expect(loadConfig({ APP_ENV: 'development' }).paymentsSandbox).toBe(true);
    expect(loadConfig({ APP_ENV: 'staging' }).paymentsSandbox).toBe(true);
    expect(loadConfig({ APP_ENV: 'production' }).paymentsSandbox).toBe(false);
    expect(loadConfig({ APP_ENV: 'production', PAYMENTS_SANDBOX: '' }).paymentsSandbox).toBe(false);
    expect(loadConfig({ APP_ENV: 'production', PAYMENTS_SANDBOX: 'true' }).paymentsSandbox).toBe(true);
    expect(loadConfig({ APP_ENV: 'production', PAYMENTS_SANDBOX: 'false' }).paymentsSandbox).toBe(false);
    expect(loadConfig({ APP_ENV: 'staging', PAYMENTS_SANDBOX: 'false' }).paymentsSandbox).toBe(false);
    expect(loadConfig({ PAYMENTS_SANDBOX: 'false' }).paymentsSandbox).toBe(false);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'x', MAINTENANCE: 'maybe' });
      expect.unreachable('loadConfig accepted bad values');
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });
});
