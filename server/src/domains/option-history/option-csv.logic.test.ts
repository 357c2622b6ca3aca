import { describe, expect, it } from 'vitest';
import { MAX_PROBLEMS, parseOptionCsv } from './option-csv.logic.js';

const HEADER = 'time,underlying,expiry,strike,option_type,open,high,low,close,volume,oi';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');
const GOOD = '2026-11-20 09:15,NIFTY,2026-11-25,24500,CE,120.5,125,118.05,122.4,1500,250000';

describe('parseOptionCsv', () => {
  it('reads a row as one candle in paise, the time as IST', () => {
    expect(parseOptionCsv(csv(GOOD))).toEqual({
      candles: [
        {
          ts: Date.UTC(2026, 10, 20, 3, 45),
          underlying: 'NIFTY',
          expiry: '2026-11-25',
          strikePaise: 2_450_000,
          optionType: 'CE',
          openPaise: 12_050,
          highPaise: 12_500,
          lowPaise: 11_805,
          closePaise: 12_240,
          volume: 1500,
          oi: 250_000,
        },
      ],
    });
  });

  it('takes ISO 8601 times with an offset, columns in any order, quotes, CRLF and a BOM', () => {
    const text =
      '\uFEFFoi,volume,close,low,high,open,option_type,strike,expiry,underlying,time\r\n' +
      ',,"1.00",1,1,1,pe,24500.5,2026-11-25,"nifty",2026-11-20T04:00:00Z\r\n';
    const parsed = parseOptionCsv(text);
    expect(parsed).toMatchObject({
      candles: [{ ts: Date.UTC(2026, 10, 20, 4), optionType: 'PE', underlying: 'NIFTY', strikePaise: 2_450_050 }],
    });
    expect('candles' in parsed && parsed.candles[0]?.volume).toBeNull();
    expect(parseOptionCsv(csv('2026-11-20T09:15:00+05:30,NIFTY,2026-11-25,24500,CE,1,1,1,1,0,0'))).toMatchObject({
      candles: [{ ts: Date.UTC(2026, 10, 20, 3, 45) }],
    });
  });

  it('names each bad cell by line and column and yields no candle at all', () => {
    const parsed = parseOptionCsv(
      csv(
        GOOD,
        '2026-11-20 09:16,NIFTY,2026-11-31,24500,XX,1.234,100,120,110,-5,',
        '2026-11-20 09:18,NIFTY,2026-11-25,24500,CE,99,100,90,101,1,1',
        '2026-11-20 09:17,NIFTY,2026-11-25,24500,CE,1,1,1',
      ),
    );
    expect(parsed).toEqual({
      error: 'The file has problems; nothing was imported',
      problems: [
        { line: 3, field: 'expiry', message: 'must be a date as YYYY-MM-DD' },
        { line: 3, field: 'option_type', message: 'must be CE or PE' },
        { line: 3, field: 'open', message: 'must be an amount in rupees with at most 2 decimals' },
        { line: 3, field: 'volume', message: 'must be a whole number of 0 or more, or empty' },
        { line: 3, field: 'high', message: 'is below low' },
        { line: 4, field: 'close', message: 'must lie between low and high' },
        { line: 5, field: 'row', message: 'has 8 columns, the header 11' },
      ],
    });
  });

  it('refuses the same contract and minute twice, naming the first line', () => {
    const later = GOOD.replace('2026-11-20 09:15', '2026-11-20T03:45:00Z');
    expect(parseOptionCsv(csv(GOOD, later))).toMatchObject({
      problems: [{ line: 3, field: 'time', message: 'repeats the candle of line 2' }],
    });
  });

  it('refuses times that are no candle: seconds, no offset, after the expiry day', () => {
    const at = (time: string) => parseOptionCsv(csv(GOOD.replace('2026-11-20 09:15', time)));
    expect(at('2026-11-20 09:15:30')).toMatchObject({ problems: [{ field: 'time', message: /whole minute/ }] });
    expect(at('2026-11-20T09:15:00')).toMatchObject({ problems: [{ field: 'time', message: /ISO 8601/ }] });
    expect(at('2026-11-26 09:15')).toMatchObject({ problems: [{ field: 'time', message: /after the contract/ }] });
    expect(at('2026-11-25 15:29')).toHaveProperty('candles');
  });

  it('says which header columns are missing, and refuses an empty file', () => {
    expect(parseOptionCsv('time,underlying,expiry,strike,open,high,low,close,volume\n')).toMatchObject({
      problems: [
        { line: 1, field: 'option_type', message: 'column is missing from the header row' },
        { line: 1, field: 'oi', message: 'column is missing from the header row' },
      ],
    });
    expect(parseOptionCsv('\n\n')).toMatchObject({ error: /empty/, problems: [] });
    expect(parseOptionCsv(HEADER)).toMatchObject({ error: /no candles/, problems: [] });
  });

  it(`reports at most ${MAX_PROBLEMS} problems`, () => {
    const bad = Array.from({ length: 300 }, () => GOOD.replace(',CE,', ',XX,'));
    const parsed = parseOptionCsv(csv(...bad));
    expect('problems' in parsed && parsed.problems).toHaveLength(MAX_PROBLEMS);
  });
});
