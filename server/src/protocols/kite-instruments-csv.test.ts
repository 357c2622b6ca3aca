import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/provider-fixtures.js';
import { formatKiteInstrumentsCsv, parseKiteInstrumentsCsv, splitCsv } from './kite-instruments-csv.js';

describe('Kite instruments CSV', () => {
  const text = readFixture('kite', 'instruments_all.csv');

  it('parses the kiteconnect-mocks dump: 99 rows with typed columns', () => {
    const rows = parseKiteInstrumentsCsv(text);
    expect(rows).toHaveLength(99);
    expect(rows[0]).toEqual({
      instrumentToken: 3813889,
      exchangeToken: 14898,
      tradingsymbol: 'CENTRALBK-BE',
      name: 'CENTRAL BANK OF INDIA',
      lastPrice: 0,
      expiry: null,
      strike: 0,
      tickSize: 0.05,
      lotSize: 1,
      instrumentType: 'EQ',
      segment: 'NSE',
      exchange: 'NSE',
    });
    const option = rows.find((r) => r.tradingsymbol === 'BANKNIFTY18JAN23500CE');
    expect(option).toMatchObject({
      instrumentToken: 12073986,
      name: '',
      lastPrice: 2528.4,
      expiry: '2018-01-25',
      strike: 23500,
      lotSize: 40,
      instrumentType: 'CE',
      segment: 'NFO-OPT',
      exchange: 'NFO',
    });
  });

  it('round-trips the fixture through the formatter', () => {
    const rows = parseKiteInstrumentsCsv(text);
    expect(parseKiteInstrumentsCsv(formatKiteInstrumentsCsv(rows))).toEqual(rows);
    // Kite writes whole floats as `0.0` and `23500.0`; so do we, so the lines match the dump exactly.
    const original = text.trim().split('\n');
    const ours = formatKiteInstrumentsCsv(rows).trim().split('\n');
    expect(ours).toEqual(original.map((l) => l.replace(/\r$/, '')));
  });

  it('handles quoted names with commas and escaped quotes, CRLF and a missing final newline', () => {
    const csv =
      'instrument_token,exchange_token,tradingsymbol,name,last_price,expiry,strike,tick_size,lot_size,instrument_type,segment,exchange\r\n' +
      '1,2,ABC,"ACME, ""THE"" CO",1.5,,0.0,0.05,1,EQ,NSE,NSE\r\n' +
      '3,4,XYZ,"LINE\nBREAK",0.0,2025-12-30,100.0,0.05,75,CE,NFO-OPT,NFO';
    const rows = parseKiteInstrumentsCsv(csv);
    expect(rows.map((r) => r.name)).toEqual(['ACME, "THE" CO', 'LINE\nBREAK']);
    expect(rows[1]?.expiry).toBe('2025-12-30');
    expect(parseKiteInstrumentsCsv(formatKiteInstrumentsCsv(rows))).toEqual(rows);
  });

  it('finds columns by header name and reports what is missing', () => {
    const reordered =
      'exchange,segment,instrument_type,lot_size,tick_size,strike,expiry,last_price,name,tradingsymbol,exchange_token,instrument_token\nNSE,INDICES,EQ,0,0.0,0.0,,0.0,NIFTY 50,NIFTY 50,1001,256265\n';
    expect(parseKiteInstrumentsCsv(reordered)[0]).toMatchObject({ instrumentToken: 256265, tradingsymbol: 'NIFTY 50' });
    expect(() => parseKiteInstrumentsCsv('instrument_token,name\n1,x\n')).toThrow(/exchange_token/);
    expect(() => splitCsv('a,"open')).toThrow(/Unterminated/);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(splitCsv('a,,b\nc,\n')).toEqual([
      ['a', '', 'b'],
      ['c', ''],
    ]);
    expect(splitCsv('x,')).toEqual([['x', '']]);
  });
});
