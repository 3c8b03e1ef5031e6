import { describe, expect, it } from 'vitest';
import { ARGON2_MINIMUM, loadConfig } from '../../config.ts';
import { commonPasswordCount, createPasswordHasher, isCommonPassword } from './passwords.ts';

describe('password hashing', () => {
  it('uses argon2id at OWASP’s minimum (m = 19 MiB, t = 2, p = 1) by default', async () => {
    const hasher = createPasswordHasher(loadConfig({}).argon2);
    const hash = await hasher.hash('Lucky#Seven77');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(ARGON2_MINIMUM).toEqual({ memoryKib: 19456, timeCost: 2 });
    expect(await hasher.verify(hash, 'Lucky#Seven77')).toBe(true);
    expect(await hasher.verify(hash, 'lucky#seven77')).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  it('salts every hash, fails closed on a malformed hash, and asks to rehash weaker ones', async () => {
    const weak = createPasswordHasher({ memoryKib: 1024, timeCost: 1 });
    const strong = createPasswordHasher({ memoryKib: 19456, timeCost: 2 });
    const [a, b] = [await weak.hash('same'), await weak.hash('same')];
    expect(a).not.toBe(b);
    expect(await weak.verify('not a hash', 'same')).toBe(false);
    expect(strong.needsRehash(a)).toBe(true);
    expect(weak.needsRehash(a)).toBe(false);
  });

  it('spends a verification on unknown accounts and always fails', async () => {
    const hasher = createPasswordHasher({ memoryKib: 1024, timeCost: 1 });
    expect(await hasher.verifyNothing('not a password of anyone')).toBe(false);
  });
});

describe('the common-password list', () => {
  it('holds at least the 10,000 most common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it('refuses listed passwords whatever their case, and lets others through', () => {
    for (const common of ['123456', 'password', 'qwerty', 'p@ssw0rd', 'password1!', 'PassWord1!', ' p@ssw0rd '])
      expect(isCommonPassword(common), common).toBe(true);
    for (const rare of ['Lucky#Seven77', 'correct-horse-battery-9', '']) expect(isCommonPassword(rare), rare).toBe(false);
  });
});
