import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';

// RSA keys that come in through the environment (the Hub88 wallet's, docs/decisions/0096-hub88-seamless-wallet.md).
// Process managers and .env files often cannot hold a multi-line value, so a PEM may arrive with its line breaks
// written as the two characters `\n`; both spellings are read. A key crypto cannot read, or that is not RSA, is
// refused at start rather than on the first signed call.

/**
 * The key, or null when `pem` is not an RSA key of that kind. crypto derives a public key from a private one; a
 * private key where a public one belongs is refused all the same (it is a secret in the wrong place).
 */
export function rsaKey(pem: string, kind: 'public' | 'private'): KeyObject | null {
  if (kind === 'public' && pem.includes('PRIVATE KEY')) return null;
  try {
    const key = (kind === 'public' ? createPublicKey : createPrivateKey)(pem.replaceAll('\\n', '\n'));
    return key.asymmetricKeyType === 'rsa' ? key : null;
  } catch {
    return null;
  }
}

/** An environment variable holding an RSA key in PEM, parsed into the key (server/config.ts); `message` when it is none. */
export const rsaPemVariable = (kind: 'public' | 'private', message: string) =>
  z
    .string()
    .refine((pem) => rsaKey(pem, kind) !== null, message)
    .transform((pem) => rsaKey(pem, kind)!);
