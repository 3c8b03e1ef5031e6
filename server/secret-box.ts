import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Secrets at rest: identity documents (docs/decisions/0060-identity-documents.md) and staff TOTP secrets
// (docs/decisions/0080-staff-two-factor-sign-in.md). AES-256-GCM, a fresh 96-bit IV per seal, the 128-bit tag
// checked before a byte is handed out. What the bytes belong to (a document's storage key, a staff id) is
// authenticated data, so bytes copied onto another owner do not open. Layout: version (1 byte) · IV (12) · tag (16) ·
// ciphertext.

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER = 1 + IV_BYTES + TAG_BYTES;

export type SecretBox = {
  seal(plain: Buffer, owner: string): Buffer;
  /** Throws when the sealed bytes were changed, truncated, moved to another owner or sealed under another key. */
  open(sealed: Buffer, owner: string): Buffer;
};

/** `keyHex`: 64 hex characters (a configured key, or the secret generated into DATA_DIR/secrets/). */
export function createSecretBox(keyHex: string): SecretBox {
  if (!/^[0-9a-fA-F]{64}$/.test(keyHex)) throw new Error('The key must be 64 hexadecimal characters');
  const key = Buffer.from(keyHex, 'hex');
  return {
    seal(plain, owner) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(owner, 'utf8'));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
    },
    open(sealed, owner) {
      if (sealed.length < HEADER || sealed[0] !== VERSION) throw new Error('Not sealed bytes');
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 1 + IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(owner, 'utf8'));
      decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, HEADER));
      return Buffer.concat([decipher.update(sealed.subarray(HEADER)), decipher.final()]);
    },
  };
}
