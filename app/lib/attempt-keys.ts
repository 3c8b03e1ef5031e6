/** A v4 UUID; crypto.randomUUID exists only in secure contexts, so a site opened over plain HTTP on a LAN falls back. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of each payment attempt. The same request sent again after no definite answer (the
 * network failed or the server erred) is the same attempt and keeps its key, so the server moves the money
 * at most once; a changed request, or one after a definite answer, is a new attempt with a new key.
 */
export function createAttemptKeys() {
  let last: { request: string; key: string; answered: boolean } | null = null;
  return {
    keyFor(request: unknown): string {
      const fingerprint = JSON.stringify(request);
      if (last && last.request === fingerprint && !last.answered) return last.key;
      last = { request: fingerprint, key: newKey(), answered: false };
      return last.key;
    },
    /** The HTTP status the attempt got; 0 is a network failure. */
    answered(status: number): void {
      if (last && status > 0 && status < 500) last.answered = true;
    },
  };
}
