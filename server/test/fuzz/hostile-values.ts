import fc from 'fast-check';

/**
 * JSON text put into a body verbatim: what JSON.stringify cannot write (NaN, Infinity, nesting deeper than
 * its recursion) but a hostile client can. `toJSON` leaves a marker that `serializeJson` swaps for the text.
 */
export class RawJson {
  constructor(readonly text: string) {}
  toJSON() {
    return `@@raw:${RAW_TEXTS.push(this.text) - 1}@@`;
  }
}
const RAW_TEXTS: string[] = [];

/** JSON of `value` with every RawJson spliced in as written. */
export function serializeJson(value: unknown): string {
  RAW_TEXTS.length = 0;
  const json = JSON.stringify(value) ?? 'null';
  return json.replace(/"@@raw:(\d+)@@"/g, (_, i: string) => RAW_TEXTS[Number(i)] ?? 'null');
}

/** Strings that have broken parsers, queries, paths, date code and text columns before. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1e308',
  '1e-400',
  '0x1F',
  '١٢٣',
  '１２３',
  ' 42 ',
  '9'.repeat(40),
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1 UNION SELECT password_hash FROM users',
  '%',
  '%00',
  '%ZZ',
  '\u0000',
  'a\u0000b',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/api/users',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF\u200B\u202E',
  'Ünïcödé 𝔘𝔫𝔦 👨‍👩‍👧 e\u0301 İ ß',
  'ﷺ'.repeat(50),
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '2026-11-23T25:61:00Z',
  '+275760-09-13T00:00:00.001Z',
  '-271821-04-19T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '1970-01-01',
  'Invalid Date',
  '24:00',
  '23:60',
  '9:5',
  'x'.repeat(201),
  'x'.repeat(513),
  'é'.repeat(65),
  'x'.repeat(5_000),
];

/** Numbers at the edges of doubles, 32-bit and 53-bit integers, and what JSON cannot carry (raw text). */
export const HOSTILE_NUMBERS: readonly unknown[] = [
  0,
  -0,
  -1,
  0.5,
  1.005,
  0.1 + 0.2,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  new RawJson('NaN'),
  new RawJson('Infinity'),
  new RawJson('-Infinity'),
  new RawJson('1e309'),
  new RawJson('-1e400'),
  new RawJson('1' + '0'.repeat(400)),
  new RawJson('0x10'),
  new RawJson('01'),
];

/** `[[[…]]]` or `{"a":{"a":…}}` deeper than any sane body. */
const deep = (depth: number, object: boolean) =>
  new RawJson(object ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth));

/** A hostile value of any JSON kind (and some that are not JSON), for one field or a whole body. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 5 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 4 },
  { arbitrary: fc.constantFrom(true, false, null, [], {}, [null], [1, 'a'], { a: 1 }), weight: 2 },
  { arbitrary: fc.constantFrom(deep(60, false), deep(60, true), deep(20_000, false), deep(5_000, true)), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      'x'.repeat(300_000),
      Array.from({ length: 20_000 }, (_, i) => i),
    ),
    weight: 1,
  },
  { arbitrary: fc.string({ maxLength: 30, unit: 'binary' }), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
);

/** A path-parameter segment: ids out of every range, and fragments that try to leave the route. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    '+1',
    ' 1',
    'NaN',
    'Infinity',
    '2147483647',
    '2147483648',
    '4294967296',
    '9007199254740991',
    '9007199254740993',
    '99999999999999999999999',
    '..',
    '%2e%2e',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '%00',
    '1%00',
    '%ZZ',
    '%',
    '1;DROP%20TABLE%20users',
    '1%27%20OR%20%271%27%3D%271',
    '%F0%9F%98%80',
    '%C0%AF',
    '%EF%BF%BF',
    'a'.repeat(2_000),
  ),
  fc.constantFrom(...HOSTILE_STRINGS).map(encodeLoosely),
);

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes out as its raw UTF-8 bytes. */
export function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}
