import type { ErrorCode } from '@app/contract';

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
