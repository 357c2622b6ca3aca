import { z } from 'zod';
import { HH_MM, LIMITS } from './constants.js';
import { labelOf } from './labels.js';
import { exactPaise } from './money.js';
import { rowId } from './route.js';

/** A 0/1 flag as SPEC stores it; booleans are accepted and turned into 0/1. */
export const FlagSchema = (field: string) =>
  z
    .union([z.literal(0), z.literal(1), z.boolean()], { error: `${labelOf(field)} must be 0 or 1` })
    .transform((v) => (v === true || v === 1 ? 1 : 0));

/** A whole number ≥ min, named in its error. */
export const intAtLeast = (field: string, min: number) =>
  z
    .number({ error: `${labelOf(field)} must be a number` })
    .int({ error: `${labelOf(field)} must be a whole number` })
    .min(min, { error: `${labelOf(field)} must be at least ${min}` });

/** A whole number in [min, max], named in its error by its on-screen label. */
export const intBetween = (field: string, min: number, max: number) =>
  intAtLeast(field, min).max(max, { error: `${labelOf(field)} must be at most ${max.toLocaleString('en-IN')}` });

/** A positive integer id in a JSON body. */
export const idField = (field: string, message = `${labelOf(field)} is required`) => rowId(message);

/** HH:MM, with its field named in the error. */
export const hhmm = (field: string) =>
  z.string().regex(HH_MM, { error: `${labelOf(field)} must be HH:MM (00:00-23:59)` });

/** Optional HH:MM: empty string and null both mean "not set". */
export const optionalHhmm = (field: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), hhmm(field).nullable());

/** Money and prices on the wire are numbers in rupees with at most two decimals. */
export const rupees = (field: string) =>
  z
    .number({ error: `${labelOf(field)} must be a number` })
    .finite({ error: `${labelOf(field)} must be a number` })
    .refine((v) => exactPaise(v) !== null, {
      error: `${labelOf(field)} may have at most two decimals`,
    });

/**
 * An optional loss or profit limit in rupees (issue 13): above zero, two decimals at most; empty string and
 * null both mean "no limit".
 */
export const optionalLimitRupees = (field: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    rupees(field)
      .refine((v) => v > 0, { error: `${labelOf(field)} must be more than 0` })
      .refine((v) => v <= LIMITS.maxRiskLimitRupees, {
        error: `${labelOf(field)} must be at most ${LIMITS.maxRiskLimitRupees.toLocaleString('en-IN')}`,
      })
      .nullable(),
  );

/** ISO-8601 UTC timestamp string. */
export const IsoTimeSchema = z.string();

/** limit/offset pagination of list calls (API default 50 and 0). */
export const PageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: 'Limit must be at least 1' })
    .max(500, { error: 'Limit must be at most 500' })
    .default(50),
  offset: z.coerce.number().int().min(0, { error: 'Offset must be at least 0' }).default(0),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;
