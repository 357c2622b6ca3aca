/**
 * Small integer hashes for the sandbox's prices. Everything random in the sandbox is a hash of
 * (seed, name, numbers), never a stateful generator, so any price is a pure function of its inputs and
 * can be recomputed for history exactly as the live feed produced it.
 */

/** Mixes 32 bits thoroughly (the "lowbias32" finaliser); returns an unsigned 32-bit integer. */
export function mix32(value: number): number {
  let x = value | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** FNV-1a over a string's UTF-16 code units, then mixed. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** Hashes a sequence of integers (and a starting hash) into one 32-bit value. */
export function hashInts(start: number, ...values: number[]): number {
  let h = start >>> 0;
  for (const v of values) {
    // Split so values beyond 32 bits (epoch seconds, days) still change the hash.
    h = mix32(h ^ mix32(v | 0));
    h = mix32(h + Math.floor(v / 4294967296));
  }
  return h;
}

/** The hash of a seed (number or string) every other hash starts from. */
export function seedHash(seed: number | string): number {
  return typeof seed === 'number' ? hashInts(0x5eed, seed) : hashString(`seed:${seed}`);
}

/**
 * A standard-normal-like draw from one hash: the sum of its four bytes (Irwin–Hall, n = 4) rescaled to
 * mean 0 and variance 1. Coarse in the tails, which a sandbox does not mind, and cheap.
 */
export function normalFromHash(hash: number): number {
  const sum = (hash & 0xff) + ((hash >>> 8) & 0xff) + ((hash >>> 16) & 0xff) + (hash >>> 24);
  return (sum - 510) / 147.8;
}

/** A uniform draw in [0, 1) from a hash. */
export function uniformFromHash(hash: number): number {
  return hash / 4294967296;
}
