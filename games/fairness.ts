// The provably fair random source every game draws from (docs/decisions/0040-games-maths.md). This scheme is
// a public contract: the verification page recomputes rounds in the browser with exactly this code, so it
// runs on WebCrypto only (Node 24 and browsers) and must never change for seeds already in use.

const encoder = new TextEncoder();

/** A new server seed: 32 random bytes as 64 lowercase hex characters. */
export function generateServerSeed(): string {
  return randomHex(32);
}

/** A client seed for players who have not chosen one: 8 random bytes as 16 hex characters. */
export function defaultClientSeed(): string {
  return randomHex(8);
}

/**
 * SHA-256 of the server seed's UTF-8 bytes, lowercase hex: the commitment published before play. Hashing
 * the string (not the decoded hex) lets a player check it with any SHA-256 tool by pasting the seed.
 */
export async function hashServerSeed(seed: string): Promise<string> {
  return toHex(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(seed))));
}

/**
 * The first `count` floats in [0, 1) of a round. Block r is HMAC-SHA256 with key = the server seed string's
 * UTF-8 bytes (the 64 hex characters themselves, not the 32 bytes they spell, so any HMAC tool reproduces it)
 * and message `${clientSeed}:${nonce}:${r}`; its 32 bytes give floats 8r..8r+7, each from four bytes
 * b0..b3 as b0/256 + b1/256² + b2/256³ + b3/256⁴. A shorter count is always a prefix of a longer one, so a
 * game may ask for more floats than it ends up using.
 */
export async function fairFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): Promise<number[]> {
  if (serverSeed.length === 0) throw new RangeError('The server seed must not be empty');
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('The nonce must be a non-negative integer');
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError('The float count must be a non-negative integer');
  const key = await globalThis.crypto.subtle.importKey('raw', encoder.encode(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const floats: number[] = [];
  for (let round = 0; floats.length < count; round++) {
    const block = new DataView(await globalThis.crypto.subtle.sign('HMAC', key, encoder.encode(`${clientSeed}:${nonce}:${round}`)));
    for (let offset = 0; offset < 32 && floats.length < count; offset += 4) {
      // The big-endian 32-bit integer over 2^32 equals the byte formula exactly: every term is a dyadic
      // fraction with at most 32 significant bits, well inside a double's 53.
      floats.push(block.getUint32(offset, false) / 2 ** 32);
    }
  }
  return floats;
}

function randomHex(bytes: number): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
