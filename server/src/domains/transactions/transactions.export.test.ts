import { describe, expect, it } from 'vitest';
import {
  BOOK_BATCH_SIZE,
  bookCells,
  bookColumns,
  bookCsv,
  bookFilter,
  bookLine,
  istDateTime,
  istDay,
  istDayStart,
  rupeesText,
  valueText,
  type TransactionBook,
} from './transactions.export.js';
import type { Charges } from '../ledger/charges.logic.js';
import type { BookRow } from './transactions.repository.js';

const row = (overrides: Partial<BookRow> = {}): BookRow => ({
  id: 7,
  transactionDate: Date.UTC(2026, 10, 23, 3, 45, 0), // 09:15 IST
  tradingSymbol: 'NIFTY25D0924500CE',
  quantity: 65, // one NIFTY lot (NSE, from the January 2026 expiries)
  pricePaise: 12345,
  isDummy: 1,
  mappingId: 3,
  username: 'quinn',
  strategyName: 'RDX',
  instrumentName: 'NIFTY 50',
  kind: 'trade',
  brokerAccount: 'QU1234',
  orderId: null,
  brokerTradeId: null,
  userId: 4,
  paperOrder: 1,
  userBrokerId: 5,
  brokerKind: 'kite',
  expiry: null,
  ...overrides,
});

/** A fill's part of its note, as fill-charges.logic shares it (made-up figures). */
const CHARGES: Charges = {
  brokeragePaise: 2000,
  sttPaise: 1200,
  exchangePaise: 281,
  sebiPaise: 1,
  stampPaise: 0,
  gstPaise: 410,
  totalPaise: 3892,
};

