import type { RouteDef } from '@app/contract';
import fc from 'fast-check';
import { encodeLoosely, hostileSegment, HOSTILE_STRINGS, RawJson, serializeJson } from './hostile-values.js';
import { toJsonSchema, validish, type Hints, type JsonSchema } from './json-schema-arbitrary.js';
import { broken } from './mutate.js';

/** Who sends: the fuzz's admin or user (valid sessions), nobody, or a token nobody was given. */
export type Actor = 'admin' | 'user' | 'none' | 'forged';

export interface FuzzRequest {
  actor: Actor;
  method: RouteDef['method'];
  url: string;
  contentType?: string;
  payload?: string;
}

const actorArb = fc.oneof(
  { arbitrary: fc.constant<Actor>('admin'), weight: 9 },
  { arbitrary: fc.constant<Actor>('user'), weight: 9 },
  { arbitrary: fc.constant<Actor>('none'), weight: 1 },
  { arbitrary: fc.constant<Actor>('forged'), weight: 1 },
);

const contentTypeArb = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json, text/plain',
    ),
    weight: 1,
  },
);

/** Bodies no JSON parser should accept, or only just. */
const rawBodyArb = fc.constantFrom(
  '',
  '{',
  '{"a":',
  'not json',
  '\uFEFF{}',
  '{"a":1,"a":2}',
  '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}',
  '[1,2,3]',
  '"just a string"',
  'null',
  '\u0000',
);

/** One query value as text: strings as they are, objects as JSON, RawJson as written. */
function textOf(v: unknown): string {
  if (v instanceof RawJson) return v.text;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return v === null || v === undefined ? '' : (JSON.stringify(v) ?? '');
}

/** A query object (or whatever the mutation left) as the query string a client could send. */
function toQueryString(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof RawJson) {
    return encodeLoosely(textOf(value));
  }
  const part = (key: string, v: unknown): string[] =>
    Array.isArray(v) ? v.flatMap((item) => part(key, item)) : [`${encodeLoosely(key)}=${encodeLoosely(textOf(v))}`];
  return Object.entries(value)
    .flatMap(([k, v]) => part(k, v))
    .join('&');
}

const rawQueryArb = fc.constantFrom(
  '%ZZ',
  'limit=%',
  'limit[]=1&limit[]=2',
  'limit[$gt]=0',
  '__proto__[admin]=1',
  'a=' + 'b'.repeat(10_000),
  Array.from({ length: 500 }, (_, i) => `k${i}=${i}`).join('&'),
  ...HOSTILE_STRINGS.slice(0, 20).map((s) => `limit=${encodeLoosely(s)}`),
);

function paramsArb(route: RouteDef, hints: Hints): fc.Arbitrary<string> {
  const schema: JsonSchema = route.params ? toJsonSchema(route.params) : {};
  const names = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  const segment = (name: string) => {
    const sub = schema.properties?.[name];
    const valid = sub ? validish(sub, name, hints).map((v) => encodeLoosely(String(v))) : fc.constant('1');
    return fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: hostileSegment, weight: 1 });
  };
  return fc.tuple(...names.map(segment)).map((values) => {
    let i = 0;
    return route.path.replace(/:([A-Za-z_]+)/g, () => values[i++] ?? '');
  });
}

function queryArb(route: RouteDef, hints: Hints): fc.Arbitrary<string> {
  const own = route.query ? broken(toJsonSchema(route.query), hints).map(toQueryString) : fc.constant('');
  return fc.oneof({ arbitrary: own, weight: 6 }, { arbitrary: rawQueryArb, weight: 1 });
}

function bodyArb(route: RouteDef, hints: Hints): fc.Arbitrary<string | undefined> {
  if (!route.body) {
    return fc.oneof({ arbitrary: fc.constant(undefined), weight: 8 }, { arbitrary: rawBodyArb, weight: 1 });
  }
  return fc.oneof(
    { arbitrary: broken(toJsonSchema(route.body), hints).map(serializeJson), weight: 12 },
    { arbitrary: rawBodyArb, weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

/**
 * One request at `route`: its params, query and body generated from the route's schemas (fields named in
 * `hints` often given a hinted value), then broken.
 */
export function requestArb(route: RouteDef, hints: Hints = {}): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      actor: actorArb,
      path: paramsArb(route, hints),
      query: queryArb(route, hints),
      payload: bodyArb(route, hints),
      contentType: contentTypeArb,
    })
    .map(({ actor, path, query, payload, contentType }) => ({
      actor,
      method: route.method,
      url: `/api${path}${query ? `?${query}` : ''}`,
      ...(payload !== undefined ? { payload, ...(contentType ? { contentType } : {}) } : {}),
    }));
}

/** A request short enough to print in a failure. */
export function describeRequest(r: FuzzRequest): string {
  const cut = (s: string) => (s.length > 400 ? `${s.slice(0, 400)}… (${s.length} chars)` : s);
  return `${r.actor} ${r.method} ${cut(r.url)}${r.contentType ? ` [${r.contentType}]` : ''}${
    r.payload !== undefined ? ` ${cut(JSON.stringify(r.payload))}` : ''
  }`;
}
