import { MSG, type AuditEntry } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildMapping, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/** Issue 27: a create is its own mapping unless it is the same person's double click; every strategy has a leg. */
let t: TestApp;
let trader: TestUser;
let admin: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  trader = await buildUser(t);
  admin = await buildAdmin(t);
});
afterEach(async () => {
  await t.close();
});

const create = (token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/strategies/user-mappings', token, payload });
const update = (id: number, payload: Record<string, unknown>, token = trader.token) =>
  t.request({ method: 'PUT', url: `/api/strategies/user-mappings/${id}`, token, payload });

/** Every `mapping.create` on record, oldest first. */
async function createsOnRecord(): Promise<AuditEntry[]> {
  const res = await t.request({ method: 'GET', url: '/api/audit?action=mapping.create&limit=50', token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.entries as AuditEntry[]).reverse();
}

describe('a near-duplicate create within seconds', () => {
  it('differing only in Max Loss and Target Profit is a second mapping with its own limits, and the reply says so', async () => {
    const broker = await buildUserBroker(t, trader);
    const body = { strategy_id: 1, instrument_id: 1, user_broker_id: broker.id, ce_count: 1, pe_count: 1 };
    const first = await create(trader.token, body);
    t.clock.advance(3000);
    const second = await create(trader.token, { ...body, max_loss: 5000, target_profit: 2500 });
    expect(second.statusCode).toBe(201);
    const made = second.json();
    expect(made.data.id).not.toBe(first.json().data.id);
    expect(made.data).toMatchObject({ max_loss: 5000, target_profit: 2500 });
    expect(made.message).toBe(
      `Strategy mapping created: a new one beside #${first.json().data.id}, created moments ago ` +
        '(they differ in Max Loss and Target Profit)',
    );
    expect(await t.services.mappings.listFor(trader.id)).toHaveLength(2);
  });

  it("an admin's create for a trader is never answered with the trader's own mapping, and the log credits each author", async () => {
    const broker = await buildUserBroker(t, trader);
    const body = { strategy_id: 1, instrument_id: 1, user_broker_id: broker.id, ce_count: 1, pe_count: 1 };
    const own = (await create(trader.token, body)).json().data.id as number;
    t.clock.advance(2000);

    // The very same mapping by someone else: refused, naming who made it and which, so nothing doubles.
    const same = await create(admin.token, { ...body, user_id: trader.id });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe(
      `${trader.username} created this same strategy mapping (#${own}) 2 s ago: nothing was created, so its ` +
        'position is not doubled. Edit that one, or change a field to create another.',
    );

    // With the desk's cap it is another mapping: created, with the cap, and credited to the admin.
    const capped = await create(admin.token, { ...body, user_id: trader.id, max_loss: 800 });
    expect(capped.statusCode).toBe(201);
    const cappedId = capped.json().data.id as number;
    expect(cappedId).not.toBe(own);
    expect(capped.json().data).toMatchObject({ user_id: trader.id, max_loss: 800, admin_max_loss: 800 });

    const records = await createsOnRecord();
    expect(records.map((r) => [r.object_id, r.actor, r.owner_username])).toEqual([
      [own, trader.username, trader.username],
      [cappedId, admin.username, trader.username],
    ]);
    // The admin's entry lists the fields of the admin's mapping (not the trader's), its author left to the actor.
    expect(records[1]!.changes).toMatchObject({ admin_max_loss_paise: { before: null, after: 80000 } });
    expect(records[1]!.changes).not.toHaveProperty('created_by');
  });

  it("an admin's identical creates for two traders are two mappings", async () => {
    const other = await buildUser(t);
    const mine = await buildUserBroker(t, trader);
    const theirs = await buildUserBroker(t, other);
    const base = { strategy_id: 1, instrument_id: 1, ce_count: 1, pe_count: 1 };
    const a = await create(admin.token, { ...base, user_id: trader.id, user_broker_id: mine.id });
    const b = await create(admin.token, { ...base, user_id: other.id, user_broker_id: theirs.id });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data.user_id).toBe(trader.id);
    expect(b.json().data.user_id).toBe(other.id);
  });
});

describe('at least one leg per strategy', () => {
  it('refuses a create of 0 CE and 0 PE with 400 naming both counts, and creates nothing', async () => {
    const broker = await buildUserBroker(t, trader);
    const res = await create(trader.token, {
      strategy_id: 1,
      instrument_id: 1,
      user_broker_id: broker.id,
      ce_count: 0,
      pe_count: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.atLeastOneLeg);
    expect(MSG.atLeastOneLeg).toContain('CE Count and PE Count');
    expect(await t.services.mappings.listFor(trader.id)).toHaveLength(0);
  });

  it('takes one side alone, and a create that names no counts gets one CE and one PE', async () => {
    const broker = await buildUserBroker(t, trader);
    const refs = { strategy_id: 1, instrument_id: 1, user_broker_id: broker.id };
    expect((await create(trader.token, { ...refs, ce_count: 0, pe_count: 2 })).statusCode).toBe(201);
    const plain = await create(trader.token, { ...refs, start_time: '09:20', end_time: '15:00' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data).toMatchObject({ ce_count: 1, pe_count: 1 });
  });

  it('refuses an edit to 0 and 0, but leaves a row stored as 0/0 before editable in its other fields', async () => {
    const m = await buildMapping(t, trader, { ce_count: 2, pe_count: 0 });
    const zero = await update(m.id, { ce_count: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error).toBe(MSG.atLeastOneLeg);
    expect((await t.services.mappings.get({ userId: trader.id, role: 'user' }, m.id)).ce_count).toBe(2);

    // A row from before the rule (written straight to the database, as an old console did).
    await t.database.db
      .updateTable('userStrategyMappings')
      .set({ ceCount: 0, peCount: 0 })
      .where('id', '=', m.id)
      .execute();
    expect((await update(m.id, { is_active: 0 })).statusCode).toBe(200);
    expect((await update(m.id, { pe_count: 0 })).statusCode).toBe(400);
    expect((await update(m.id, { pe_count: 1 })).statusCode).toBe(200);
  });
});
