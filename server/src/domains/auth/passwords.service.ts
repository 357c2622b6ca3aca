import { createHmac } from 'node:crypto';
import bcrypt from 'bcryptjs';

/** Slow hashing of passwords; the cost is injectable so tests stay fast. */
export interface PasswordHasher {
  hash(plain: string): Promise<string>;
  verify(plain: string, hash: string): Promise<boolean>;
  /** Whether a stored hash should be replaced by a fresh one at the next sign-in (older scheme or lower cost). */
  isOutdated(hash: string): boolean;
}

/** Marks a hash made over the pre-hashed password (issue 27); a hash without it is bcrypt over the raw one. */
const PREHASHED = 'p2:';

/**
 * A fixed label, not a secret. Keying the pre-hash makes it ours alone: a plain SHA-256 of the password leaked
 * from some other site cannot be tried against our bcrypt hashes ("hash shucking"). Not SECRET_KEY: a
 * rotated key would lock every user out.
 */
const PREHASH_KEY = 'rdx-console/password/v2';

/**
 * bcrypt reads only the first 72 bytes of its input, so two long passwords that share them would both
 * sign in. The HMAC-SHA256 of the whole password, in base64 (44 characters, no NUL), counts every byte.
 */
export function prehash(plain: string): string {
  return createHmac('sha256', PREHASH_KEY).update(plain, 'utf8').digest('base64');
}

export function createPasswordHasher(cost = 11): PasswordHasher {
  return {
    hash: async (plain) => PREHASHED + (await bcrypt.hash(prehash(plain), cost)),
    // Hashes stored before issue 27 keep verifying the way they were made, until the sign-in that replaces them.
    verify: (plain, hash) =>
      hash.startsWith(PREHASHED)
        ? bcrypt.compare(prehash(plain), hash.slice(PREHASHED.length))
        : bcrypt.compare(plain, hash),
    isOutdated: (hash) => !hash.startsWith(PREHASHED) || bcrypt.getRounds(hash.slice(PREHASHED.length)) < cost,
  };
}
