/**
 * Where failed logins are counted, shared by every instance (issue 10): Redis when the console has one,
 * else the database (login-failures.repository.ts has both). Keys are `user:<name>` and `addr:<ip>`; times
 * are epoch ms. A type of its own so that other domains (brokers counts failed Kite logins here too) can
 * take a store without reaching into this domain's repository.
 */
export interface LoginFailureStore {
  /** Counts a failure of `key` at `at`, `times` over (a guess at a locked name costs its address more). */
  record(key: string, at: number, times?: number): Promise<void>;
  /** Failure times of `key` after `since`. */
  since(key: string, since: number): Promise<number[]>;
  /** Failure times of each key after `since` (a key without any is absent): the users list's lock column. */
  sinceMany(keys: readonly string[], since: number): Promise<Map<string, number[]>>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}
