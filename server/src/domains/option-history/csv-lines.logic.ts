/** One line of a CSV file with its number in the file (1-based) and its fields. */
export interface CsvLine {
  line: number;
  fields: string[];
}

/**
 * Splits one CSV line into fields (RFC 4180 quoting: `"a,b"`, `""` for a quote inside); fields are trimmed.
 * Null when a quoted field is not closed. Fields never span lines: a candle file has no multi-line values.
 */
export function splitCsvLine(text: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (isQuoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') isQuoted = false;
      else field += ch;
    } else if (ch === '"') isQuoted = true;
    else if (ch === ',') {
      fields.push(field.trim());
      field = '';
    } else field += ch;
  }
  if (isQuoted) return null;
  fields.push(field.trim());
  return fields;
}

/** The non-blank lines of a CSV text (a byte-order mark and CR line ends allowed), numbered as in the file. */
export function csvLines(text: string): Array<{ line: number; text: string }> {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  return body
    .split('\n')
    .map((raw, i) => ({ line: i + 1, text: raw.endsWith('\r') ? raw.slice(0, -1) : raw }))
    .filter((l) => l.text.trim() !== '');
}
