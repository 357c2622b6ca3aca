import {
  api,
  contractName,
  istDay,
  istMidnight,
  optionTerms,
  IST_OFFSET_MS,
  IST_ZONE,
  MODE_LABELS,
  zoneLabel,
  type Exchange,
  type TransactionsExportQuery,
  rupeesText,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mountCsv } from '../../platform/csv-route.js';
import type { AuthContext, Authenticate } from '../../platform/http.js';
import { csvCell, csvLine, inertText } from '../../platform/csv.js';
import type { Charges } from '../ledger/charges.logic.js';
import { chargesPerFill } from '../ledger/fill-charges.logic.js';
import { bookKey, clientOf } from '../ledger/positions.logic.js';
import type { BookCursor, BookFilter, BookRow, PageFilter, TransactionsRepository } from './transactions.repository.js';

/** A paper fill's account: simulated, at no broker (the order book's word). */
const PAPER_ACCOUNT = 'Paper';

/** Rows per query: big enough that a million rows are 500 round trips, small enough to hold in memory. */
export const BOOK_BATCH_SIZE = 2000;

const DAY_MS = 86_400_000;
const IST = zoneLabel(IST_ZONE);

/** Integer paise as rupees with exactly two decimals (the contract's one money formatter, `money.ts`). */
export { rupeesText };

/** |quantity| × price in rupees; exact even when the product passes 2^53 paise. */
export function valueText(quantity: number, pricePaise: number): string {
  const paise = Math.abs(quantity) * pricePaise;
  return Number.isSafeInteger(paise) ? rupeesText(paise) : rupeesText(BigInt(Math.abs(quantity)) * BigInt(pricePaise));
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
// The book comes in date order, so the last day's text nearly always serves the next row: a million
// Date objects (a third of the export's time) become a few hundred.
let lastDay = Number.NaN;
let lastDayText = '';

/** An instant as an accountant reads it: `2026-11-23 09:15:00 IST` (IST has no daylight saving). */
export function istDateTime(ms: number): string {
  const local = ms + IST_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  if (day !== lastDay) {
    lastDayText = new Date(day * DAY_MS).toISOString().slice(0, 10);
    lastDay = day;
  }
  const second = Math.floor((local - day * DAY_MS) / 1000);
  const time = `${pad2(Math.floor(second / 3600))}:${pad2(Math.floor(second / 60) % 60)}:${pad2(second % 60)}`;
  return `${lastDayText} ${time} ${IST}`;
}

export { istDay };

/** The instant an IST day (`YYYY-MM-DD`, already validated by the contract) begins. */
export function istDayStart(day: string): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date) - IST_OFFSET_MS;
}

/**
 * The header row; an admin's export names the user first. `mode` is the screens' word (DUMMY: paper, simulated
 * fills; LIVE: orders at the broker) and `exchange` where this console's orders and prices go (`sandbox`, its
 * built-in exchange, or `kite`), so a sandbox fill is never read as a real one. Then what a tax preparer or a
 * contract note asks for: the contract as Kite names it, the broker account (`Paper` for simulated fills), the
 * console's order id and the broker's trade id; the option's expiry, strike and type; and the fill's part of its
 * day's contract note by line (fill-charges.logic: a strategy's fills add up to its charges on the screens).
 */
export function bookColumns(hasUsername: boolean): string[] {
  const columns = [
    'date',
    'trading_symbol',
    'side',
    'quantity',
    'price',
    'value',
    'strategy',
    'instrument',
    'mode',
    'exchange',
    'kind',
  ];
  // Added after the first columns, so a reader of the older export still finds those where they were.
  const traced = ['contract', 'broker_account', 'order_id', 'trade_id'];
  const taxed = [...CONTRACT_TERMS, ...CHARGE_COLUMNS.map(([name]) => name)];
  return [
    ...(hasUsername ? ['username'] : []),
    ...columns,
    'transaction_id',
    'user_strategy_mapping_id',
    ...traced,
    ...taxed,
  ];
}

const CONTRACT_TERMS = ['expiry', 'strike', 'option_type'];

/** The contract note's lines as the CSV names them, in the note's order, then their sum. */
const CHARGE_COLUMNS: ReadonlyArray<[string, keyof Charges]> = [
  ['brokerage', 'brokeragePaise'],
  ['stt', 'sttPaise'],
  ['exchange_charges', 'exchangePaise'],
  ['sebi_fees', 'sebiPaise'],
  ['stamp_duty', 'stampPaise'],
  ['gst', 'gstPaise'],
  ['total_charges', 'totalPaise'],
];

/** Typed text as one finished CSV field: made inert, then quoted as needed. */
const textCell = (value: string | null) => csvCell(inertText(value));

/**
 * One fill as finished CSV fields, in `bookColumns` order. SPEC §3: quantity > 0 is a SELL, < 0 a BUY.
 * Only typed text can hold a comma, quote or line break; the fields we write ourselves never need quoting.
 */
export function bookCells(row: BookRow, hasUsername: boolean, exchange: Exchange, charges: Charges): string[] {
  const terms = optionTerms(row.tradingSymbol);
  const cells = [
    istDateTime(row.transactionDate),
    textCell(row.tradingSymbol),
    row.quantity > 0 ? 'SELL' : 'BUY',
    String(Math.abs(row.quantity)),
    rupeesText(row.pricePaise),
    valueText(row.quantity, row.pricePaise),
    textCell(row.strategyName),
    textCell(row.instrumentName),
    row.isDummy === 1 ? MODE_LABELS.paper : MODE_LABELS.live,
    exchange,
    row.kind,
    String(row.id),
    row.mappingId === null ? '' : String(row.mappingId),
    textCell(contractName(row.tradingSymbol)),
    row.isDummy === 1 ? PAPER_ACCOUNT : textCell(row.brokerAccount),
    row.orderId === null ? '' : String(row.orderId),
    textCell(row.brokerTradeId),
    terms === null ? '' : (row.expiry ?? terms.expiry ?? ''),
    terms === null ? '' : terms.strike,
    terms === null ? '' : terms.optionType,
    ...CHARGE_COLUMNS.map(([, field]) => rupeesText(charges[field])),
  ];
  return hasUsername ? [textCell(row.username), ...cells] : cells;
}

