import { z } from 'zod';
import { labelOf } from './labels.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route. `public`: anyone; `user`: any signed-in account (ownership of
 * the addressed rows is then checked by the service); `admin`: admins only.
 */
export type Access = 'public' | 'user' | 'admin';

/**
 * One entry of the API contract. The server registers it (validation and response
 * serialization from these schemas) and the web client calls it (types inferred from them).
 * `ownerScoped` marks routes addressing rows that belong to one user, so the
 * authorization matrix knows to try them as a different user.
 */
export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path below `/api`, Fastify style (`/users/:id`). */
  path: string;
  access: Access;
  ownerScoped?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of `data` in the success envelope. */
  data: R;
}

export function defineRoute<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(def: RouteDef<P, Q, B, R>): RouteDef<P, Q, B, R> {
  return def;
}

/** Success envelope `{ success: true, data, message? }` around a route's data schema. */
export function envelope<R extends z.ZodType>(data: R) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

export type ParamsOf<T> = T extends RouteDef<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryOf<T> = T extends RouteDef<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<T> = T extends RouteDef<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type DataOf<T> = T extends RouteDef<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/**
 * The largest row id. Ids are PostgreSQL `serial` (32-bit) columns: a larger number names no row, and the
 * database would refuse to compare with it, so the edge refuses it first.
 */
export const MAX_ID = 2_147_483_647;

/** A row id in a JSON body or query (`coerce` for query strings), with the message it fails with. */
export const rowId = (message: string, coerce = false) =>
  (coerce ? z.coerce.number({ error: message }) : z.number({ error: message }))
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: message });

/** Path parameter `:id` as a positive integer (SPEC: ids parsed as integers). */
export const IdParamsSchema = z.object({ id: rowId('Id must be a positive whole number', true) });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** Reply of calls that only confirm. */
export const EmptyDataSchema = z.object({}).optional();

/** A trimmed, non-empty string with a field-specific message. */
export function requiredText(field: string, max = 200) {
  const label = labelOf(field);
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
}
