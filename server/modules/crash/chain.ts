// The crash hash chain on the server (docs/decisions/0071-crash.md): h_L = seed, h_{i−1} = SHA-256(h_i), h_0
// published first. node:crypto here for speed; games/crash/crash.ts has the same hash for the browser.

import { createHash, randomBytes } from 'node:crypto';

/** Games per chain; a new chain (with its own published hash) starts when one runs out. */
export const CHAIN_LENGTH = 10_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A fresh secret seed (or the tests' known one, docs/decisions/0101) and the terminating hash h_0 to publish. */
export function newChain(length = CHAIN_LENGTH, seed = randomBytes(32).toString('hex')): { seed: string; terminatingHash: string; length: number } {
  return { seed, terminatingHash: hashAt(seed, length, 0), length };
}

/** h_index of the chain: SHA-256 applied (length − index) times to the seed. */
export function hashAt(seed: string, length: number, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > length) throw new RangeError('No such link of the chain');
  let hash = seed;
  for (let i = length; i > index; i--) hash = sha256(hash);
  return hash;
}
