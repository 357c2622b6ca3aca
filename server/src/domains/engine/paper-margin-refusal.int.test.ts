import { groupedRupeesText, RUNNING_STATUS, toPaise, type Alert, type EntryMargin } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildRdxConfig, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 34 item 3 for paper: an entry its Paper account's capital cannot cover is refused before any paper fill,
 * as a live one is against the broker's funds (margin-refusal.int.test.ts): the same words on the row, one
 * margin_short alert, a Realign answered 409. What it needs and what the account has are the figures
 * `POST /strategies/user-mappings/{id}/margin` gives it.
 */

let t: TestApp;
let owner: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const rupees = (r: number) => groupedRupeesText(toPaise(r));
const actor = () => ({ userId: owner.id, role: 'user' as const });
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
const NIFTY = '256265';
const shortWords = (available: string) =>
  new RegExp(`^the entry needs ₹[\\d,]+\\.\\d\\d of margin, ₹${available} available; nothing was sent`);

async function paperAccount(capital: number): Promise<number> {
  const list = await t.request({ method: 'GET', url: '/api/brokers/list', token: owner.token });
  const paper = (list.json().data as Array<{ id: number; is_paper: boolean }>).find((b) => b.is_paper)!;
  const res = await t.request({
    method: 'POST',
    url: '/api/brokers/user-brokers',
    token: owner.token,
    payload: { broker_id: paper.id, broker_username: 'PAPER1', virtual_capital: capital },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function runningPaperOn(account: number): Promise<number> {
  const { id } = await buildMapping(t, owner, { user_broker_id: account, is_dummy: 1 });
  await buildRdxConfig(t, owner, id);
  await t.services.mappings.setRunningStatus(actor(), id, RUNNING_STATUS.RUNNING);
  return id;
}

const marginOf = async (id: number) =>
  (await t.request({ method: 'POST', url: `/api/strategies/user-mappings/${id}/margin`, token: owner.token })).json()
    .data as EntryMargin;
const openLegs = (id: number) => t.services.engineRepo.openLegsOf(id);
const rowOf = (id: number) => t.services.mappings.get(actor(), id);
const shortAlerts = async () =>
  ((await t.request({ method: 'GET', url: '/api/alerts', token: owner.token })).json().data.alerts as Alert[]).filter(
    (a) => a.kind === 'margin_short',
  );

describe('a paper entry its Paper account’s capital cannot cover', () => {
  it('is not filled: the row has the figures, the owner is alerted once, and it keeps running', async () => {
    t.clock.set(CLOSE);
    const id = await runningPaperOn(await paperAccount(50_000));
    await t.services.engine.start();
    await t.services.engine.evaluate(NIFTY, '15m', 2_450_000, CLOSE);

    expect(await openLegs(id)).toHaveLength(0);
    const row = await rowOf(id);
    expect(row.running_status).toBe(RUNNING_STATUS.RUNNING);
    expect(row.status_detail).toMatch(/^Cannot trade: /);
    expect(row.status_detail?.replace(/^Cannot trade: /, '')).toMatch(shortWords('50,000\\.00'));
    // A short strangle on NIFTY blocks far more than the account has.
    const needed = Number(/needs ₹([\d,.]+)/.exec(row.status_detail ?? '')![1]!.replaceAll(',', ''));
    expect(needed).toBeGreaterThan(50_000);

    await expect.poll(async () => (await shortAlerts()).length).toBe(1);
    const [alert] = await shortAlerts();
    expect(alert!.title).toMatch(/not entered: needs ₹[\d,]+\.\d\d of margin, ₹50,000\.00 available/);

    // Refused again at the next close, said on the row, not alerted twice.
    await t.services.engine.evaluate(NIFTY, '15m', 2_450_000, CLOSE + 900_000);
    expect((await rowOf(id)).status_detail).toMatch(/₹50,000\.00 available; nothing was sent/);
    expect(await shortAlerts()).toHaveLength(1);
    expect(await openLegs(id)).toHaveLength(0);
  });

  it('answers a trader’s Realign with the figures (409), nothing filled', async () => {
    t.clock.set(CLOSE);
    const id = await runningPaperOn(await paperAccount(50_000));
    await t.services.engine.start();
    const res = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${id}/realign`,
      token: owner.token,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatch(
      /^Not entered: the entry needs ₹[\d,]+\.\d\d of margin, ₹50,000\.00 available; nothing was sent$/,
    );
    expect(await openLegs(id)).toHaveLength(0);
    // The figures are the ones the margin route quotes for the same entry at the same price.
    const quoted = await marginOf(id);
    expect(res.json().error).toContain(
      `needs ₹${rupees(quoted.final)} of margin, ₹${rupees(quoted.available!)} available`,
    );
  });

  it('counts the margin the account’s open paper legs hold: a second strategy is refused with what is left', async () => {
    t.clock.set(CLOSE);
    const account = await paperAccount(10_000_000);
    const first = await runningPaperOn(account);
    // Room for one strangle, not two: the capital set to one and a half of what one entry needs.
    const one = await marginOf(first);
    const capital = Math.round(one.final * 1.5);
    const saved = await t.request({
      method: 'PUT',
      url: `/api/brokers/user-brokers/${account}`,
      token: owner.token,
      payload: { virtual_capital: capital },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.services.engine.start();
    await t.services.engine.evaluate(NIFTY, '15m', 2_450_000, CLOSE);
    expect(await openLegs(first)).toHaveLength(2);

    // The next close (a second create in the same instant would be taken for a double click).
    t.clock.set(CLOSE + 900_000);
    const second = await runningPaperOn(account);
    await t.services.engine.evaluate(NIFTY, '15m', 2_450_000, CLOSE + 900_000);
    expect(await openLegs(second)).toHaveLength(0);
    expect((await rowOf(second)).status_detail).toMatch(/^Cannot trade: the entry needs ₹[\d,]+\.\d\d of margin/);
    // A Realign asks at the last price, as the margin route does: the same figures, beside the first's legs.
    const res = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${second}/realign`,
      token: owner.token,
    });
    expect(res.statusCode, res.body).toBe(409);
    const quoted = await marginOf(second);
    expect(quoted.available).not.toBeNull();
    // What is left is the capital less the first strangle's margin.
    expect(quoted.available!).toBeLessThan(capital - one.final / 2);
    expect(res.json().error).toContain(
      `needs ₹${rupees(quoted.final)} of margin, ₹${rupees(quoted.available!)} available`,
    );
    expect(await openLegs(second)).toHaveLength(0);
    expect((await rowOf(first)).status_detail ?? '').not.toMatch(/margin/);
    expect(await openLegs(first)).toHaveLength(2);
  });

  it('leaves a paper strategy on a broker account alone: it spends none of that account’s money', async () => {
    t.clock.set(CLOSE);
    const { id } = await buildMapping(t, owner, { is_dummy: 1 });
    await buildRdxConfig(t, owner, id);
    await t.services.mappings.setRunningStatus(actor(), id, RUNNING_STATUS.RUNNING);
    await t.services.engine.start();
    await t.services.engine.evaluate(NIFTY, '15m', 2_450_000, CLOSE);
    expect(await openLegs(id)).toHaveLength(2);
  });
});
