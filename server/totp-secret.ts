import { createGuardrails, generateSync } from 'otplib';

// The TOTP secrets otplib takes (docs/decisions/0080-staff-two-factor-sign-in.md). otplib 13 decodes the secret
// with its scure base32 plugin (case-insensitive RFC 4648 alphabet, padding optional, no stray bits in the last
// character) and refuses fewer than 16 or more than 64 decoded bytes, each time a code is made or checked. A
// secret it refuses at start would lock its operator out with nothing said, so every secret that comes in from
// outside is checked here first, by asking otplib itself; our own checks only choose the words.

const { MIN_SECRET_BYTES, MAX_SECRET_BYTES } = createGuardrails();
/** Base32 characters (5 bits each) of the shortest and the longest secret otplib takes: 26 and 103. */
export const TOTP_SECRET_LENGTH = { min: Math.ceil((MIN_SECRET_BYTES * 8) / 5), max: Math.ceil((MAX_SECRET_BYTES * 8) / 5) } as const;

const ALPHABET = 'base32 characters (A–Z, 2–7)';

/** Whether otplib makes a code from `secret` (it throws otherwise). */
function otplibTakes(secret: string): boolean {
  try {
    generateSync({ secret, epoch: 0 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Null when otplib takes `secret`; else what is wrong with it, worded to follow a variable's name. The words
 * never quote the secret or any character of it: they end up in logs.
 */
export function totpSecretProblem(secret: string): string | null {
  if (otplibTakes(secret)) return null;
  const characters = secret.replace(/=+$/, '');
  if (!/^[A-Za-z2-7]*$/.test(characters)) return `must hold only ${ALPHABET}: no spaces, dashes, 0, 1, 8 or 9`;
  if (characters.length < TOTP_SECRET_LENGTH.min) return `must be at least ${TOTP_SECRET_LENGTH.min} ${ALPHABET}; it has ${characters.length}.`;
  if (characters.length > TOTP_SECRET_LENGTH.max) return `must be at most ${TOTP_SECRET_LENGTH.max} ${ALPHABET}; it has ${characters.length}.`;
  return `is not whole base32: ${characters.length} characters ending this way cannot be decoded (is one missing or extra?)`;
}

/** The one spelling of a secret otplib takes: upper case, without padding (otplib reads both alike). */
export const canonicalTotpSecret = (secret: string) => secret.toUpperCase().replace(/=+$/, '');
