import { labelOf } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildMapping, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t);
});
afterEach(async () => {
  await t.close();
});

// An NSE equity token (segment 1): taken as typed, as the exchange's list is only asked about indices and F&O.
const valid = { name: 'RELIANCE', instrument_token: '738561', lot_size: 500 };
/** NIFTY FIN SERVICE's real Kite token: an index (segment 9) the sandbox exchange does not list. */
const UNLISTED_INDEX = '257801';
const create = (payload: object, token = admin.token) =>
  t.request({ method: 'POST', url: '/api/instruments', token, payload });
const count = async () => (await t.services.instruments.list()).length;

describe('instruments', () => {
  it('lists the seeded reference instruments with a live market status', async () => {
    const u = await buildUser(t);
    const res = await t.request({ method: 'GET', url: '/api/instruments/list', token: u.token });
    const [nifty] = res.json().data;
    expect(nifty).toMatchObject({
      id: 1,
      name: 'NIFTY 50',
      instrument_token: '256265',
      lot_size: 65, // NSE's lot from the January 2026 expiries (NSE/FAOP/70616)
      market_open_time: '09:15',
      market_close_time: '15:30',
      timezone: 'Asia/Kolkata',
      trading_days: '1,2,3,4,5',
    });
    // The test clock is Monday 10:30 IST.
    expect(nifty.market_status).toEqual({
      isOpen: true,
      openTime: '09:15',
      closeTime: '15:30',
      timezone: 'Asia/Kolkata',
      nextChange: '2026-11-23T10:00:00.000Z',
    });
  });

  it('serves the same list in data.data for the data tab', async () => {
    const res = await t.request({ method: 'GET', url: '/api/data/instruments', token: admin.token });
    expect(res.json().data.data.map((i: { name: string }) => i.name)).toContain('NIFTY BANK');
  });

  it('creates with SPEC defaults and sends no ticker when empty', async () => {
    const res = await create({ ...valid, ticker: '  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      ...valid,
      ticker: null,
      market_open_time: '09:15',
      market_close_time: '15:30',
      timezone: 'Asia/Kolkata',
      trading_days: '1,2,3,4,5',
    });
  });

  it.each([
    [{ ...valid, name: '   ' }, 'name'],
    [{ ...valid, instrument_token: '' }, 'instrument_token'],
    [{ ...valid, instrument_token: 'abc token' }, 'instrument_token'],
    [{ ...valid, lot_size: 0 }, 'lot_size'],
    [{ ...valid, lot_size: 1.5 }, 'lot_size'],
    [{ ...valid, market_open_time: '9:15' }, 'market_open_time'],
    [{ ...valid, market_close_time: '25:00' }, 'market_close_time'],
    [{ ...valid, market_open_time: '15:30', market_close_time: '09:15' }, 'market_close_time'],
    [{ ...valid, timezone: 'Mars/Olympus' }, 'timezone'],
    [{ ...valid, trading_days: '1,8' }, 'trading_days'],
  ])('refuses %o naming %s and writes nothing', async (payload, field) => {
    const before = await count();
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(labelOf(field));
    expect(await count()).toBe(before);
  });

  it('refuses a duplicate token with 409 naming the token and the instrument that has it', async () => {
    const res = await create({ ...valid, instrument_token: '256265' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Instrument Token 256265 is already used by the instrument NIFTY 50');
  });

  it('refuses a duplicate name, whatever its case, with 409 naming it, on create and on update', async () => {
    const before = await count();
    const res = await create({ ...valid, name: 'nifty 50' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('An instrument named NIFTY 50 already exists: choose another name');
    expect(await count()).toBe(before);

    const renamed = await t.request({
      method: 'PUT',
      url: '/api/instruments/2',
      token: admin.token,
      payload: { name: 'NIFTY 50' },
    });
    expect(renamed.statusCode).toBe(409);
    // Its own name (a save that changes something else) is no conflict.
    const same = await t.request({
      method: 'PUT',
      url: '/api/instruments/2',
      token: admin.token,
      payload: { name: 'NIFTY BANK', lot_size: 30 },
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses an index token the exchange does not list, on create and on update, and writes nothing', async () => {
    const before = await count();
    const res = await create({ ...valid, name: 'NIFTY FIN SERVICE', instrument_token: UNLISTED_INDEX });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      "Instrument Token 257801 is not an index or F&O instrument the exchange lists today: copy the token from the exchange's instruments list",
    );
    expect(await count()).toBe(before);
    const put = await t.request({
      method: 'PUT',
      url: '/api/instruments/2',
      token: admin.token,
      payload: { instrument_token: UNLISTED_INDEX },
    });
    expect(put.statusCode).toBe(400);
    expect((await t.services.instruments.list()).find((i) => i.id === 2)?.instrument_token).toBe('260105');
  });

  it('is admin-only for writes', async () => {
    const u = await buildUser(t);
    expect((await create(valid, u.token)).statusCode).toBe(403);
  });

  it('updates only the fields sent and recomputes the status', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/instruments/2',
      token: admin.token,
      payload: { lot_size: 30, trading_days: '6,0' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'NIFTY BANK', lot_size: 30, trading_days: '0,6' });
    expect(res.json().data.market_status.isOpen).toBe(false);
  });

  it('checks the open/close order against the stored value on update', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/instruments/1',
      token: admin.token,
      payload: { market_close_time: '09:00' },
    });
    expect(res.statusCode).toBe(400);
    expect((await t.services.instruments.list())[0]?.market_close_time).toBe('15:30');
  });

  it('deletes an unused instrument, refuses one in use, and 404s an unknown one', async () => {
    const made = (await create(valid)).json().data;
    expect(
      (await t.request({ method: 'DELETE', url: `/api/instruments/${made.id}`, token: admin.token })).statusCode,
    ).toBe(200);
    const owner = await buildUser(t);
    await buildMapping(t, owner);
    const inUse = await t.request({ method: 'DELETE', url: '/api/instruments/1', token: admin.token });
    expect(inUse.statusCode).toBe(409);
    expect((await t.request({ method: 'DELETE', url: '/api/instruments/999', token: admin.token })).statusCode).toBe(
      404,
    );
  });
});