describe('rupeesText', () => {
  it.each([
    [12345, '123.45'],
    [10005, '100.05'],
    [100, '1.00'],
    [0, '0.00'],
    [-0, '0.00'],
    [5, '0.05'],
    [99, '0.99'],
    [-5, '-0.05'],
    [-99, '-0.99'],
    [-100, '-1.00'],
    [-123456, '-1234.56'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('%d paise → %s', (paise, expected) => {
    expect(rupeesText(paise)).toBe(expected);
  });

  it('takes a bigint beyond 2^53 and refuses fractional paise', () => {
    expect(rupeesText(123456789012345678901n)).toBe('1234567890123456789.01');
    expect(rupeesText(-1n)).toBe('-0.01');
    expect(() => rupeesText(1.5)).toThrow(RangeError);
  });

  it('never misrounds where paise / 100 in floating point would (1.005 → "1.00" style errors)', () => {
    for (let paise = -100_000; paise <= 100_000; paise += 7) {
      const whole = Math.trunc(Math.abs(paise) / 100);
      const expected = `${paise < 0 ? '-' : ''}${whole}.${String(Math.abs(paise) % 100).padStart(2, '0')}`;
      expect(rupeesText(paise)).toBe(expected);
    }
  });
});

describe('valueText', () => {
  it('is |quantity| × price in rupees', () => {
    expect(valueText(-65, 10005)).toBe('6503.25');
    expect(valueText(65, 12345)).toBe('8024.25');
    expect(valueText(1, 1)).toBe('0.01');
  });

  it('stays exact when the product passes 2^53 paise', () => {
    expect(valueText(1_000_000, 9_007_199_254_741)).toBe('90071992547410000.00');
  });
});

describe('IST dates', () => {
  it('writes an instant as an IST wall-clock time with its zone', () => {
    expect(istDateTime(Date.UTC(2026, 10, 23, 3, 45, 0))).toBe('2026-11-23 09:15:00 IST');
    // 20:00 UTC is already the next day in India.
    expect(istDateTime(Date.UTC(2026, 10, 23, 20, 0, 5, 999))).toBe('2026-11-24 01:30:05 IST');
  });

  it('agrees with the calendar for any instant, in any order (the day it remembers never leaks)', () => {
    const viaDate = (ms: number) => {
      const text = new Date(ms + 19_800_000).toISOString();
      return `${text.slice(0, 10)} ${text.slice(11, 19)} IST`;
    };
    let ms = Date.UTC(2024, 1, 28, 18, 29, 58);
    for (let i = 0; i < 5000; i++) {
      ms += ((i * 7919) % 200_000_000) * (i % 3 === 0 ? -1 : 1) + 999;
      expect(istDateTime(ms)).toBe(viaDate(ms));
    }
    expect(istDateTime(0)).toBe('1970-01-01 05:30:00 IST');
  });

  it('names the IST day of an instant and finds where an IST day begins', () => {
    expect(istDay(Date.UTC(2026, 10, 23, 18, 29, 59))).toBe('2026-11-23');
    expect(istDay(Date.UTC(2026, 10, 23, 18, 30, 0))).toBe('2026-11-24');
    expect(istDayStart('2026-11-24')).toBe(Date.UTC(2026, 10, 23, 18, 30, 0));
  });
});

describe('bookFilter', () => {
  it('keeps a user to their own fills and gives an admin everyone’s', () => {
    expect(bookFilter({ userId: 4, role: 'user' }, {})).toEqual({ userId: 4 });
    expect(bookFilter({ userId: 1, role: 'admin' }, {})).toEqual({});
  });

  it('turns inclusive IST days into a half-open window of instants', () => {
    const filter = bookFilter({ userId: 4, role: 'user' }, { from: '2026-11-23', to: '2026-11-23' });
    expect(filter).toEqual({
      userId: 4,
      fromMs: Date.UTC(2026, 10, 22, 18, 30),
      toMs: Date.UTC(2026, 10, 23, 18, 30),
    });
  });
});

describe('bookCells', () => {
  it('writes a SELL with price, value, names, mode and ids in header order', () => {
    expect(bookColumns(false)).toEqual([
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
      'transaction_id',
      'user_strategy_mapping_id',
      'contract',
      'broker_account',
      'order_id',
      'trade_id',
      'expiry',
      'strike',
      'option_type',
      'brokerage',
      'stt',
      'exchange_charges',
      'sebi_fees',
      'stamp_duty',
      'gst',
      'total_charges',
    ]);
    expect(bookCells(row(), false, 'kite', CHARGES)).toEqual([
      '2026-11-23 09:15:00 IST',
      'NIFTY25D0924500CE',
      'SELL',
      '65',
      '123.45',
      '8024.25',
      'RDX',
      'NIFTY 50',
      'DUMMY',
      'kite',
      'trade',
      '7',
      '3',
      'NIFTY 9 DEC 24500 CE',
      'Paper',
      '',
      '',
      '2025-12-09',
      '24500',
      'CE',
      '20.00',
      '12.00',
      '2.81',
      '0.01',
      '0.00',
      '4.10',
      '38.92',
    ]);
  });

  it("takes a monthly option's expiry day from its order or leg, and leaves a non-option's terms empty", () => {
    const terms = (r: BookRow) => bookCells(r, false, 'kite', CHARGES).slice(17, 20);
    expect(terms(row({ tradingSymbol: 'NIFTY26DEC24500PE', expiry: '2026-12-29' }))).toEqual([
      '2026-12-29',
      '24500',
      'PE',
    ]);
    expect(terms(row({ tradingSymbol: 'NIFTY26DEC24500PE' }))).toEqual(['', '24500', 'PE']);
    expect(terms(row({ tradingSymbol: 'BTCUSDT' }))).toEqual(['', '', '']);
  });

  it("writes a live fill's broker account, the console's order and the broker's trade", () => {
    const cells = bookCells(row({ isDummy: 0, orderId: 41, brokerTradeId: '90817263' }), false, 'kite', CHARGES);
    expect(cells.slice(13, 17)).toEqual(['NIFTY 9 DEC 24500 CE', 'QU1234', '41', '90817263']);
  });

  it('writes a live BUY unsigned, with empty cells for what is gone', () => {
    const cells = bookCells(
      row({ quantity: -50, isDummy: 0, mappingId: null, strategyName: null, instrumentName: null }),
      false,
      'kite',
      CHARGES,
    );
    expect(cells.slice(2, 4)).toEqual(['BUY', '50']);
    expect(cells.slice(6)).toEqual([
      '',
      '',
      'LIVE',
      'kite',
      'trade',
      '7',
      '',
      'NIFTY 9 DEC 24500 CE',
      'QU1234',
      '',
      '',
      '2025-12-09',
      '24500',
      'CE',
      ...['20.00', '12.00', '2.81', '0.01', '0.00', '4.10', '38.92'],
    ]);
  });

  it('names a settlement at expiry as such (a BUY at intrinsic value that no order made)', () => {
    const cells = bookCells(row({ quantity: -65, pricePaise: 5000, kind: 'settlement' }), false, 'kite', CHARGES);
    expect([cells[2], cells[4], cells[10]]).toEqual(['BUY', '50.00', 'settlement']);
  });

  it('quotes typed text that holds a comma, quote or line break, after making it inert', () => {
    const cells = bookCells(
      row({ tradingSymbol: 'A"B', strategyName: 'Iron, "Condor"', instrumentName: '-1\nx' }),
      false,
      'kite',
      CHARGES,
    );
    expect([cells[1], cells[6], cells[7]]).toEqual(['"A""B"', '"Iron, ""Condor"""', `"'-1\nx"`]);
    expect(bookLine(row(), false, 'kite', CHARGES)).toBe(`${bookCells(row(), false, 'kite', CHARGES).join(',')}\r\n`);
  });

  it("names the console's exchange on every row: sandbox fills are never read as real ones", () => {
    expect(bookCells(row({ isDummy: 0 }), false, 'sandbox', CHARGES).slice(8, 10)).toEqual(['LIVE', 'sandbox']);
    expect(bookCells(row(), true, 'sandbox', CHARGES)[bookColumns(true).indexOf('exchange')]).toBe('sandbox');
  });

  it('puts the username first for an admin, guarded like any typed text', () => {
    expect(bookColumns(true)[0]).toBe('username');
    expect(bookCells(row({ username: '=evil' }), true, 'kite', CHARGES)[0]).toBe("'=evil");
    expect(bookCells(row(), true, 'kite', CHARGES)).toHaveLength(bookColumns(true).length);
  });
});

describe('bookCsv', () => {
  const DAY_MS = 86_400_000;
  const rows = (from: number, n: number, day = 0) =>
    Array.from({ length: n }, (_, i) =>
      row({ id: from + i, transactionDate: row().transactionDate + day * DAY_MS + (from + i) * 1000 }),
    );
  const read = async (first: BookRow[], batches: BookRow[][], calls: Array<{ id: number } | null> = []) => {
    const book: TransactionBook = {
      bookBatch: (_filter, cursor) => {
        calls.push(cursor);
        return Promise.resolve(batches.shift() ?? []);
      },
    };
    const chunks: string[] = [];
    for await (const chunk of bookCsv(book, {}, false, 'kite', first)) chunks.push(chunk);
    return chunks;
  };

  it('reads on after the last row until a short batch, writing each day once all its fills are read', async () => {
    const calls: Array<{ id: number } | null> = [];
    const batches = [rows(1 + BOOK_BATCH_SIZE, BOOK_BATCH_SIZE), rows(1 + 2 * BOOK_BATCH_SIZE, 3, 1)];
    const chunks = await read(rows(1, BOOK_BATCH_SIZE), batches, calls);

    // The header at once; the first day (two batches) when the next day's first fill is read, with that day.
    expect(chunks).toHaveLength(2);
    const lines = chunks.join('').split('\r\n');
    expect(lines[0]).toBe(bookColumns(false).join(','));
    expect(lines).toHaveLength(1 + 2 * BOOK_BATCH_SIZE + 3 + 1); // header, rows, the empty after the last CRLF
    const ids = lines.slice(1, -1).map((l) => Number(l.split(',')[11]));
    expect(ids).toEqual(Array.from({ length: 2 * BOOK_BATCH_SIZE + 3 }, (_, i) => i + 1));
    expect(calls.map((c) => c?.id)).toEqual([BOOK_BATCH_SIZE, 2 * BOOK_BATCH_SIZE]);
  });

  it("charges a day's fills as one contract note though they came in different batches", async () => {
    // One live order's two trades, the first ending a full batch and the second starting the next.
    const first = rows(1, BOOK_BATCH_SIZE).map((r, i) =>
      i === BOOK_BATCH_SIZE - 1 ? { ...r, isDummy: 0, orderId: 9, paperOrder: null } : r,
    );
    const second = rows(1 + BOOK_BATCH_SIZE, 1).map((r) => ({ ...r, isDummy: 0, orderId: 9, paperOrder: null }));
    const lines = (await read(first, [second])).join('').split('\r\n');
    const brokerage = (id: number) => lines.find((l) => l.split(',')[11] === String(id))?.split(',')[20];
    expect(brokerage(BOOK_BATCH_SIZE)).toBe('20.00');
    expect(brokerage(BOOK_BATCH_SIZE + 1)).toBe('0.00');
  });

  it('writes just the header for an empty book and asks nothing more', async () => {
    const book: TransactionBook = { bookBatch: () => Promise.reject(new Error('not called')) };
    const chunks: string[] = [];
    for await (const chunk of bookCsv(book, {}, true, 'kite', [])) chunks.push(chunk);
    expect(chunks).toEqual([`${bookColumns(true).join(',')}\r\n`]);
  });

  it('writes the last day after a full last batch when the next read is empty', async () => {
    const lines = (await read(rows(1, BOOK_BATCH_SIZE), [])).join('').split('\r\n');
    expect(lines).toHaveLength(1 + BOOK_BATCH_SIZE + 1);
  });
});
