import { createPrivateKey, createPublicKey, createSign, generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signBody, verifyBody } from './signature.ts';

// X-Hub88-Signature: RSA-SHA256 over the body's bytes, in base64 (docs/decisions/0096-hub88-seamless-wallet.md).

const rsaPair = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const hub88 = rsaPair();
const stranger = rsaPair();
const body = '{"user":"3nYTOSjdlF6UTz9Ir","request_uuid":"583c985f-fee6-4c0e-bbf5-308aad6265af","amount":100500}';

describe('signBody and verifyBody', () => {
  it('sign what OpenSSL calls RSA-SHA256, in base64, and check it', () => {
    const signature = signBody(hub88.privateKey, body);
    expect(signature).toBe(createSign('RSA-SHA256').update(body).sign(hub88.privateKey, 'base64'));
    expect(verifyBody(hub88.publicKey, body, signature)).toBe(true);
    // Keys as KeyObjects and bodies as bytes alike.
    expect(verifyBody(createPublicKey(hub88.publicKey), Buffer.from(body), signBody(createPrivateKey(hub88.privateKey), Buffer.from(body)))).toBe(true);
  });

  it('refuse a body changed by one byte, anywhere', () => {
    const signature = signBody(hub88.privateKey, body);
    fc.assert(
      fc.property(fc.nat({ max: body.length - 1 }), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const bytes = Buffer.from(body);
        bytes[at] = bytes[at]! ^ flip;
        expect(verifyBody(hub88.publicKey, bytes, signature)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it('refuse another key’s signature, a missing or empty one, and junk around a good one', () => {
    const signature = signBody(hub88.privateKey, body);
    expect(verifyBody(hub88.publicKey, body, signBody(stranger.privateKey, body))).toBe(false);
    expect(verifyBody(stranger.publicKey, body, signature)).toBe(false);
    for (const bad of [
      undefined,
      null,
      '',
      ' ',
      'not base64!',
      `${signature}!!`,
      ` ${signature}`,
      `${signature}\n`,
      signature.slice(0, -4),
      'A'.repeat(5000),
    ]) {
      expect(verifyBody(hub88.publicKey, body, bad)).toBe(false);
    }
  });
});
