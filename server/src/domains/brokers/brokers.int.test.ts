import { labelOf } from '@app/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildMapping, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let owner: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const storedSealed = async (id: number) =>
  (
    await sql<{
      sealed: string | null;
    }>`select broker_token_sealed as sealed from user_brokers where id = ${id}`.execute(t.database.db)
  ).rows[0]?.sealed;

describe('broker configurations', () => {
  it('lists the brokers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/brokers/list', token: owner.token });
    expect(res.json().data).toEqual([
      { id: 1, name: 'Zerodha', is_paper: false },
      { id: 2, name: 'Binance', is_paper: false },
      { id: 3, name: 'Paper', is_paper: true },
    ]);
  });

  it('creates a config, encrypts the token at rest and never returns it', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/brokers/user-brokers',
      token: owner.token,
      payload: { broker_id: 1, broker_username: 'AB1234', broker_token: 'secret-access-token' },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ broker_id: 1, broker_name: 'Zerodha', broker_username: 'AB1234', has_token: true });
    expect(res.body).not.toContain('secret-access-token');
    const sealed = await storedSealed(created.id);
    expect(sealed).toBeTruthy();
    expect(sealed).not.toContain('secret-access-token');
    expect(await t.services.brokers.tokenOf(created.id)).toBe('secret-access-token');
    const list = await t.request({ method: 'GET', url: '/api/brokers/user-brokers', token: owner.token });
    expect(list.body).not.toContain('secret-access-token');
    expect(list.json().data).toHaveLength(1);
  });

  it.each([
    [{ broker_id: 1 }, 'broker_username'],
    [{ broker_id: 1, broker_username: '   ' }, 'broker_username'],
    // Not a Zerodha user ID: it would show as an account ("HELLO WORLD") that no Kite login can ever match.
    [{ broker_id: 1, broker_username: 'hello world' }, 'broker_username'],
    [{ broker_username: 'AB1234' }, 'broker_id'],
    [{ broker_id: 99, broker_username: 'AB1234' }, 'broker_id'],
  ])('refuses %o naming %s and writes nothing', async (payload, field) => {
    const res = await t.request({ method: 'POST', url: '/api/brokers/user-brokers', token: owner.token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(labelOf(field));
    expect(await t.services.brokers.listFor(owner.id)).toHaveLength(0);
  });

  it('stores a Kite user ID typed in lower case as Kite writes it (upper case), so its login works', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/brokers/user-brokers',
      token: owner.token,
      payload: { broker_id: 1, broker_username: ' ab1234 ', broker_token: null },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.broker_username).toBe('AB1234');
  });

  it('keeps the token on an empty update, replaces it with a new one, clears it with null', async () => {
    const b = await buildUserBroker(t, owner, { broker_token: 'first' });
    const put = (payload: object) =>
      t.request({ method: 'PUT', url: `/api/brokers/user-brokers/${b.id}`, token: owner.token, payload });
    expect((await put({ broker_username: 'XY9999', broker_token: '' })).json().data).toMatchObject({
      broker_username: 'XY9999',
      has_token: true,
    });
    expect(await t.services.brokers.tokenOf(b.id)).toBe('first');
    await put({ broker_token: 'second' });
    expect(await t.services.brokers.tokenOf(b.id)).toBe('second');
    expect((await put({ broker_token: null })).json().data.has_token).toBe(false);
  });

  it("hides another user's config: 404 and nothing changes", async () => {
    const b = await buildUserBroker(t, owner, { broker_username: 'OWN111' });
    const other = await buildUser(t);
    const put = await t.request({
      method: 'PUT',
      url: `/api/brokers/user-brokers/${b.id}`,
      token: other.token,
      payload: { broker_username: 'HACKED' },
    });
    expect(put.statusCode).toBe(404);
    const del = await t.request({ method: 'DELETE', url: `/api/brokers/user-brokers/${b.id}`, token: other.token });
    expect(del.statusCode).toBe(404);
    expect((await t.services.brokers.listFor(owner.id))[0]?.broker_username).toBe('OWN111');
    const theirs = await t.request({ method: 'GET', url: '/api/brokers/user-brokers', token: other.token });
    expect(theirs.json().data).toEqual([]);
  });

  it('lets an admin list a given user’s configs; users get 403', async () => {
    const admin = await buildAdmin(t);
    await buildUserBroker(t, owner);
    const res = await t.request({
      method: 'GET',
      url: `/api/brokers/admin/user-brokers/${owner.id}`,
      token: admin.token,
    });
    expect(res.json().data).toHaveLength(1);
    const missing = await t.request({ method: 'GET', url: '/api/brokers/admin/user-brokers/999', token: admin.token });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses to delete a config a mapping uses', async () => {
    const m = await buildMapping(t, owner);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/brokers/user-brokers/${m.user_broker_id}`,
      token: owner.token,
    });
    expect(res.statusCode).toBe(409);
    expect(await t.services.brokers.listFor(owner.id)).toHaveLength(1);
  });
});
