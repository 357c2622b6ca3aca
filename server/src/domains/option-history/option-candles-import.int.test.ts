import { OPTION_CANDLES_IMPORT_MAX_BYTES } from '@app/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t);
  user = await buildUser(t);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.deleteFrom('optionCandles').execute();
});

const HEADER = 'time,underlying,expiry,strike,option_type,open,high,low,close,volume,oi';
const ROWS = [
  '2026-11-20 09:15,NIFTY,2026-11-25,24500,CE,120.50,125,118.05,122.40,1500,250000',
  '2026-11-20 09:16,NIFTY,2026-11-25,24500,CE,122.40,123,121,121.10,900,251000',
  '2026-11-20T09:15:00+05:30,NIFTY,2026-11-25,24500,PE,80,81,79.5,80.25,,',
];
const send = (csv: string, token = admin.token, contentType = 'text/csv') =>
  t.request({
    method: 'POST',
    url: '/api/data/option-candles/import',
    token,
    headers: { 'content-type': contentType },
    payload: csv,
  });
const stored = () =>
  t.database.db.selectFrom('optionCandles').selectAll().orderBy('optionType').orderBy('ts').execute();
const at0915 = Date.parse('2026-11-20T09:15:00+05:30');

describe('POST /api/data/option-candles/import', () => {
  it('writes every row in paise, and a second import of the same candles replaces them', async () => {
    const first = await send([HEADER, ...ROWS].join('\n'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ imported: 3, replaced: 0 });
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['actorUserId', 'detail'])
      .where('action', '=', 'option_candles.import')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorUserId).toBe(admin.id);
    expect(JSON.parse(String(audit[0]?.detail))).toEqual({ imported: 3, replaced: 0 });
    expect(await stored()).toMatchObject([
      { optionType: 'CE', ts: at0915, openPaise: 12_050, highPaise: 12_500, lowPaise: 11_805, closePaise: 12_240 },
      { optionType: 'CE', ts: at0915 + 60_000, closePaise: 12_110, volume: 900, oi: 251_000, source: 'imported' },
      { optionType: 'PE', ts: at0915, strikePaise: 2_450_000, closePaise: 8_025, volume: null, oi: null },
    ]);

    const corrected = ROWS[1]!.replace('121.10,900', '121.90,950');
    const again = await send(
      [HEADER, corrected, '2026-11-20 09:17,NIFTY,2026-11-25,24500,CE,121,122,120,121,5,6'].join('\n'),
    );
    expect(again.json().data).toEqual({ imported: 2, replaced: 1 });
    const rows = await stored();
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.ts === at0915 + 60_000 && r.optionType === 'CE')).toMatchObject({
      closePaise: 12_190,
      volume: 950,
    });
  });

  it('gives the backtester the candles per contract with the minutes they lack', async () => {
    await send([HEADER, ...ROWS].join('\n'));
    const history = await t.services.optionHistory.candlesBetween('nifty', at0915, at0915 + 5 * 60_000);
    expect(history.map((h) => [h.contract.optionType, h.candles.length, h.gaps])).toEqual([
      ['CE', 2, { missing: 3, firstMissing: at0915 + 2 * 60_000 }],
      ['PE', 1, { missing: 4, firstMissing: at0915 + 60_000 }],
    ]);
  });

  it('writes nothing from a file with a bad row, and names each problem by line and column', async () => {
    const bad = '2026-11-20 09:17,NIFTY,2026-13-01,24500,CE,100,90,95,96,1,1';
    const res = await send([HEADER, ...ROWS, bad, ROWS[0]].join('\n'));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      error: 'The file has problems; nothing was imported',
      details: {
        rows: [
          { line: 5, field: 'expiry', message: 'must be a date as YYYY-MM-DD' },
          { line: 5, field: 'high', message: 'is below low' },
          { line: 6, field: 'time', message: 'repeats the candle of line 2' },
        ],
      },
    });
    expect(await stored()).toEqual([]);
  });

  it('reads a body sent as plain text the same way', async () => {
    const res = await send([HEADER, ROWS[0]].join('\n'), admin.token, 'text/plain; charset=utf-8');
    expect(res.json().data).toEqual({ imported: 1, replaced: 0 });
  });

  it('is for admins only', async () => {
    const csv = [HEADER, ...ROWS].join('\n');
    expect((await send(csv, user.token)).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/data/option-candles/import', payload: csv })).statusCode).toBe(
      401,
    );
    expect(await stored()).toEqual([]);
  });

  it('refuses a file over the cap with 413, and a body that is no CSV text with 400', async () => {
    const big = HEADER + '\n' + ROWS[0]!.padEnd(OPTION_CANDLES_IMPORT_MAX_BYTES, ' ');
    const res = await send(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, error: 'The request is too large' });
    const json = await t.request({
      method: 'POST',
      url: '/api/data/option-candles/import',
      token: admin.token,
      payload: { csv: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(await stored()).toEqual([]);
  });
});
