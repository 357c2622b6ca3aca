import { labelOf, MSG, type ErrorCode } from '@app/contract';

/** An error with a contract code and HTTP status; the one error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'VALIDATION_FAILED', message, details);
export const unauthenticated = (message: string) => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', message, { retryAfterSeconds });
export const upstreamFailed = (message: string) => new AppError(502, 'UPSTREAM_FAILED', message);

/**
 * Whether a database error is a unique-constraint violation (two requests racing to create the same row):
 * better-sqlite3 says SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY, PostgreSQL SQLSTATE 23505.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const code = err.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/**
 * Whether a database error is a reference refusal: a row names another that does not exist (or is still
 * named by others). better-sqlite3 says SQLITE_CONSTRAINT_FOREIGNKEY, PostgreSQL 23503 (a foreign key, or
 * the per-statement reference checks of migration 202611260007) or 23001.
 */
export function isReferenceViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const code = err.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503' || code === '23001';
}

/** What the database said, reduced to the parts the mapping reads (better-sqlite3's and pg's errors both fit). */
interface DatabaseError {
  code: string;
  message?: string;
  /** pg: the column of a NOT NULL violation. */
  column?: string;
}

const isDatabaseError = (err: unknown): err is DatabaseError =>
  typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string';

/** The column SQLite names in "NOT NULL constraint failed: users.username". */
const sqliteColumn = (message = '') => /constraint failed: \w+\.(\w+)/.exec(message)?.[1];

export const DB_REFUSAL = {
  reference: 'This refers to a record that does not exist, or is still used by another record',
  missing: (label: string) => `${label} is required`,
  notAllowed: 'A value is not allowed here',
  cannotStore: 'A value is too long, out of range or not in a form that can be stored',
} as const;

/**
 * A database's refusal of the values a request brought, as the answer the caller gets: a constraint
 * violation is 409 (unique, foreign key: the state of other rows is in the way) or 400 (not null, check),
 * and PostgreSQL's data exceptions (class 22: too long, out of range, bad text, NUL bytes) are 400.
 * A service's own checks come first and say more; this is the net under them, so no input reaches a 500.
 * Null when the error is no such refusal (then it is our fault, and a 500).
 */
export function databaseRefusal(err: unknown): AppError | null {
  if (!isDatabaseError(err)) return null;
  const { code } = err;
  // PostgreSQL's SQLSTATE: five characters, the first two the class (22 data exception, 23 constraint).
  const sqlClass = /^[0-9A-Z]{5}$/.test(code) ? code.slice(0, 2) : '';
  if (isUniqueViolation(err) || code === '23P01') return conflict(MSG.alreadyExists);
  if (isReferenceViolation(err)) return conflict(DB_REFUSAL.reference);
  if (code === 'SQLITE_CONSTRAINT_NOTNULL' || code === '23502') {
    const column = err.column ?? sqliteColumn(err.message);
    return badRequest(column ? DB_REFUSAL.missing(labelOf(column)) : DB_REFUSAL.notAllowed);
  }
  if (code.startsWith('SQLITE_CONSTRAINT') || sqlClass === '23') return badRequest(DB_REFUSAL.notAllowed);
  if (code === 'SQLITE_TOOBIG' || code === 'SQLITE_MISMATCH' || sqlClass === '22') {
    return badRequest(DB_REFUSAL.cannotStore);
  }
  return null;
}
