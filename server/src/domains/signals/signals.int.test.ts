import { createHmac } from 'node:crypto';
import { RUNNING_STATUS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMapping, buildRdxConfig, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

// Issue 34 item 5: a strategy's signal webhook, on SQLite and (server-int-pg) PostgreSQL.
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

/** A stopped paper RDX strategy of `owner`'s, configured so that Start may run it. */
async function paperStrategy(who: TestUser = owner): Promise<number> {
  const m = await buildMapping(t, who);
  await buildRdxConfig(t, who, m.id);
  return m.id;
}

async function rotate(id: number, who: TestUser = owner) {
  return t.request({ method: 'POST', url: `/api/strategies/user-mappings/${id}/signal-secret`, token: who.token });
}

async function credentials(id: number): Promise<{ signal_token: string; secret: string }> {
  const res = await rotate(id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { signal_token: string; secret: string } }>().data;
}

function signal(token: string, payload: unknown, headers: Record<string, string> = {}) {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return t.request({
    method: 'POST',
    url: `/api/signals/${token}`,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const statusOf = async (id: number) =>
  (await t.services.mappings.get({ userId: owner.id, role: 'user' }, id)).running_status;
const timenow = () => new Date(t.clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
const signalAudit = (mappingId: number | null) =>
  t.database.db
    .selectFrom('auditLog')
    .selectAll()
    .where('action', '=', 'signal.received')
    .where('objectId', mappingId === null ? 'is' : '=', mappingId)
    .orderBy('id')
    .execute();

describe('signal secret', () => {
  it('is shown once: a URL-safe token and a secret, stored sealed and hashed, never answered again', async () => {
    const id = await paperStrategy();
    const { signal_token, secret } = await credentials(id);
    expect(signal_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(secret.length).toBeGreaterThanOrEqual(40);
    const row = await t.database.db
      .selectFrom('signalTokens')
      .selectAll()
      .where('mappingId', '=', id)
      .executeTakeFirst();
    expect(row?.tokenHash).not.toContain(signal_token);
    expect(row?.secretSealed).not.toContain(secret);
    // Nothing else answers it: the strategy's own reads do not carry it.
    const reads = await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token: owner.token });
    expect(reads.body).not.toContain(secret);
    expect(reads.body).not.toContain(signal_token);
    // The rotation is on record without the token or the secret.
    const entries = await t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'signal_secret.rotate')
      .where('objectId', '=', id)
      .execute();
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain(secret);
    expect(JSON.stringify(entries)).not.toContain(signal_token);
  });

  it('cannot be made for another user’s strategy, by a user or an admin (404), nor without a session (401)', async () => {
    const id = await paperStrategy();
    const other = await buildUser(t);
    const admin = await buildUser(t, { role: 'admin' });
    expect((await rotate(id, other)).statusCode).toBe(404);
    expect((await rotate(id, admin)).statusCode).toBe(404);
    const anonymous = await t.request({ method: 'POST', url: `/api/strategies/user-mappings/${id}/signal-secret` });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.database.db.selectFrom('signalTokens').selectAll().where('mappingId', '=', id).execute()).toEqual(
      [],
    );
  });

  it('rotated, the old token and secret stop working at once', async () => {
    const id = await paperStrategy();
    const old = await credentials(id);
    const fresh = await credentials(id);
    const byOld = await signal(old.signal_token, { action: 'start', secret: old.secret });
    expect(byOld.statusCode).toBe(404);
    expect(byOld.json<{ error: string }>().error).toMatch(/No strategy has this signal token/);
    const oldSecretOnNewToken = await signal(fresh.signal_token, { action: 'start', secret: old.secret });
    expect(oldSecretOnNewToken.statusCode).toBe(401);
    expect(await statusOf(id)).toBe(RUNNING_STATUS.STOPPED);
    const byNew = await signal(fresh.signal_token, { action: 'start', secret: fresh.secret });
    expect(byNew.json<{ data: { outcome: string } }>().data.outcome).toBe('started');
  });
});

describe('signals', () => {
  it('a TradingView-shaped alert starts a paper strategy, and a second says it was already running', async () => {
    const id = await paperStrategy();
    const { signal_token, secret } = await credentials(id);
    // As TradingView posts it: the alert message as typed, plus fields the console ignores.
    const res = await signal(signal_token, {
      action: 'start',
      secret,
      idempotency_key: timenow(),
      ticker: 'NIFTY',
      close: 24510.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { outcome: 'started', is_repeat: false } });
    expect(await statusOf(id)).toBe(RUNNING_STATUS.RUNNING);
    const rows = await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token: owner.token });
    const row = rows.json<{ data: Array<{ id: number; running_status: number }> }>().data.find((m) => m.id === id);
    expect(row?.running_status).toBe(RUNNING_STATUS.RUNNING);

    const again = await signal(signal_token, { action: 'start', secret });
    expect(again.json<{ data: { outcome: string } }>().data.outcome).toBe('already running: nothing done');
    const stop = await signal(signal_token, { action: 'stop', secret });
    expect(stop.json<{ data: { outcome: string } }>().data.outcome).toMatch(/^stopped/);
    expect(await statusOf(id)).toBe(RUNNING_STATUS.STOPPED);
  });

  it('accepts TradingView’s text/plain post of the same JSON', async () => {
    const id = await paperStrategy();
    const { signal_token, secret } = await credentials(id);
    const res = await signal(signal_token, JSON.stringify({ action: 'start', secret }), {
      'content-type': 'text/plain; charset=utf-8',
    });
    expect(res.json<{ data: { outcome: string } }>().data.outcome).toBe('started');
  });

  it('is authenticated by an x-signature HMAC of the raw body without the secret in it', async () => {
    const id = await paperStrategy();
    const { signal_token, secret } = await credentials(id);
    const body = JSON.stringify({ action: 'start', idempotency_key: 'hmac-1' });
    const signature = createHmac('sha256', secret).update(body).digest('hex');
    const res = await signal(signal_token, body, { 'x-signature': signature });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { outcome: string } }>().data.outcome).toBe('started');

    const forged = await signal(signal_token, JSON.stringify({ action: 'stop' }), { 'x-signature': signature });
    expect(forged.statusCode).toBe(401);
    expect(forged.json<{ error: string }>().error).toMatch(/signature does not match/);
    expect(await statusOf(id)).toBe(RUNNING_STATUS.RUNNING);
  });

  it('refuses a wrong secret (401, in words) and does nothing; the refusal is on record without the secret', async () => {
    const id = await paperStrategy();
    const { signal_token } = await credentials(id);
    const res = await signal(signal_token, { action: 'start', secret: 'not-the-secret-at-all' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: 'Wrong secret: nothing was done' });
    const none = await signal(signal_token, { action: 'start' });
    expect(none.statusCode).toBe(401);
    expect(await statusOf(id)).toBe(RUNNING_STATUS.STOPPED);
    const entries = await signalAudit(id);
    expect(entries.map((e) => JSON.parse(e.detail ?? '{}') as { outcome: string; status: number })).toEqual([
      expect.objectContaining({ outcome: 'refused: Wrong secret: nothing was done', status: 401 }),
      expect.objectContaining({ status: 401 }),
    ]);
    expect(JSON.stringify(entries)).not.toContain('not-the-secret-at-all');
  });

  it('answers an unknown token 404 and a bad body 400 naming the field, acting on nothing', async () => {
    const unknown = await signal('no-such-token', { action: 'start', secret: 'x' });
    expect(unknown.statusCode).toBe(404);
    const id = await paperStrategy();
    const { signal_token, secret } = await credentials(id);
    const bad = await signal(signal_token, { action: 'buy', secret });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/Action must be one of start, stop, enter, exit, realign/);
    const notJson = await signal(signal_token, 'start please', { 'content-type': 'text/plain' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json<{ error: string }>().error).toMatch(/JSON object/);
    expect(await statusOf(id)).toBe(RUNNING_STATUS.STOPPED);
    const outcomes = (await signalAudit(id)).map((e) => (JSON.parse(e.detail ?? '{}') as { status: number }).status);
    expect(outcomes).toEqual([400, 400]);
  });

  it('refuses in trader words when the kill switch is engaged', async () => {
    const id = await paperStrategy();
    const { signal_token, secret } = await credentials(id);
    const admin = await buildUser(t, { role: 'admin' });
    const engage = { method: 'POST' as const, url: '/api/risk/kill-switch', token: admin.token };
    expect((await t.request({ ...engage, payload: { engaged: true } })).statusCode).toBe(200);
    try {
      const res = await signal(signal_token, { action: 'start', secret });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: { outcome: string } }>().data.outcome).toMatch(/^refused: the kill switch is engaged/);
      expect(await statusOf(id)).toBe(RUNNING_STATUS.STOPPED);
    } finally {
      await t.request({ ...engage, payload: { engaged: false } });
    }
  });

  it('refuses a signal whose time is older than the replay window, and takes {{timenow}} keys as that time', async () => {
    const id = await paperStrategy();
    const { signal_token, secret } = await credentials(id);
    const stale = new Date(t.clock.now() - 6 * 60_000).toISOString();
    const byKey = await signal(signal_token, { action: 'start', secret, idempotency_key: stale });
    expect(byKey.json<{ data: { outcome: string } }>().data.outcome).toMatch(/more than 5 minutes ago; nothing done/);
    const byTimestamp = await signal(signal_token, {
      action: 'start',
      secret,
      timestamp: Math.floor((t.clock.now() - 10 * 60_000) / 1000),
    });
    expect(byTimestamp.json<{ data: { outcome: string } }>().data.outcome).toMatch(/^refused: sent at/);
    expect(await statusOf(id)).toBe(RUNNING_STATUS.STOPPED);
  });

  it('acts once on 1,000 concurrent duplicates of one idempotency key; each repeat answers the first outcome', async () => {
    const id = await paperStrategy();
    const { signal_token, secret } = await credentials(id);
    const changes: number[] = [];
    const off = t.events.subscribe('mapping.status_changed', ({ mapping }) => {
      if (mapping.id === id) changes.push(mapping.running_status);
    });
    const payload = { action: 'start', secret, idempotency_key: 'tv-alert-1' };
    const replies: Array<{ outcome: string; is_repeat: boolean }> = [];
    try {
      for (let batch = 0; batch < 10; batch += 1) {
        const sent = await Promise.all(Array.from({ length: 100 }, () => signal(signal_token, payload)));
        for (const res of sent) {
          expect(res.statusCode, res.body).toBe(200);
          replies.push(res.json<{ data: { outcome: string; is_repeat: boolean } }>().data);
        }
      }
    } finally {
      off();
    }
    expect(replies).toHaveLength(1000);
    expect(replies.filter((r) => !r.is_repeat)).toEqual([{ outcome: 'started', is_repeat: false }]);
    expect(new Set(replies.map((r) => r.outcome))).toEqual(new Set(['started']));
    expect(changes).toEqual([RUNNING_STATUS.RUNNING]);
    expect(await statusOf(id)).toBe(RUNNING_STATUS.RUNNING);
    const keys = await t.database.db
      .selectFrom('signalKeys')
      .selectAll()
      .where('idempotencyKey', '=', 'tv-alert-1')
      .execute();
    expect(keys).toHaveLength(1);
    const entries = await signalAudit(id);
    expect(entries).toHaveLength(1000);
    expect(entries.filter((e) => (JSON.parse(e.detail ?? '{}') as { is_repeat: boolean }).is_repeat)).toHaveLength(999);
    expect(JSON.stringify(entries)).not.toContain(secret);
  }, 120_000);

  it('answers a key whose first signal was cut off past the lease with what is known, and never acts on it', async () => {
    const id = await paperStrategy();
    const { signal_token, secret } = await credentials(id);
    // The first "start" with this key was claimed 61 s ago and its console stopped after starting the strategy,
    // before the outcome was written: the claim is left without one.
    await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, id, RUNNING_STATUS.RUNNING);
    const token = await t.database.db
      .selectFrom('signalTokens')
      .select('id')
      .where('mappingId', '=', id)
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('signalKeys')
      .values({
        tokenId: Number(token.id),
        action: 'stop',
        idempotencyKey: 'cut-off-1',
        receivedAt: t.clock.now() - 61_000,
        outcome: null,
      })
      .execute();
    const changes: number[] = [];
    const off = t.events.subscribe('mapping.status_changed', ({ mapping }) => {
      if (mapping.id === id) changes.push(mapping.running_status);
    });
    const payload = { action: 'stop', secret, idempotency_key: 'cut-off-1' };
    let replies: Array<{ outcome: string; is_repeat: boolean }>;
    try {
      const sent = await Promise.all(Array.from({ length: 5 }, () => signal(signal_token, payload)));
      replies = sent.map((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ data: { outcome: string; is_repeat: boolean } }>().data;
      });
    } finally {
      off();
    }
    const outcome =
      'interrupted: the console stopped while acting on the first "stop" with this key, so it may have acted in ' +
      'part or not at all; nothing done now and nothing will be retried with this key. The strategy is now ' +
      'running, holding no legs; send a new key to act again';
    expect(replies).toEqual(Array.from({ length: 5 }, () => ({ outcome, is_repeat: true })));
    // Not stopped by the repeats: a repeat never acts.
    expect(changes).toEqual([]);
    expect(await statusOf(id)).toBe(RUNNING_STATUS.RUNNING);
    const key = await t.database.db
      .selectFrom('signalKeys')
      .select('outcome')
      .where('idempotencyKey', '=', 'cut-off-1')
      .executeTakeFirstOrThrow();
    expect(key.outcome).toBe(outcome);
    // Later repeats answer the same; a new key acts.
    const later = await signal(signal_token, payload);
    expect(later.json<{ data: { outcome: string } }>().data.outcome).toBe(outcome);
    const fresh = await signal(signal_token, { ...payload, idempotency_key: 'cut-off-2' });
    expect(fresh.json<{ data: { outcome: string } }>().data).toEqual({ outcome: 'stopped', is_repeat: false });
    const audit = (await signalAudit(id)).map((e) => JSON.parse(e.detail ?? '{}') as Record<string, unknown>);
    // Each repeat is on record with that outcome; the one that settled the key says it found it cut off.
    expect(audit.filter((d) => d.outcome === outcome && d.is_repeat === true)).toHaveLength(6);
    expect(audit.filter((d) => d.interrupted === true).length).toBeGreaterThanOrEqual(1);
  });

  it('limits each token to its rate a minute (429 in words), repeats of a stored key not counted', async () => {
    const id = await paperStrategy();
    const { signal_token, secret } = await credentials(id);
    const replies = [];
    for (let i = 0; i < 61; i += 1) replies.push(await signal(signal_token, { action: 'stop', secret }));
    expect(replies.slice(0, 60).every((r) => r.statusCode === 200)).toBe(true);
    expect(replies[60]?.statusCode).toBe(429);
    expect(replies[60]?.json<{ error: string }>().error).toMatch(/Too many signals: at most 60 a minute/);
    t.clock.advance(61_000);
    expect((await signal(signal_token, { action: 'stop', secret })).statusCode).toBe(200);
  });

  it('enters at once: a stopped paper strategy starts and sells its legs at the last price', async () => {
    const id = await paperStrategy();
    const { signal_token, secret } = await credentials(id);
    const res = await signal(signal_token, { action: 'enter', secret });
    expect(res.statusCode, res.body).toBe(200);
    const { outcome } = res.json<{ data: { outcome: string } }>().data;
    expect(outcome).toMatch(/^started; (entered at the last price|not entered now: .*)$/);
    const strategy = await t.services.mappings.get({ userId: owner.id, role: 'user' }, id);
    expect(strategy.running_status).toBe(RUNNING_STATUS.RUNNING);
    if (outcome.endsWith('entered at the last price')) expect(strategy.open_legs.length).toBeGreaterThan(0);
    const exit = await signal(signal_token, { action: 'exit', secret });
    expect(exit.json<{ data: { outcome: string } }>().data.outcome).toMatch(/^exited/);
    expect(await statusOf(id)).toBe(RUNNING_STATUS.STOPPED);
  });
});
