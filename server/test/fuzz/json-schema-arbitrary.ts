import fc from 'fast-check';
import { z } from 'zod';

/** The subset of JSON Schema that `z.toJSONSchema` writes for the contract's request schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

/**
 * A zod schema as JSON Schema, seen from the caller's side (`io: 'input'`): what a client may send.
 * Refinements and transforms have no JSON Schema form; they are dropped, which only makes inputs "valid-ish".
 */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

// Field names whose plain-string schemas are dates in disguise (a zod refine the JSON form cannot show):
// give them real dates as often as junk, so the fuzz reaches the services behind the date checks.
const DATE_FIELD = /date|^from$|^to$|_at$|At$/;

/**
 * A day or instant in the weeks around the tests' clock (23 Nov 2026), in the shapes the API reads. Not
 * wider: a historical fetch of a year of minute candles takes the sandbox seconds, and the hostile values
 * already bring the far past and future.
 */
const dateString = fc
  .date({ min: new Date(Date.UTC(2026, 9, 25)), max: new Date(Date.UTC(2026, 11, 31)), noInvalidDate: true })
  .chain((d) => fc.constantFrom(d.toISOString(), d.toISOString().slice(0, 10), d.toISOString().slice(0, 19) + 'Z'));

function stringArb(s: JsonSchema, name: string): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 60;
  const fits = (v: string) => v.length >= min && v.length <= max;
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  if (s.format === 'date-time' || s.format === 'date') return dateString;
  const text = fc.string({ minLength: min, maxLength: Math.min(max, 40), unit: 'grapheme-ascii' });
  const atLimit = fc.constant('x'.repeat(max));
  const arbs: Array<fc.WeightedArbitrary<string>> = [
    { arbitrary: text, weight: 6 },
    { arbitrary: atLimit, weight: 1 },
  ];
  if (DATE_FIELD.test(name)) arbs.push({ arbitrary: dateString, weight: 7 });
  return fc.oneof(...arbs);
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.01) : undefined);
  const high = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 0.01) : undefined);
  if (integer) {
    const min = Math.max(low ?? -1_000_000, Number.MIN_SAFE_INTEGER);
    const max = Math.min(high ?? 1_000_000, Number.MAX_SAFE_INTEGER);
    // Ids and counts: most rows the fixtures made have small ids, so small values reach real rows.
    const small = fc.integer({ min: Math.max(min, Math.min(1, max)), max: Math.min(max, Math.max(min, 40)) });
    return fc.oneof(
      { arbitrary: small, weight: 8 },
      { arbitrary: fc.constantFrom(min, max), weight: 1 },
      { arbitrary: fc.integer({ min, max }), weight: 1 },
    );
  }
  const min = low ?? -1e7;
  const max = high ?? 1e7;
  // Money travels as rupees with two decimals; whole and two-decimal values are what screens send.
  const cents = fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((c) => c / 100);
  return fc.oneof(cents, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}

/** Values known to name real rows or pass the checks a schema cannot show (ids, passwords, TOTP codes). */
export type Hints = Readonly<Record<string, readonly unknown[]>>;

/**
 * Values a well-behaved client could send for `s`: the starting point the mutations then break. A field
 * named in `hints` often takes one of the hinted values, so requests reach rows that exist.
 */
export function validish(s: JsonSchema, name = '', hints: Hints = {}): fc.Arbitrary<unknown> {
  const known = Object.hasOwn(hints, name) ? hints[name] : undefined;
  if (known && known.length > 0) {
    return fc.oneof(
      { arbitrary: fc.constantFrom(...known), weight: 3 },
      { arbitrary: fromSchema(s, name, hints), weight: 2 },
    );
  }
  return fromSchema(s, name, hints);
}

function fromSchema(s: JsonSchema, name: string, hints: Hints): fc.Arbitrary<unknown> {
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => validish(a, name, hints)));
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => fromSchema({ ...s, type }, name, hints)));
  switch (s.type) {
    case 'string':
      return stringArb(s, name);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? validish(s.items, name, hints) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, 5),
      });
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const entries = Object.entries(props).map(([key, sub]) => [key, validish(sub, key, hints)] as const);
      return fc.record(Object.fromEntries(entries), {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
