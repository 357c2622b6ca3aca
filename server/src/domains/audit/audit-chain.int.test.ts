// The audit log's hash chain (issue 31 item 8): every entry linked to the one before, checked end to end, exported.
import type { AuditEntry } from '@app/contract';
import { describe, expect, it, vi } from 'vitest';
import { useAuditTrail } from '../../../test/audit-trail.js';
import { verifyAuditChain } from './audit-verify.js';
import { createAuditRepository } from './audit.repository.js';

const trail = useAuditTrail();
const { audit } = trail;
const repo = () => createAuditRepository(trail.t.database.db, trail.t.database.kind);

/** Twenty audited admin actions at once, from one console's requests in parallel. */
async function manyAtOnce() {
  const { t, admin } = trail;
  await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      Promise.all([
        t.request({
          method: 'POST',
          url: '/api/risk/kill-switch',
          token: admin.token,
          payload: { engaged: i % 2 === 0 },
        }),
        t.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: `nobody-${i}`, password: 'wrong-password-123' },
        }),
      ]),
    ),
  );
}

const oldestFirst = (entries: AuditEntry[]) => [...entries].sort((a, b) => a.id - b.id);

describe('entries of any text', () => {
  it('keep the chain whole when a name holds text a database cannot store as sent', async () => {
    const { t, owner } = trail;
    // A lone surrogate (UTF-8 has none: stored as U+FFFD) and a NUL (PostgreSQL refuses it) as sign-in names.
    const before = (await audit('limit=1')).total;
    const lone = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: '\ud800-lone', password: 'x-wrong-1234' },
    });
    expect(lone.statusCode).toBe(401);
    // PostgreSQL cannot compare a NUL at all: there the sign-in is refused as bad input, before any record.
    const nul = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: `nul${String.fromCharCode(0)}name`, password: 'x-wrong-1234' },
    });
    expect([400, 401]).toContain(nul.statusCode);
    const recorded = 1 + (nul.statusCode === 401 ? 1 : 0);
    await vi.waitFor(async () => expect((await audit('limit=1')).total).toBe(before + recorded));
    const names = (await audit(`limit=${recorded}`)).entries.map((e) => e.actor);
    expect(names.every((name) => name.includes('\ufffd'))).toBe(true);
    expect((await verifyAuditChain(repo())).broken).toBeNull();

    // A trader's own trail shows no hashes: with the rest of an entry visible, a hash would give away an address.
    const mine = await t.request({ method: 'GET', url: '/api/audit/mine?limit=50', token: owner.token });
    const entries = mine.json<{ data: { entries: AuditEntry[] } }>().data.entries;
    expect(entries.every((e) => e.hash === null && e.prev_hash === null)).toBe(true);
  });
});

describe('the audit hash chain', () => {
  it('links every entry to the one before it, appends made at once included', async () => {
    const before = (await audit('limit=1')).total;
    await manyAtOnce();
    // Each action is on record once its request has answered; the log's rows follow within moments.
    await vi.waitFor(async () => expect((await audit('limit=1')).total).toBe(before + 20));
    const { entries } = await audit('limit=500');
    const chain = oldestFirst(entries);
    expect(chain[0]?.prev_hash).toBeNull();
    for (let i = 1; i < chain.length; i++) {
      expect(chain[i]?.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(chain[i]?.prev_hash, `entry #${chain[i]?.id}`).toBe(chain[i - 1]?.hash);
    }
    expect(await verifyAuditChain(repo())).toEqual({
      entries: chain.length,
      lastId: chain.at(-1)?.id,
      broken: null,
    });
  });

  it('names the first entry changed after it was written, and the first after one removed', async () => {
    const { db } = trail.t.database;
    const chain = oldestFirst((await audit('limit=500')).entries);
    const changed = chain[5]!;
    const original = await db
      .selectFrom('auditLog')
      .select('actor')
      .where('id', '=', changed.id)
      .executeTakeFirstOrThrow();
    await db.updateTable('auditLog').set({ actor: 'someone-else' }).where('id', '=', changed.id).execute();
    expect((await verifyAuditChain(repo())).broken).toMatchObject({
      id: changed.id,
      why: expect.stringContaining('changed after it was written'),
    });
    await db.updateTable('auditLog').set({ actor: original.actor }).where('id', '=', changed.id).execute();
    expect((await verifyAuditChain(repo())).broken).toBeNull();

    const removed = chain[8]!;
    await db.deleteFrom('auditLog').where('id', '=', removed.id).execute();
    const report = await verifyAuditChain(repo());
    expect(report.broken).toMatchObject({ id: chain[9]!.id, why: expect.stringContaining(`entry #${chain[7]!.id}`) });
    expect(report.entries).toBe(8);
  });
});

describe('exporting a date range', () => {
  it('gives the admin the range as CSV, oldest first, with each entry’s hashes', async () => {
    const { t, admin } = trail;
    const day = new Date(t.clock.now() + 19_800_000).toISOString().slice(0, 10);
    const res = await t.request({
      method: 'GET',
      url: `/api/audit/export.csv?from=${day}&to=${day}`,
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="audit-${day}-to-${day}.csv"`);
    const records = res.body.split('\r\n');
    expect(records.pop()).toBe('');
    expect(records[0]).toBe(
      'id,time,actor,actor_user_id,action,object_type,object_id,owner,owner_user_id,changes,detail,ip,prev_hash,hash',
    );
    const rows = await trail.t.database.db.selectFrom('auditLog').select(['id', 'hash']).orderBy('id').execute();
    expect(records).toHaveLength(rows.length + 1);
    expect(records.slice(1).map((r) => Number(r.split(',')[0]))).toEqual(rows.map((r) => r.id));
    expect(records.slice(1).map((r) => r.split(',').at(-1))).toEqual(rows.map((r) => r.hash));

    // A day before anything was written: the header alone.
    const empty = await t.request({ method: 'GET', url: '/api/audit/export.csv?to=2020-01-01', token: admin.token });
    expect(empty.body).toBe(
      'id,time,actor,actor_user_id,action,object_type,object_id,owner,owner_user_id,changes,detail,ip,prev_hash,hash\r\n',
    );
  });

  it('is the admin’s alone, and refuses a date that is not one in the JSON envelope', async () => {
    const { t, owner, admin } = trail;
    const mine = await t.request({ method: 'GET', url: '/api/audit/export.csv', token: owner.token });
    expect(mine.statusCode).toBe(403);
    const bad = await t.request({ method: 'GET', url: '/api/audit/export.csv?from=2026-02-30', token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('from');
    const none = await t.request({ method: 'GET', url: '/api/audit/export.csv' });
    expect(none.statusCode).toBe(401);
  });
});
