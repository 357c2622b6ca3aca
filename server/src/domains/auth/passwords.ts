import bcrypt from 'bcryptjs';

/** Slow hashing of passwords; the cost is injectable so tests stay fast. */
export interface PasswordHasher {
  hash(plain: string): Promise<string>;
  verify(plain: string, hash: string): Promise<boolean>;
}

export function createPasswordHasher(cost = 11): PasswordHasher {
  return {
    hash: (plain) => bcrypt.hash(plain, cost),
    verify: (plain, hash) => bcrypt.compare(plain, hash),
  };
}
