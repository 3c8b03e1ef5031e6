import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { totpSecretProblem } from '../../totp-secret.ts';
import { sha256 } from '../accounts/secrets.ts';

// TOTP (RFC 6238) for staff sign-in through otplib, and one-time recovery codes (decision 0080). A code is accepted
// for its own 30-second step and one step either side (clock drift), and only for a step later than the last one
// accepted, so a code seen over a shoulder or in a log cannot be used twice.

export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const newTotpSecret = () => generateSecret();
export const otpauthUrl = (issuer: string, email: string, secret: string) => generateURI({ issuer, label: email, secret });

/** What otplib said when it refused to check a code at all: its error's name and, for the secret, why (never the secret). */
export type TotpRefusal = { error: string; reason: string };

/**
 * The matched time step of a valid code later than `afterStep`, else null. When otplib throws instead of
 * answering (a stored secret it refuses: no code will ever match it), `onRefused` hears it: a lock-out is said,
 * never swallowed as a wrong code.
 */
export async function matchTotp(
  secret: string,
  code: string,
  afterStep: number | null,
  at: Date,
  onRefused?: (refusal: TotpRefusal) => void,
): Promise<number | null> {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const epoch = Math.floor(at.getTime() / 1000);
  try {
    const result = await verify({ secret, token: code, epoch, epochTolerance: 30 });
    if (!result.valid) return null;
    const step = 'timeStep' in result ? (result.timeStep as number) : null;
    return step === null || (afterStep !== null && step <= afterStep) ? null : step;
  } catch (error) {
    // otplib's own message may quote a character of the secret; its name and our words do not.
    onRefused?.({ error: error instanceof Error ? error.name : 'unknown', reason: totpSecretProblem(secret) ?? 'otplib failed to check the code' });
    return null;
  }
}

/** Ten fresh recovery codes, shown once as `XXXXX-XXXXX`; only their hashes are kept. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

/** Case, spaces and the dash do not matter when a code is typed back. */
export const recoveryCodeHash = (code: string) => sha256(code.toUpperCase().replace(/[\s-]/g, ''));
export const looksLikeRecoveryCode = (code: string) => /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(code.trim());
