// Hub88's request signing: the raw request body is signed with RSA-SHA256 (PKCS#1 v1.5) by the caller's private key and
// sent base64-encoded in the X-Hub88-Signature header; the receiver verifies it with the caller's public key
// (https://docs.hub88.io/developer-docs/supplier-api-reference/supplier-api-overview, "Request signing logic").
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-hub88-signature';

/** A PEM from an environment variable: `\n` written as two characters (as .env files often do) becomes a new line. */
export function normalisePem(value: string): string {
  return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value;
}

export function privateKeyFrom(pem: string | KeyObject): KeyObject {
  return typeof pem === 'string' ? createPrivateKey(normalisePem(pem)) : pem;
}

export function publicKeyFrom(pem: string | KeyObject): KeyObject {
  if (typeof pem !== 'string') return pem.type === 'private' ? createPublicKey(pem) : pem;
  return createPublicKey(normalisePem(pem));
}

/** The X-Hub88-Signature value for exactly these body bytes. */
export function signBody(body: string | Uint8Array, privateKey: KeyObject): string {
  return sign('sha256', typeof body === 'string' ? Buffer.from(body) : body, privateKey).toString('base64');
}

/** True when `signature` is a valid base64 RSA-SHA256 signature of exactly these body bytes. */
export function verifyBody(body: string | Uint8Array, signature: string | undefined, publicKey: KeyObject): boolean {
  if (!signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature.trim())) return false;
  try {
    return verify('sha256', typeof body === 'string' ? Buffer.from(body) : body, publicKey, Buffer.from(signature.trim(), 'base64'));
  } catch {
    return false;
  }
}

/** A fresh 2048-bit RSA key pair as PEM (PKCS#8 private, SPKI public). */
export function generateRsaKeyPair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}
