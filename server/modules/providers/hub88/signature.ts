import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

// Hub88 signs every request body with RSA-SHA256 (PKCS#1 v1.5) and sends the signature in base64 in the
// X-Hub88-Signature header; each side checks the other's requests with the other's public key
// (docs/decisions/0096-hub88-seamless-wallet.md). The signature covers the body's bytes exactly as sent.

export const SIGNATURE_HEADER = 'x-hub88-signature';

// Canonical base64 only: Node's decoder skips characters it does not know, so a header with junk around a valid
// signature would otherwise pass.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

type Key = KeyObject | string;

/** The base64 RSA-SHA256 signature of `rawBody` with our private key, for the X-Hub88-Signature header. */
export function signBody(privateKey: Key, rawBody: string | Buffer): string {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  return sign('sha256', typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody, key).toString('base64');
}

/** Whether `signature` (base64, as the header carries it) is the sender's RSA-SHA256 signature of exactly `rawBody`. */
export function verifyBody(publicKey: Key, rawBody: string | Buffer, signature: string | undefined | null): boolean {
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 4096 || !BASE64.test(signature)) return false;
  try {
    const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
    return verify('sha256', typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
