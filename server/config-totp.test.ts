import fc from 'fast-check';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { TOTP_SECRET_LENGTH } from './totp-secret.ts';

// OPERATOR_TOTP_SECRET (docs/decisions/0080): accepted at start exactly when otplib can make codes from it. The
// config once took 16 base32 characters, which otplib 13 refuses on every code: the first operator was locked out.

const problemsOf = (secret: string): string[] => {
  try {
    loadConfig({ OPERATOR_TOTP_SECRET: secret });
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
};
const otplibTakes = (secret: string) => {
  try {
    generateSync({ secret });
    return true;
  } catch {
    return false;
  }
};

describe('OPERATOR_TOTP_SECRET', () => {
  it('otplib 13 takes 16 to 64 bytes: 26 to 103 base32 characters', () => {
    expect(TOTP_SECRET_LENGTH).toEqual({ min: 26, max: 103 });
  });

  it.each([
    ['JBSWY3DPEHPK3PXP', 'must be at least 26 base32 characters (A–Z, 2–7); it has 16.'],
    ['JBSWY3DPEHPK3PXPJBSWY3DP', 'must be at least 26 base32 characters (A–Z, 2–7); it has 24.'],
    ['JBSWY3DPEHPK3PXPJBSWY3DPE', 'must be at least 26 base32 characters (A–Z, 2–7); it has 25.'],
    ['A'.repeat(104), 'must be at most 103 base32 characters (A–Z, 2–7); it has 104.'],
    ['JBSWY3DPEHPK3PXP JBSWY3DPEHPK3PXP', 'must hold only base32 characters (A–Z, 2–7): no spaces, dashes, 0, 1, 8 or 9'],
    ['JBSWY3DPEHPK3PXP01890189', 'must hold only base32 characters (A–Z, 2–7): no spaces, dashes, 0, 1, 8 or 9'],
    // A character too many, or a last character whose spare bits are not zero: not what any encoder writes.
    ['JBSWY3DPEHPK3PXPJBSWY3DPEHP', 'is not whole base32: 27 characters ending this way cannot be decoded (is one missing or extra?)'],
    ['JBSWY3DPEHPK3PXPJBSWY3DPEF', 'is not whole base32: 26 characters ending this way cannot be decoded (is one missing or extra?)'],
  ])('refuses %s at start, naming the variable and what is wrong, never the secret', (secret, reason) => {
    const problems = problemsOf(secret);
    expect(problems).toEqual([`OPERATOR_TOTP_SECRET=(hidden) ${reason}`]);
    expect(problems.join()).not.toContain(secret.slice(0, 8));
    expect(otplibTakes(secret)).toBe(false);
  });

  it('takes the shortest secret otplib takes (26 characters) and the longest (103), and secrets as apps spell them', () => {
    const operator = { OPERATOR_EMAIL: 'ops@casino.example', OPERATOR_PASSWORD: 'a long operator secret' };
    const totpOf = (secret: string) => loadConfig({ ...operator, OPERATOR_TOTP_SECRET: secret }).operator?.totpSecret;
    expect(totpOf('JBSWY3DPEHPK3PXPJBSWY3DPEE')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEE');
    expect(totpOf('A'.repeat(103))).toBe('A'.repeat(103));
    expect(totpOf('KRUGKIDROVUWG2ZAMJZG653OEBTG66BA')).toBe('KRUGKIDROVUWG2ZAMJZG653OEBTG66BA');
    // otplib reads lower case and padding alike; the stored spelling is one.
    expect(totpOf('jbswy3dpehpk3pxpjbswy3dpee')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEE');
    expect(totpOf('JBSWY3DPEHPK3PXPJBSWY3DPEE======')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEE');
  });

  it('is accepted exactly when otplib can make a code from it', () => {
    const character = fc.oneof(
      { weight: 20, arbitrary: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567') },
      { weight: 2, arbitrary: fc.constantFrom(...'abcxyz') },
      { weight: 1, arbitrary: fc.constantFrom('=', ' ', '-', '0', '1', '8', '9') },
    );
    fc.assert(
      fc.property(fc.array(character, { maxLength: 110 }), (characters) => {
        const secret = characters.join('');
        // An empty variable means "not set" (config.ts).
        fc.pre(secret !== '');
        expect(problemsOf(secret).length === 0).toBe(otplibTakes(secret));
      }),
      { numRuns: 400 },
    );
    for (let length = 1; length <= 110; length++) {
      const secret = 'A'.repeat(length);
      expect(problemsOf(secret).length === 0, `${length} characters`).toBe(otplibTakes(secret));
    }
  });
});
