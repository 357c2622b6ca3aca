import fc from 'fast-check';
import { hostileValue } from './hostile-values.js';
import { validish, type Hints, type JsonSchema } from './json-schema-arbitrary.js';

type Path = Array<string | number>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** Every place a field lives or could live: the value's own keys, the schema's known ones, nested. */
function pathsOf(value: unknown, schema: JsonSchema | undefined, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push([...prefix, i], ...pathsOf(item, schema?.items, [...prefix, i]));
    });
  } else if (isPlainObject(value)) {
    const keys = new Set([...Object.keys(value), ...Object.keys(schema?.properties ?? {})]);
    for (const key of keys) {
      out.push([...prefix, key], ...pathsOf(value[key], schema?.properties?.[key], [...prefix, key]));
    }
  }
  return out;
}

/** A copy of `value` with `replacement` at `path` (intermediate containers made as needed). */
function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const base = (Array.isArray(value) ? [...(value as unknown[])] : isPlainObject(value) ? { ...value } : {}) as Record<
    string | number,
    unknown
  >;
  // defineProperty: a key named __proto__ must become an own field that JSON.stringify writes out.
  Object.defineProperty(base, head, {
    value: setAt(base[head], rest, replacement),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return base;
}

function withoutKey(value: unknown, key: string): unknown {
  if (!isPlainObject(value)) return value;
  const { [key]: _dropped, ...rest } = value;
  return rest;
}

const extraKey = fc.constantFrom('__proto__', 'constructor', 'id', 'user_id', 'role', 'is_admin', 'extra', '', ' ');

/**
 * `schema`'s valid-ish values, then broken: one field given a hostile value, a required field dropped,
 * unknown fields added, or the whole thing replaced. A quarter go out unbroken, to reach the services.
 */
export function broken(schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  return validish(schema, '', hints).chain((valid) => {
    const paths = pathsOf(valid, schema);
    const required = (schema.required ?? []).filter((k) => isPlainObject(valid) && k in valid);
    const withExtras = fc
      .array(fc.tuple(extraKey, hostileValue), { minLength: 1, maxLength: 3 })
      .map((extras) => extras.reduce<unknown>((v, [k, h]) => setAt(v, [k], h), valid));
    const strategies: Array<fc.WeightedArbitrary<unknown>> = [
      { arbitrary: fc.constant(valid), weight: 3 },
      { arbitrary: withExtras, weight: 2 },
      { arbitrary: hostileValue, weight: 1 },
    ];
    if (paths.length > 0) {
      strategies.push({
        weight: 5,
        arbitrary: fc
          .tuple(fc.constantFrom(...paths), hostileValue)
          .map(([path, replacement]) => setAt(valid, path, replacement)),
      });
    }
    if (required.length > 0) {
      strategies.push({ weight: 2, arbitrary: fc.constantFrom(...required).map((k) => withoutKey(valid, k)) });
    }
    return fc.oneof(...strategies);
  });
}
