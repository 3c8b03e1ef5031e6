import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

// The accounts work's variables (README configuration table).
describe('accounts configuration', () => {
  it('has safe defaults: no operator, mail and SMS to files, argon2id at the minimum, no allowlist', () => {
    expect(loadConfig({})).toMatchObject({
      operator: undefined,
      smsProvider: undefined,
      mailFrom: 'Croupier <no-reply@localhost>',
      argon2: { memoryKib: 19456, timeCost: 2 },
      rateLimitAllowlist: [],
      deviceCookieSecret: undefined,
    });
    expect(loadConfig({ SITE_NAME: 'Lucky Star', PUBLIC_URL: 'https://casino.example' }).mailFrom).toBe('Lucky Star <no-reply@casino.example>');
  });

  it('reads the operator, SMS provider, sender, hashing cost and allowlist', () => {
    expect(
      loadConfig({
        OPERATOR_EMAIL: 'Ops@Casino.example',
        OPERATOR_PASSWORD: 'a long operator secret',
        SMS_PROVIDER_URL: 'https://sms.example/send',
        SMS_PROVIDER_TOKEN: 'secret',
        MAIL_FROM: 'Casino <hello@casino.example>',
        ARGON2_MEMORY_KIB: '65536',
        ARGON2_TIME_COST: '3',
        RATE_LIMIT_ALLOWLIST: '127.0.0.1, ::1',
        DEVICE_COOKIE_SECRET: 'd'.repeat(32),
      }),
    ).toMatchObject({
      operator: { email: 'ops@casino.example', password: 'a long operator secret' },
      smsProvider: { url: 'https://sms.example/send', token: 'secret' },
      mailFrom: 'Casino <hello@casino.example>',
      argon2: { memoryKib: 65536, timeCost: 3 },
      rateLimitAllowlist: ['127.0.0.1', '::1'],
      deviceCookieSecret: 'd'.repeat(32),
    });
  });

  it.each([
    [{ OPERATOR_EMAIL: 'ops@casino.example' }, 'OPERATOR_PASSWORD="" must be set together with OPERATOR_EMAIL'],
    [{ OPERATOR_EMAIL: 'not-an-email', OPERATOR_PASSWORD: 'a long operator secret' }, 'OPERATOR_EMAIL="not-an-email" must be an e-mail address'],
    [{ OPERATOR_EMAIL: 'ops@casino.example', OPERATOR_PASSWORD: 'short' }, 'OPERATOR_PASSWORD=(hidden) must be at least 12 characters'],
    [{ SMS_PROVIDER_URL: 'ftp://sms.example' }, 'SMS_PROVIDER_URL="ftp://sms.example" must start with http:// or https://'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM="nobody" must be an address'],
    [{ ARGON2_MEMORY_KIB: 'lots' }, 'ARGON2_MEMORY_KIB="lots" must be a number of KiB'],
    [{ APP_ENV: 'production', ARGON2_MEMORY_KIB: '1024' }, 'ARGON2_MEMORY_KIB="1024" must be at least 19456 in production'],
    [{ APP_ENV: 'production', ARGON2_TIME_COST: '1' }, 'ARGON2_TIME_COST="1" must be at least 2 in production'],
    [{ DEVICE_COOKIE_SECRET: 'short' }, 'DEVICE_COOKIE_SECRET=(hidden) must be at least 32 characters'],
    [{ RATE_LIMIT_ALLOWLIST: '127.0.0.1,localhost' }, 'RATE_LIMIT_ALLOWLIST="127.0.0.1,localhost" must be a comma-separated list of IP addresses'],
  ])('refuses %o, naming the variable and never echoing a secret', (env, message) => {
    try {
      loadConfig(env);
      expect.unreachable('accepted a bad value');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toContain(message);
      expect((error as ConfigError).message).not.toContain('short"');
    }
  });

  it('allows cheaper hashing outside production, for test runs', () => {
    expect(loadConfig({ ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' }).argon2).toEqual({ memoryKib: 1024, timeCost: 1 });
  });
});
