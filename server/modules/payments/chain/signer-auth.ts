import { createHmac, timingSafeEqual } from 'node:crypto';

// How the web server and the signer know each other (docs/decisions/0123-signer.md): every request to the signer
// carries the time and HMAC-SHA256 over "{time}.{body}" under the shared SIGNER_SECRET. The signer refuses a request
// whose signature differs (compared in constant time) or whose time is more than five minutes off. A replayed
// request repeats an idempotent one (pay withdrawal {id}, sweep), so replay changes nothing.

export const SIGNER_TIME_HEADER = 'x-signer-time';
export const SIGNER_SIGNATURE_HEADER = 'x-signer-signature';
export const SIGNER_MAX_SKEW_SECONDS = 300;

export function signerSignature(secret: string, time: string, body: string): string {
  return createHmac('sha256', secret).update(`${time}.${body}`).digest('hex');
}

/** The headers a request to the signer carries. */
export function signerHeaders(secret: string, body: string, now: Date = new Date()): Record<string, string> {
  const time = String(Math.floor(now.getTime() / 1000));
  return { [SIGNER_TIME_HEADER]: time, [SIGNER_SIGNATURE_HEADER]: signerSignature(secret, time, body), 'content-type': 'application/json' };
}

/** True when the request is signed with the secret and its time is within five minutes of `now`. */
export function verifySignerRequest(secret: string, headers: Record<string, string | string[] | undefined>, body: string, now: Date = new Date()): boolean {
  const time = headers[SIGNER_TIME_HEADER];
  const signature = headers[SIGNER_SIGNATURE_HEADER];
  if (typeof time !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(time) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(Number(time) - now.getTime() / 1000) > SIGNER_MAX_SKEW_SECONDS) return false;
  const expected = Buffer.from(signerSignature(secret, time, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
