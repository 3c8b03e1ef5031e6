// A fast seeded generator for simulations and tests (Monte-Carlo RTP checks, the blackjack benchmark).
// Never for real play: real rounds draw from fairness.ts. xoshiro128** has a period of 2^128 − 1, so
// streams of billions of draws from different seeds do not overlap in practice.

export type FloatSource = () => number;

/** A generator of floats in [0, 1) with 32 bits each, seeded from one integer via splitmix32. */
export function simulationFloats(seed: number): FloatSource {
  let s = seed >>> 0;
  const splitmix = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  return () => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result / 2 ** 32;
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