/** One fill as a CRLF-terminated CSV record. */
export const bookLine = (row: BookRow, hasUsername: boolean, exchange: Exchange, charges: Charges): string =>
  `${bookCells(row, hasUsername, exchange, charges).join(',')}\r\n`;

/** The records of one IST day's fills (every fill of that day the export holds), each with its charges. */
export function dayLines(
  rows: readonly BookRow[],
  hasUsername: boolean,
  exchange: Exchange,
  pick: (row: BookRow) => boolean = () => true,
): string {
  const charges = chargesPerFill(
    rows.map((r) => ({
      id: r.id,
      owner: bookKey(r.mappingId, r.isDummy),
      client: clientOf(r),
      tradingSymbol: r.tradingSymbol,
      quantity: r.quantity,
      pricePaise: r.pricePaise,
      at: r.transactionDate,
      kind: r.kind,
      orderId: r.orderId,
      paperOrder: r.paperOrder,
      mappingId: r.mappingId,
      brokerKind: r.brokerKind,
    })),
  );
  let text = '';
  for (const row of rows) if (pick(row)) text += bookLine(row, hasUsername, exchange, charges.get(row.id)!);
  return text;
}

/** What the export reads from the transactions: keyset batches of the book. */
export type TransactionBook = Pick<TransactionsRepository, 'bookBatch'>;

/** Who sees what: a user their own fills, an admin everyone's; the IST days become [fromMs, toMs). */
export function bookFilter(auth: Pick<AuthContext, 'userId' | 'role'>, query: TransactionsExportQuery): BookFilter {
  return {
    ...(auth.role === 'admin' ? {} : { userId: auth.userId }),
    ...(query.from ? { fromMs: istDayStart(query.from) } : {}),
    ...(query.to ? { toMs: istDayStart(query.to) + DAY_MS } : {}),
  };
}

/** A page's filters from its query: the IST days as instants, one strategy, part of a symbol. */
export function pageFilter(query: TransactionsExportQuery): PageFilter {
  return {
    ...(query.from ? { fromMs: istDayStart(query.from) } : {}),
    ...(query.to ? { toMs: istDayStart(query.to) + DAY_MS } : {}),
    ...(query.mapping_id === undefined ? {} : { mappingId: query.mapping_id }),
    ...(query.symbol === undefined ? {} : { symbol: query.symbol }),
  };
}

/** The export's rows to write: every fill of a day is read for its note, then these are written. */
export function rowPick(query: TransactionsExportQuery): (row: BookRow) => boolean {
  const { mapping_id: mappingId, symbol } = query;
  return (row) =>
    (mappingId === undefined || row.mappingId === mappingId) &&
    (symbol === undefined || row.tradingSymbol.includes(symbol));
}

/**
 * The CSV text, a chunk per batch that ends a day. A generator behind `Readable.from` is pulled: the next query
 * runs only when the socket has taken the previous chunk, so a slow client holds one batch and one day's fills,
 * never the book. A day is written once all its fills are read: each fill's charges are its share of its
 * account's note for the whole day (the filter's from/to are whole IST days, so a day read is a day complete).
 */
export async function* bookCsv(
  book: TransactionBook,
  filter: BookFilter,
  hasUsername: boolean,
  exchange: Exchange,
  first: BookRow[],
  pick: (row: BookRow) => boolean = () => true,
): AsyncGenerator<string> {
  let batch = first;
  let chunk = csvLine(bookColumns(hasUsername));
  let day: BookRow[] = [];
  for (;;) {
    for (const row of batch) {
      const previous = day[0];
      if (previous && istMidnight(previous.transactionDate) !== istMidnight(row.transactionDate)) {
        chunk += dayLines(day, hasUsername, exchange, pick);
        day = [];
      }
      day.push(row);
    }
    const last = batch.at(-1);
    const isEnd = !last || batch.length < BOOK_BATCH_SIZE;
    if (isEnd && day.length > 0) chunk += dayLines(day, hasUsername, exchange, pick);
    if (chunk) yield chunk;
    chunk = '';
    if (isEnd) return;
    const cursor: BookCursor = { transactionDate: last.transactionDate, id: last.id };
    batch = await book.bookBatch(filter, cursor, BOOK_BATCH_SIZE);
    if (batch.length === 0 && day.length > 0) {
      yield dayLines(day, hasUsername, exchange, pick);
      return;
    }
  }
}

/**
 * GET /api/transactions/export.csv: the caller's book (an admin's: everyone's), oldest first, read in batches as
 * it is sent; a failing first read still answers in the envelope.
 */
export function registerTransactionsExport(
  app: FastifyInstance,
  authenticate: Authenticate,
  book: TransactionBook,
  now: () => number,
  exchange: Exchange,
): void {
  mountCsv(app, authenticate, api.transactions.exportCsv, async ({ auth, query }) => {
    const filter = bookFilter(auth, query);
    const first = await book.bookBatch(filter, null, BOOK_BATCH_SIZE);
    return {
      filename: `transactions-${istDay(now())}.csv`,
      body: bookCsv(book, filter, auth.role === 'admin', exchange, first, rowPick(query)),
    };
  });
}
