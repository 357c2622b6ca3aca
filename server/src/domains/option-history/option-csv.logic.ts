import { istMidnight } from '@app/contract';
import { csvLines, splitCsvLine } from './csv-lines.logic.js';
import {
  parseCandleTime,
  parseCount,
  parseExpiry,
  parseOptionType,
  parseRupees,
  parseUnderlying,
  type Cell,
} from './csv-values.logic.js';
import { contractKey, type OptionCandle, type RowProblem } from './option-history.types.js';

/** The columns of an option-candle file (docs/architecture/option-history.md), named by its header row. */
export const OPTION_CSV_COLUMNS = [
  'time',
  'underlying',
  'expiry',
  'strike',
  'option_type',
  'open',
  'high',
  'low',
  'close',
  'volume',
  'oi',
] as const;
type Column = (typeof OPTION_CSV_COLUMNS)[number];

/** At most this many problems are reported: a wrong file has the same fault on every line. */
export const MAX_PROBLEMS = 100;
const DAY_MS = 86_400_000;

export type ParsedCsv = { candles: OptionCandle[] } | { error: string; problems: RowProblem[] };

/** Where each column sits, by the header's names (any order, any case; other columns are ignored). */
function columnsOf(header: string[]): Map<Column, number> | RowProblem[] {
  const names = header.map((h) => h.toLowerCase());
  const at = new Map<Column, number>();
  const problems: RowProblem[] = [];
  for (const c of OPTION_CSV_COLUMNS) {
    const i = names.indexOf(c);
    if (i < 0) problems.push({ line: 1, field: c, message: 'column is missing from the header row' });
    else at.set(c, i);
  }
  return problems.length > 0 ? problems : at;
}

/** One data line as a candle, or its problems. */
function candleOf(line: number, cells: (c: Column) => string): OptionCandle | RowProblem[] {
  const problems: RowProblem[] = [];
  const read = <T>(field: Column, cell: Cell<T>): T | undefined => {
    if ('value' in cell) return cell.value;
    problems.push({ line, field, message: cell.problem });
    return undefined;
  };
  const ts = read('time', parseCandleTime(cells('time')));
  const underlying = read('underlying', parseUnderlying(cells('underlying')));
  const expiry = read('expiry', parseExpiry(cells('expiry')));
  const strikePaise = read('strike', parseRupees(cells('strike')));
  const optionType = read('option_type', parseOptionType(cells('option_type')));
  const [openPaise, highPaise, lowPaise, closePaise] = (['open', 'high', 'low', 'close'] as const).map((c) =>
    read(c, parseRupees(cells(c))),
  );
  const volume = read('volume', parseCount(cells('volume')));
  const oi = read('oi', parseCount(cells('oi')));
  if (highPaise !== undefined && lowPaise !== undefined) {
    if (highPaise < lowPaise) problems.push({ line, field: 'high', message: 'is below low' });
    // Said once: with high below low, no open or close could lie between them.
    else {
      for (const [field, v] of [
        ['open', openPaise],
        ['close', closePaise],
      ] as const) {
        if (v !== undefined && (v > highPaise || v < lowPaise)) {
          problems.push({ line, field, message: 'must lie between low and high' });
        }
      }
    }
  }
  if (ts !== undefined && expiry !== undefined && ts >= istMidnight(Date.parse(expiry)) + DAY_MS) {
    problems.push({ line, field: 'time', message: 'is after the contract’s expiry day' });
  }
  if (problems.length > 0) return problems;
  // Every read succeeded when no problem was noted.
  return {
    ts,
    underlying,
    expiry,
    strikePaise,
    optionType,
    openPaise,
    highPaise,
    lowPaise,
    closePaise,
    volume,
    oi,
  } as OptionCandle;
}

/**
 * An option-candle CSV as candles, or every problem (up to MAX_PROBLEMS) by line and column: bad numbers, a
 * high below its low, an unknown option type, an expiry that is no date, the same contract and minute twice.
 * All or nothing: a file with any problem yields no candles.
 */
export function parseOptionCsv(text: string): ParsedCsv {
  const lines = csvLines(text);
  const header = lines[0] ? splitCsvLine(lines[0].text) : null;
  if (!header) return { error: 'The file is empty: send a header row and candles', problems: [] };
  const columns = columnsOf(header);
  if (Array.isArray(columns)) return { error: 'The header row lacks columns', problems: columns };
  const candles: OptionCandle[] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  for (const { line, text: row } of lines.slice(1)) {
    if (problems.length >= MAX_PROBLEMS) break;
    const fields = splitCsvLine(row);
    if (!fields || fields.length < header.length) {
      const message = fields ? `has ${fields.length} columns, the header ${header.length}` : 'has an unclosed quote';
      problems.push({ line, field: 'row', message });
      continue;
    }
    const got = candleOf(line, (c) => fields[columns.get(c)!] ?? '');
    if (Array.isArray(got)) {
      problems.push(...got);
      continue;
    }
    const key = `${contractKey(got)}|${got.ts}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({ line, field: 'time', message: `repeats the candle of line ${first}` });
      continue;
    }
    seen.set(key, line);
    candles.push(got);
  }
  if (problems.length > 0) {
    return { error: 'The file has problems; nothing was imported', problems: problems.slice(0, MAX_PROBLEMS) };
  }
  if (candles.length === 0) return { error: 'The file has no candles below its header row', problems: [] };
  return { candles };
}