describe("lot sizes from the exchange's instruments dump", () => {
  it("brings an instrument's lot size in line with the exchange's on a refresh, and only an admin may ask", async () => {
    // An admin typed a stale lot size for NIFTY 50.
    const put = await t.request({
      method: 'PUT',
      url: '/api/instruments/1',
      token: admin.token,
      payload: { lot_size: 50 },
    });
    expect(put.statusCode).toBe(200);
    const user = await buildUser(t);
    const refused = await t.request({
      method: 'POST',
      url: '/api/instruments/refresh-from-exchange',
      token: user.token,
    });
    expect(refused.statusCode).toBe(403);

    const res = await t.request({ method: 'POST', url: '/api/instruments/refresh-from-exchange', token: admin.token });
    expect(res.statusCode).toBe(200);
    const nifty = (res.json().data.lot_sizes as Array<{ ticker: string; lot_size: number }>).find(
      (l) => l.ticker === 'NIFTY',
    );
    expect(nifty?.lot_size).toBe(65); // the sandbox's dump, as the exchange publishes it
    const after = (await t.services.instruments.list()).find((i) => i.id === 1);
    expect(after?.lot_size).toBe(65);
  });
});

describe("a console that cannot read the exchange's instruments list", () => {
  it('takes an index token as typed (no market-data token yet to ask with)', async () => {
    await t.close();
    t = await buildTestApp({ selfLogin: false });
    admin = await buildAdmin(t);
    const res = await create({ ...valid, name: 'NIFTY FIN SERVICE', instrument_token: UNLISTED_INDEX });
    expect(res.statusCode).toBe(201);
  });
});

describe('market protection', () => {
  it("defaults to Kite's automatic bound (-1), and takes a whole percentage from 1 to 100", async () => {
    expect((await t.services.instruments.list()).map((i) => i.market_protection)).toEqual([-1, -1, -1, -1]);
    const made = await create({ ...valid, market_protection: 100 });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.market_protection).toBe(100);
    const res = await t.request({
      method: 'PUT',
      url: `/api/instruments/${made.json().data.id}`,
      token: admin.token,
      payload: { market_protection: 1 },
    });
    expect(res.json().data).toMatchObject({ market_protection: 1, lot_size: valid.lot_size });
    const list = await t.request({ method: 'GET', url: '/api/instruments/list', token: admin.token });
    expect(list.json().data.at(-1).market_protection).toBe(1);
  });

  it.each([0, 101, -2, 2.5, '5'])('refuses %o with a message saying what it takes', async (value) => {
    const before = await count();
    const res = await create({ ...valid, market_protection: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(
      "Market Protection must be -1 (Kite's automatic bound) or a whole percentage from 1 to 100",
    );
    expect(await count()).toBe(before);
    const put = await t.request({
      method: 'PUT',
      url: '/api/instruments/1',
      token: admin.token,
      payload: { market_protection: value },
    });
    expect(put.statusCode).toBe(400);
  });
});
