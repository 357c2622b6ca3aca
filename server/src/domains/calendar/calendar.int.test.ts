import { afterEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildMapping, buildRdxConfig, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, TEST_START, type TestApp } from '../../../test/test-app.js';
import { seedNseHolidays } from './calendar.seed.js';
import { NSE_HOLIDAYS } from './nse-holidays.js';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

interface ListedHoliday {
  id: number;
  exchange: string;
  date: string;
  description: string;
  source: string;
}

const list = async (token: string) => {
  const res = await t.request({ method: 'GET', url: '/api/calendar/holidays', token });
  expect(res.statusCode).toBe(200);
  return res.json().data.holidays as ListedHoliday[];
};
const add = (token: string, payload: object) =>
  t.request({ method: 'POST', url: '/api/calendar/holidays', token, payload });
const remove = (token: string, id: number) =>
  t.request({ method: 'DELETE', url: `/api/calendar/holidays/${id}`, token });

describe('the NSE holiday calendar', () => {
  let admin: TestUser;
  let user: TestUser;
  const setUp = async () => {
    t = await buildTestApp();
    admin = await buildAdmin(t);
    user = await buildUser(t);
  };

  it('is seeded from the data file with its sources, sorted by date, and any user may read it', async () => {
    await setUp();
    const holidays = await list(user.token);
    expect(holidays).toHaveLength(NSE_HOLIDAYS.length);
    expect(holidays.map((h) => h.date)).toEqual(NSE_HOLIDAYS.map((h) => h.date).sort());
    expect(holidays.find((h) => h.date === '2026-11-24')).toMatchObject({
      exchange: 'NSE',
      description: 'Prakash Gurpurb Sri Guru Nanak Dev',
      source: expect.stringContaining('NSE/CMTR/71775'),
    });
    expect(holidays.find((h) => h.date === '2025-02-26')?.source).toContain('NSE/CMTR/65587');
  });

  it('lets an admin add a day, naming them as its source, and delete it', async () => {
    await setUp();
    const res = await add(admin.token, { date: '2027-01-26', description: '  Republic Day  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Holiday added');
    const made = res.json().data as ListedHoliday;
    expect(made).toMatchObject({
      exchange: 'NSE',
      date: '2027-01-26',
      description: 'Republic Day',
      source: `Added in the console by ${admin.username}`,
    });
    expect((await list(user.token)).at(-1)).toEqual(made);

    const gone = await remove(admin.token, made.id);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ data: { id: made.id }, message: 'Holiday deleted' });
    expect((await list(user.token)).some((h) => h.id === made.id)).toBe(false);
    expect((await remove(admin.token, made.id)).statusCode).toBe(404);
  });

  it('refuses a day already listed with 409 and a date that is not a day with 400, writing nothing', async () => {
    await setUp();
    const before = (await list(admin.token)).length;
    const duplicate = await add(admin.token, { date: '2026-12-25', description: 'Christmas again' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe('2026-12-25 is already in the NSE holiday calendar');
    for (const date of ['2026-02-30', '25-12-2026', '2026-1-5', '']) {
      const bad = await add(admin.token, { date, description: 'Nope' });
      expect(bad.statusCode, date).toBe(400);
      expect(bad.json().error).toBe('Date must be a day as YYYY-MM-DD, e.g. 2026-11-24');
    }
    const blank = await add(admin.token, { date: '2027-03-01', description: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Description is required');
    expect(await list(admin.token)).toHaveLength(before);
  });

  it('is read-only for users: adding and deleting are 403', async () => {
    await setUp();
    const [first] = await list(user.token);
    expect((await add(user.token, { date: '2027-01-26', description: 'Republic Day' })).statusCode).toBe(403);
    expect((await remove(user.token, first?.id ?? 0)).statusCode).toBe(403);
    expect(await list(user.token)).toHaveLength(NSE_HOLIDAYS.length);
  });

  it("seeds each data-file day once: a deleted day stays deleted, next year's list lands", async () => {
    await setUp();
    const christmas = (await list(admin.token)).find((h) => h.date === '2026-12-25');
    expect((await remove(admin.token, christmas?.id ?? 0)).statusCode).toBe(200);

    // The next start, with 2027 appended to the data file.
    const nextYear = { date: '2027-01-26', description: 'Republic Day', source: 'NSE circular for 2027' };
    expect(await seedNseHolidays(t.database.db, t.clock.now(), [...NSE_HOLIDAYS, nextYear])).toBe(1);
    expect(await seedNseHolidays(t.database.db, t.clock.now(), [...NSE_HOLIDAYS, nextYear])).toBe(0);
    const dates = (await list(admin.token)).map((h) => h.date);
    expect(dates).toContain('2027-01-26');
    expect(dates).not.toContain('2026-12-25');
  });
});

describe('on an NSE holiday', () => {
  /** Tuesday 24 Nov 2026, 10:30 IST: Prakash Gurpurb, listed by NSE/CMTR/71775. */
  const GURPURB_1030 = Date.UTC(2026, 10, 24, 5, 0);
  let owner: TestUser;
  const actor = () => ({ userId: owner.id, role: 'user' as const });

  async function runningOn(instrumentId: number) {
    const m = await buildMapping(t, owner, { instrument_id: instrumentId });
    if (instrumentId === 1) await buildRdxConfig(t, owner, m.id);
    else {
      await t.services.rdxConfigs.create(actor(), m.id, {
        rdx_lot_count: 1,
        atm_value: 0,
        offset_value: 100,
        interval: '15m',
      });
    }
    await t.services.mappings.setRunningStatus(actor(), m.id, 1);
    return m;
  }
  const sandboxIndexId = async () => {
    const found = (await t.services.instruments.list()).find((i) => i.name === 'SANDBOX 24x7');
    if (!found) throw new Error('SANDBOX 24x7 is not seeded');
    return found.id;
  };
  const fills = async () => (await t.services.transactions.listFor(owner.id, { limit: 100, offset: 0 })).transactions;

  it('a NIFTY strategy says the market is closed today and why, takes no entry and cannot realign', async () => {
    t = await buildTestApp({ start: GURPURB_1030 });
    owner = await buildUser(t);
    await t.services.engine.start();
    const nifty = await runningOn(1);

    const row = await t.services.mappings.get(actor(), nifty.id);
    expect(row.status_detail).toBe(
      'Market closed today: Prakash Gurpurb Sri Guru Nanak Dev (NSE holiday) · opens Wed 09:15 IST',
    );
    expect(row.available_actions).not.toContain('realign');

    expect(await t.services.engine.evaluate('256265', '15m', 2451240, GURPURB_1030)).toBe(0);
    expect(await fills()).toHaveLength(0);
    const realign = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${nifty.id}/realign`,
      token: owner.token,
    });
    expect(realign.statusCode).toBe(409);
    expect(realign.json().error).toBe(
      'Cannot realign: market closed today (Prakash Gurpurb Sri Guru Nanak Dev, an NSE holiday)',
    );
  });

  it('the 24x7 sandbox index keeps trading: it keeps no exchange calendar', async () => {
    t = await buildTestApp({ start: GURPURB_1030 });
    owner = await buildUser(t);
    await t.services.engine.start();
    const sandbox = await runningOn(await sandboxIndexId());
    expect((await t.services.mappings.get(actor(), sandbox.id)).status_detail).toMatch(/^Waiting for the 15m candle/);
    expect(await t.services.engine.evaluate('99000073', '15m', 1_000_000, GURPURB_1030)).toBe(1);
    expect(await fills()).toHaveLength(2);
  });

  it('a day an admin adds closes the market at once, and deleting it opens it again', async () => {
    t = await buildTestApp(); // Monday 23 Nov 2026, 10:30 IST: an ordinary trading day
    owner = await buildUser(t);
    const admin = await buildAdmin(t);
    await t.services.engine.start();
    const nifty = await runningOn(1);
    const made = await add(admin.token, { date: '2026-11-23', description: 'Exchange outage' });
    expect(made.statusCode).toBe(201);

    expect((await t.services.mappings.get(actor(), nifty.id)).status_detail).toBe(
      // Tuesday is Gurpurb, so the next open is Wednesday.
      'Market closed today: Exchange outage (NSE holiday) · opens Wed 09:15 IST',
    );
    expect(await t.services.engine.evaluate('256265', '15m', 2451240, TEST_START)).toBe(0);

    await remove(admin.token, made.json().data.id);
    expect(await t.services.engine.evaluate('256265', '15m', 2451240, TEST_START + 900_000)).toBe(1);
    expect(await fills()).toHaveLength(2);
  });
});
