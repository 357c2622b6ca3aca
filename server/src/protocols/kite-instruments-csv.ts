/**
 * The Kite instruments dump (`GET /instruments`, PROTOCOLS.md §1): a CSV with a header row and the columns
 * `instrument_token,exchange_token,tradingsymbol,name,last_price,expiry,strike,tick_size,lot_size,
 * instrument_type,segment,exchange`. Names may be quoted (they can hold commas and `""` escapes).
 */

/** The column order Kite uses. */
export const KITE_INSTRUMENT_COLUMNS = [
  'instrument_token',
  'exchange_token',
  'tradingsymbol',
  'name',
  'last_price',
  'expiry',
  'strike',
  'tick_size',
  'lot_size',
  'instrument_type',
  'segment',
  'exchange',
] as const;

type Column = (typeof KITE_INSTRUMENT_COLUMNS)[number];

/** One row of the dump. `expiry` is `YYYY-MM-DD` or null; numbers are as Kite writes them (rupees). */
export interface KiteInstrument {
  instrumentToken: number;
  exchangeToken: number;
  tradingsymbol: string;
  name: string;
  lastPrice: number;
  expiry: string | null;
  strike: number;
  tickSize: number;
  lotSize: number;
  instrumentType: string;
  segment: string;
  exchange: string;
}

/** Splits CSV text into records of fields (RFC 4180: quoted fields, `""` escapes, CRLF or LF). */
export function splitCsv(text: string): string[][] {
  const records: string[][] = [];
  const n = text.length;
  let record: string[] = [];
  let i = 0;
  while (i < n) {
    // Slicing whole fields instead of appending characters keeps a multi-MB dump fast.
    let field: string;
    if (text.charCodeAt(i) === 34 /* " */) {
      const quoted = readQuoted(text, i + 1);
      field = quoted.value;
      i = quoted.next;
    } else {
      let j = i;
      while (j < n && !isCsvBreak(text.charCodeAt(j))) j++;
      field = text.slice(i, j);
      i = j;
    }
    record.push(field);
    const c = text.charCodeAt(i);
    if (c === 44 /* , */) {
      i++;
      if (i === n) record.push('');
      continue;
    }
    // End of record: CR, LF, CRLF or end of text.
    i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
    records.push(record);
    record = [];
  }
  if (record.length > 0) records.push(record);
  return records;
}

function isCsvBreak(code: number): boolean {
  return code === 44 || code === 10 || code === 13;
}

function readQuoted(text: string, start: number): { value: string; next: number } {
  let value = '';
  let i = start;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) throw new SyntaxError(`Unterminated quoted CSV field at offset ${start - 1}`);
    value += text.slice(i, quote);
    if (text.charCodeAt(quote + 1) !== 34) return { value, next: quote + 1 };
    value += '"';
    i = quote + 2;
  }
}

function toNumber(raw: string | undefined, column: Column, line: number): number {
  const value = raw === undefined || raw === '' ? 0 : Number(raw);
  if (!Number.isFinite(value)) throw new SyntaxError(`Bad ${column} "${raw}" on CSV line ${line}`);
  return value;
}

function columnIndexes(header: string[]): Record<Column, number> {
  const indexes = {} as Record<Column, number>;
  for (const column of KITE_INSTRUMENT_COLUMNS) {
    const at = header.indexOf(column);
    if (at < 0) throw new SyntaxError(`Instruments CSV lacks the ${column} column`);
    indexes[column] = at;
  }
  return indexes;
}

/** Parses the dump. Columns are found by header name, so a reordered dump still parses. */
export function parseKiteInstrumentsCsv(text: string): KiteInstrument[] {
  const records = splitCsv(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const header = records[0];
  if (!header) return [];
  const at = columnIndexes(header.map((h) => h.trim()));
  const rows: KiteInstrument[] = [];
  for (let r = 1; r < records.length; r++) {
    const f = records[r] as string[];
    if (f.length === 1 && f[0] === '') continue;
    const line = r + 1;
    const expiry = f[at.expiry] ?? '';
    rows.push({
      instrumentToken: toNumber(f[at.instrument_token], 'instrument_token', line),
      exchangeToken: toNumber(f[at.exchange_token], 'exchange_token', line),
      tradingsymbol: f[at.tradingsymbol] ?? '',
      name: f[at.name] ?? '',
      lastPrice: toNumber(f[at.last_price], 'last_price', line),
      expiry: expiry === '' ? null : expiry,
      strike: toNumber(f[at.strike], 'strike', line),
      tickSize: toNumber(f[at.tick_size], 'tick_size', line),
      lotSize: toNumber(f[at.lot_size], 'lot_size', line),
      instrumentType: f[at.instrument_type] ?? '',
      segment: f[at.segment] ?? '',
      exchange: f[at.exchange] ?? '',
    });
  }
  return rows;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Kite writes whole floats with one decimal (`0.0`, `23500.0`); we match it so diffs stay quiet. */
function kiteFloat(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/** Formats instruments as Kite's dump (header, LF line ends, trailing newline). */
export function formatKiteInstrumentsCsv(rows: readonly KiteInstrument[]): string {
  const lines = [KITE_INSTRUMENT_COLUMNS.join(',')];
  for (const row of rows) {
    lines.push(
      [
        String(row.instrumentToken),
        String(row.exchangeToken),
        csvField(row.tradingsymbol),
        csvField(row.name),
        kiteFloat(row.lastPrice),
        row.expiry ?? '',
        kiteFloat(row.strike),
        kiteFloat(row.tickSize),
        String(row.lotSize),
        row.instrumentType,
        row.segment,
        row.exchange,
      ].join(','),
    );
  }
  return lines.join('\n') + '\n';
}
