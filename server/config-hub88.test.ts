import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

// HUB88_* (docs/decisions/0096-hub88-seamless-wallet.md): all unset leaves the adapter off; all four set turns it
// on; anything in between, or a key crypto cannot read, stops the server at start naming the variable.

const rsaPair = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const hub88 = rsaPair();
const ours = rsaPair();
const complete = {
  HUB88_OPERATOR_ID: '42',
  HUB88_API_URL: 'https://api.server1.ih.testenv.io/',
  HUB88_PUBLIC_KEY: hub88.publicKey,
  HUB88_PRIVATE_KEY: ours.privateKey,
};

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
};

describe('HUB88_* configuration', () => {
  it('leaves the adapter off when none is set', () => {
    expect(loadConfig({}).hub88).toBeUndefined();
  });

  it('turns it on with all four, keys parsed, and takes keys whose line breaks are written as \\n', () => {
    const config = loadConfig({ ...complete, HUB88_SUB_PARTNER_ID: 'my-casino-id' });
    expect(config.hub88).toMatchObject({ operatorId: 42, apiUrl: complete.HUB88_API_URL, subPartnerId: 'my-casino-id' });
    expect(config.hub88?.publicKey.type).toBe('public');
    expect(config.hub88?.privateKey.type).toBe('private');
    const escaped = loadConfig({
      ...complete,
      HUB88_PUBLIC_KEY: hub88.publicKey.replaceAll('\n', '\\n'),
      HUB88_PRIVATE_KEY: ours.privateKey.replaceAll('\n', '\\n'),
    }).hub88!;
    expect(escaped.publicKey.export({ type: 'spki', format: 'pem' })).toBe(hub88.publicKey);
    expect(escaped.privateKey.export({ type: 'pkcs8', format: 'pem' })).toBe(ours.privateKey);
  });

  it.each(Object.keys(complete))('refuses to start without %s when the others are set', (missing) => {
    const env = Object.fromEntries(Object.entries(complete).filter(([name]) => name !== missing));
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${missing}=`));
    expect(problems[0]).toContain('must be set with the other Hub88 variables');
  });

  it('refuses a sub-partner alone, naming each variable missing', () => {
    const problems = problemsOf({ HUB88_SUB_PARTNER_ID: 'my-casino-id' });
    expect(problems.map((problem) => problem.split('=')[0]).sort()).toEqual(['HUB88_API_URL', 'HUB88_OPERATOR_ID', 'HUB88_PRIVATE_KEY', 'HUB88_PUBLIC_KEY']);
  });

  it('refuses keys crypto cannot read, a private key where the public one belongs, and keeps key text out of the message', () => {
    const cases: [Record<string, string>, string][] = [
      [{ HUB88_PUBLIC_KEY: 'not a key' }, 'HUB88_PUBLIC_KEY=(hidden) must be an RSA public key in PEM'],
      [{ HUB88_PUBLIC_KEY: hub88.publicKey.replace('A', 'B').slice(0, 120) }, 'HUB88_PUBLIC_KEY=(hidden) must be an RSA public key in PEM'],
      [{ HUB88_PUBLIC_KEY: ours.privateKey }, 'HUB88_PUBLIC_KEY=(hidden) must be an RSA public key in PEM'],
      [{ HUB88_PRIVATE_KEY: hub88.publicKey }, 'HUB88_PRIVATE_KEY=(hidden) must be an RSA private key in PEM'],
      [{ HUB88_PRIVATE_KEY: ours.privateKey.slice(0, 200) }, 'HUB88_PRIVATE_KEY=(hidden) must be an RSA private key in PEM'],
    ];
    for (const [change, expected] of cases) {
      const problems = problemsOf({ ...complete, ...change });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(expected);
      expect(problems[0]).not.toContain('BEGIN');
    }
  });

  it('refuses an EC key: Hub88 signs with RSA', () => {
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(problemsOf({ ...complete, HUB88_PUBLIC_KEY: ec.publicKey })[0]).toMatch(/^HUB88_PUBLIC_KEY=\(hidden\) must be an RSA public key/);
    expect(problemsOf({ ...complete, HUB88_PRIVATE_KEY: ec.privateKey })[0]).toMatch(/^HUB88_PRIVATE_KEY=\(hidden\) must be an RSA private key/);
  });

  it('reads HUB88_GAME_ORIGINS as origins (a leading *. allowed), lower-cased, without a trailing slash or repeats', () => {
    expect(loadConfig(complete).hub88?.gameOrigins).toEqual([]);
    const config = loadConfig({
      ...complete,
      HUB88_GAME_ORIGINS: ' https://Games.Studio.example/ , https://*.cdn.example:8443,http://127.0.0.1:3106,https://games.studio.example',
    });
    expect(config.hub88?.gameOrigins).toEqual(['https://games.studio.example', 'https://*.cdn.example:8443', 'http://127.0.0.1:3106']);
  });

  it('refuses HUB88_GAME_ORIGINS with a path, another scheme, a bare wildcard or no host, and without the adapter', () => {
    for (const bad of [
      'https://games.example/play',
      'ftp://games.example',
      '*',
      'https://*',
      'https:',
      'games.example',
      'https://a.example,javascript:alert(1)',
      'https://user@games.example',
    ]) {
      const problems = problemsOf({ ...complete, HUB88_GAME_ORIGINS: bad });
      expect(problems, bad).toHaveLength(1);
      expect(problems[0]).toMatch(/^HUB88_GAME_ORIGINS=.* must be a comma-separated list of origins such as https:\/\/games\.studio\.example/);
    }
    const alone = problemsOf({ HUB88_GAME_ORIGINS: 'https://games.studio.example' });
    expect(alone.map((problem) => problem.split('=')[0]).sort()).toEqual(['HUB88_API_URL', 'HUB88_OPERATOR_ID', 'HUB88_PRIVATE_KEY', 'HUB88_PUBLIC_KEY']);
  });

  it('refuses an operator id that is no whole number and an API address that is no http(s) URL', () => {
    expect(problemsOf({ ...complete, HUB88_OPERATOR_ID: 'abc' })).toEqual(['HUB88_OPERATOR_ID="abc" must be a whole number']);
    expect(problemsOf({ ...complete, HUB88_OPERATOR_ID: '0' })).toEqual(['HUB88_OPERATOR_ID="0" must be at least 1']);
    expect(problemsOf({ ...complete, HUB88_API_URL: 'ftp://hub88.example' })[0]).toMatch(/^HUB88_API_URL="ftp:\/\/hub88.example" must start with/);
  });
});
