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

/** A round's fair floats drawn on demand: `take(n)` is always the first n of the one stream. */
export type FairFloatStream = {
  /** The stream's first `count` floats, computing only the HMAC blocks not drawn before. */
  take(count: number): Promise<number[]>;
};

/**
 * The floats in [0, 1) of a round. Block r is HMAC-SHA256 with key = the server seed string's UTF-8 bytes (the
 * 64 hex characters themselves, not the 32 bytes they spell, so any HMAC tool reproduces it) and message
 * `${clientSeed}:${nonce}:${r}`; its 32 bytes give floats 8r..8r+7, each from four bytes b0..b3 as
 * b0/256 + b1/256² + b2/256³ + b3/256⁴. Blocks are computed in order and kept, so a game draws only what it uses
 * and a shorter draw is always a prefix of a longer one (docs/decisions/0045-one-balance-per-round.md).
 */
export function fairFloatStream(serverSeed: string, clientSeed: string, nonce: number): FairFloatStream {
  if (serverSeed.length === 0) throw new RangeError('The server seed must not be empty');
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('The nonce must be a non-negative integer');
  let key: Promise<CryptoKey> | undefined;
  const floats: number[] = [];
  // One draw at a time, so two overlapping `take`s never compute (or append) a block twice.
  let drawing: Promise<unknown> = Promise.resolve();
  async function extend(count: number): Promise<void> {
    key ??= globalThis.crypto.subtle.importKey('raw', encoder.encode(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    while (floats.length < count) {
      const round = floats.length / 8;
      const block = new DataView(await globalThis.crypto.subtle.sign('HMAC', await key, encoder.encode(`${clientSeed}:${nonce}:${round}`)));
      // The big-endian 32-bit integer over 2^32 equals the byte formula exactly: every term is a dyadic
      // fraction with at most 32 significant bits, well inside a double's 53.
      for (let offset = 0; offset < 32; offset += 4) floats.push(block.getUint32(offset, false) / 2 ** 32);
    }
  }
  return {
    async take(count) {
      if (!Number.isSafeInteger(count) || count < 0) throw new RangeError('The float count must be a non-negative integer');
      if (floats.length < count) {
        const drawn = drawing.then(() => extend(count));
        drawing = drawn.catch(() => undefined);
        await drawn;
      }
      return floats.slice(0, count);
    },
  };
}

/** The first `count` floats of a round's stream (fairFloatStream); a shorter count is a prefix of a longer one. */
export async function fairFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): Promise<number[]> {
  return fairFloatStream(serverSeed, clientSeed, nonce).take(count);
}

function randomHex(bytes: number): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
