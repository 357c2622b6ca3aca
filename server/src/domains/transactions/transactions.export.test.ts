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
  ...overrides,
});

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
    ]);
    expect(bookCells(row(), false, 'kite')).toEqual([
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
    ]);
  });

  it("writes a live fill's broker account, the console's order and the broker's trade", () => {
    const cells = bookCells(row({ isDummy: 0, orderId: 41, brokerTradeId: '90817263' }), false, 'kite');
    expect(cells.slice(-4)).toEqual(['NIFTY 9 DEC 24500 CE', 'QU1234', '41', '90817263']);
  });

  it('writes a live BUY unsigned, with empty cells for what is gone', () => {
    const cells = bookCells(
      row({ quantity: -50, isDummy: 0, mappingId: null, strategyName: null, instrumentName: null }),
      false,
      'kite',
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
    ]);
  });

  it('names a settlement at expiry as such (a BUY at intrinsic value that no order made)', () => {
    const cells = bookCells(row({ quantity: -65, pricePaise: 5000, kind: 'settlement' }), false, 'kite');
    expect([cells[2], cells[4], cells[10]]).toEqual(['BUY', '50.00', 'settlement']);
  });

  it('quotes typed text that holds a comma, quote or line break, after making it inert', () => {
    const cells = bookCells(
      row({ tradingSymbol: 'A"B', strategyName: 'Iron, "Condor"', instrumentName: '-1\nx' }),
      false,
      'kite',
    );
    expect([cells[1], cells[6], cells[7]]).toEqual(['"A""B"', '"Iron, ""Condor"""', `"'-1\nx"`]);
    expect(bookLine(row(), false, 'kite')).toBe(`${bookCells(row(), false, 'kite').join(',')}\r\n`);
  });

  it("names the console's exchange on every row: sandbox fills are never read as real ones", () => {
    expect(bookCells(row({ isDummy: 0 }), false, 'sandbox').slice(8, 10)).toEqual(['LIVE', 'sandbox']);
    expect(bookCells(row(), true, 'sandbox')[bookColumns(true).indexOf('exchange')]).toBe('sandbox');
  });

  it('puts the username first for an admin, guarded like any typed text', () => {
    expect(bookColumns(true)[0]).toBe('username');
    expect(bookCells(row({ username: '=evil' }), true, 'kite')[0]).toBe("'=evil");
    expect(bookCells(row(), true, 'kite')).toHaveLength(bookColumns(true).length);
  });
});

describe('bookCsv', () => {
  const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => row({ id: from + i }));

  it('yields the header with the first batch, then reads on after the last row until a short batch', async () => {
    const calls: Array<{ id: number } | null> = [];
    const batches = [rows(1 + BOOK_BATCH_SIZE, BOOK_BATCH_SIZE), rows(1 + 2 * BOOK_BATCH_SIZE, 3)];
    const book: TransactionBook = {
      bookBatch: (_filter, cursor) => {
        calls.push(cursor);
        return Promise.resolve(batches.shift() ?? []);
      },
    };
    const chunks: string[] = [];
    for await (const chunk of bookCsv(book, {}, false, 'kite', rows(1, BOOK_BATCH_SIZE))) chunks.push(chunk);

    expect(chunks).toHaveLength(3);
    const lines = chunks.join('').split('\r\n');
    expect(lines[0]).toBe(bookColumns(false).join(','));
    expect(lines).toHaveLength(1 + 2 * BOOK_BATCH_SIZE + 3 + 1); // header, rows, the empty after the last CRLF
    expect(calls.map((c) => c?.id)).toEqual([BOOK_BATCH_SIZE, 2 * BOOK_BATCH_SIZE]);
  });

  it('writes just the header for an empty book and asks nothing more', async () => {
    const book: TransactionBook = { bookBatch: () => Promise.reject(new Error('not called')) };
    const chunks: string[] = [];
    for await (const chunk of bookCsv(book, {}, true, 'kite', [])) chunks.push(chunk);
    expect(chunks).toEqual([`${bookColumns(true).join(',')}\r\n`]);
  });

  it('stops after a full last batch when the next read is empty', async () => {
    const book: TransactionBook = { bookBatch: () => Promise.resolve([]) };
    const chunks: string[] = [];
    for await (const chunk of bookCsv(book, {}, false, 'kite', rows(1, BOOK_BATCH_SIZE))) chunks.push(chunk);
    expect(chunks).toHaveLength(1);
  });
});
