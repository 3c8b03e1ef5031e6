import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIGNER_SIGNATURE_HEADER, SIGNER_TIME_HEADER, signerHeaders, verifySignerRequest } from './signer-auth.ts';

// Requests between the web server and the signer (docs/decisions/0123): HMAC over time and body, five minutes' skew.

const SECRET = 'a shared signer secret of 32 characters or more';
const at = new Date('2026-11-27T12:00:00Z');

describe('signer request signatures', () => {
  it('accept the signed body within five minutes, and nothing else', () => {
    const body = '{"withdrawal_id":"0b8f…"}';
    const headers = signerHeaders(SECRET, body, at);
    expect(verifySignerRequest(SECRET, headers, body, at)).toBe(true);
    expect(verifySignerRequest(SECRET, headers, body, new Date(at.getTime() + 299_000))).toBe(true);
    expect(verifySignerRequest(SECRET, headers, body, new Date(at.getTime() + 301_000))).toBe(false);
    expect(verifySignerRequest(SECRET, headers, `${body} `, at)).toBe(false);
    expect(verifySignerRequest(`${SECRET}!`, headers, body, at)).toBe(false);
    expect(verifySignerRequest(SECRET, { ...headers, [SIGNER_TIME_HEADER]: String(Number(headers[SIGNER_TIME_HEADER]) + 1) }, body, at)).toBe(false);
    expect(verifySignerRequest(SECRET, { [SIGNER_TIME_HEADER]: headers[SIGNER_TIME_HEADER] }, body, at)).toBe(false);
    expect(verifySignerRequest(SECRET, { ...headers, [SIGNER_SIGNATURE_HEADER]: 'zz' }, body, at)).toBe(false);
  });

  it('refuse any change to a signed body (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ minLength: 1, maxLength: 5 }), (body, extra) => {
        const headers = signerHeaders(SECRET, body, at);
        expect(verifySignerRequest(SECRET, headers, body, at)).toBe(true);
        expect(verifySignerRequest(SECRET, headers, body + extra, at)).toBe(false);
      }),
      { seed: 123, numRuns: 200 },
    );
  });
});
