/*
 * PostgreSQL array literals (`{1,2,NULL}`, `{"a","b\"c"}`) written directly, for statements that pass a
 * whole column of rows as one parameter (`unnest($1::int[], …)`). node-pg writes arrays one element at a
 * time through its generic value preparation, which was a third of a 10,000-strategy candle close's
 * JavaScript time (`npm run bench`); these do the same job for the two kinds the engine sends.
 */

/** Integers (ids, quantities, paise) as an array literal; null elements are NULL. */
export function integerArray(values: ReadonlyArray<number | null>): string {
  // The common case (no NULLs) is one native join once every element is known to be a whole number.
  if (values.every((v) => Number.isSafeInteger(v))) return `{${values.join(',')}}`;
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (Number.isSafeInteger(v)) out += String(v);
    else throw new TypeError(`not an integer: ${String(v)}`);
  }
  return `${out}}`;
}

/** Text as an array literal: every element quoted, its backslashes and double quotes escaped. */
export function textArray(values: ReadonlyArray<string | null>): string {
  // The common case (symbols: no NULLs, nothing to escape) is one native join.
  if (values.length > 0 && values.every((v) => typeof v === 'string') && !/["\\]/.test(values.join(''))) {
    return `{"${values.join('","')}"}`;
  }
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else out += `"${v.replace(/[\\"]/g, '\\$&')}"`;
  }
  return `${out}}`;
}
