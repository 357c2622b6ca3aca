import { z } from 'zod';

/** Stable machine-readable error codes; the UI may branch on these, never on message text. */
export const ErrorCodeSchema = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  /** The first-start admin must pick their own password before anything else (428). */
  'PASSWORD_CHANGE_REQUIRED',
  'UPSTREAM_FAILED',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** Body of every failed call: `error` is the human message, `code` the stable id. */
export const ErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: ErrorCodeSchema,
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The error of a request no route answers (an unknown /api path): it never repeats the path it was sent. */
export const UNKNOWN_ROUTE_ERROR = 'Not found';
