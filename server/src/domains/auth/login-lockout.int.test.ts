import { type AuditEntry, tooManyLoginsForUser, tooManyLoginsFromNetwork } from '@app/contract';
import bcrypt from 'bcryptjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 27: five wrong passwords used to lock the right one out too, so anyone who knew the admin's name
 * could keep the admin (and the kill switch) out; every refused attempt was appended to the audit log.
 */

let t: TestApp;
let admin: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t, { username: 'admin', password: 'the-Admins-own-pass' });
});
afterEach(async () => {
  await t.close();
});

const login = (username: string, password: string, ip: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

/** Five wrong passwords for `username`, each from an address of its own (so no address is locked). */
async function lockName(username: string) {
  for (let i = 0; i < 5; i++) expect((await login(username, 'not-the-password', `9.9.${i}.1`)).statusCode).toBe(401);
}

async function auditEntries(action: string): Promise<AuditEntry[]> {
  const res = await t.request({ method: 'GET', url: `/api/audit?action=${action}&limit=200`, token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { entries: AuditEntry[] } }>().data.entries;
}

describe('a locked username', () => {
  it('refuses wrong passwords with the wait, and still signs its owner in with the right one: nobody can keep the admin out', async () => {
    await lockName('admin');
    const wrong = await login('admin', 'still-not-it', '9.9.9.9');
    expect(wrong.statusCode).toBe(429);
    expect(wrong.json().error).toBe(tooManyLoginsForUser(15));
    expect(Number(wrong.headers['retry-after'])).toBeGreaterThan(0);

    const right = await login('admin', 'the-Admins-own-pass', '8.8.8.8');
    expect(right.statusCode).toBe(200);
    // The owner's sign-in forgives the name's failures: a wrong password is an ordinary one again.
    expect((await login('admin', 'still-not-it', '8.8.8.9')).statusCode).toBe(401);
  });

  it('refuses its own password change outright while locked, the right current password too', async () => {
    const u = await buildUser(t, { username: 'cleo', password: 'cleo-own-Pa55' });
    await lockName('cleo');
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token: u.token,
      payload: { current_password: 'cleo-own-Pa55', new_password: 'cleo-next-Pa55' },
    });
    expect(res.statusCode).toBe(429);
    // Unchanged: the old password still signs in (past the lock, as the right one does).
    expect((await login('cleo', 'cleo-own-Pa55', '8.8.8.8')).statusCode).toBe(200);
  });

  it('costs a guessing address four failures a guess: five guesses at it lock the address', async () => {
    await buildUser(t, { username: 'dev', password: 'dev-own-Pa55word' });
    await lockName('admin');
    for (let i = 0; i < 5; i++) expect((await login('admin', `guess-${i}`, '6.6.6.6')).statusCode).toBe(429);
    const next = await login('dev', 'dev-own-Pa55word', '6.6.6.6');
    expect(next.statusCode).toBe(429);
    expect(next.json().error).toBe(tooManyLoginsFromNetwork(15));
  });
});

describe('a locked address', () => {
  it('is refused before any password is checked, the right one too; other addresses are not', async () => {
    for (let i = 0; i < 20; i++) expect((await login(`ghost${i}`, 'nope-nope', '7.7.7.7')).statusCode).toBe(401);
    const right = await login('admin', 'the-Admins-own-pass', '7.7.7.7');
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toBe(tooManyLoginsFromNetwork(15));
    expect(right.body).not.toContain('7.7.7.7');
    expect((await login('admin', 'the-Admins-own-pass', '7.7.7.8')).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000 + 1);
    expect((await login('admin', 'the-Admins-own-pass', '7.7.7.7')).statusCode).toBe(200);
  });
});

describe('usernames at sign-in', () => {
  it('are read in any letter case: ADMIN signs in admin, and failures in any case count for one name', async () => {
    const res = await login('ADMIN', 'the-Admins-own-pass', '5.5.5.5');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toEqual({ id: admin.id, username: 'admin', role: 'admin' });
    for (const name of ['Admin', 'aDmin', 'ADMIN', 'admiN', 'admin']) {
      expect((await login(name, 'wrong-wrong', '5.5.5.6')).statusCode).toBe(401);
    }
    expect((await login('AdMiN', 'wrong-wrong', '5.5.5.7')).statusCode).toBe(429);
  });
});

describe('refused sign-ins on the audit log', () => {
  it('are counted, not appended: a lock is one row, the refusals during it none', async () => {
    const before = (await auditEntries('auth.login_failed')).length;
    await lockName('admin');
    expect((await auditEntries('auth.login_failed')).length).toBe(before + 5);
    const [locked, ...more] = await auditEntries('auth.login_locked');
    expect(more).toEqual([]);
    expect(locked).toMatchObject({
      actor: 'system',
      object_type: 'user',
      object_id: admin.id,
      detail: { locked: 'username', username: 'admin', failed_logins: 5 },
    });

    for (let i = 0; i < 40; i++) expect((await login('admin', `flood-${i}`, `4.4.${i}.4`)).statusCode).toBe(429);
    expect((await auditEntries('auth.login_failed')).length).toBe(before + 5);
    expect(await auditEntries('auth.login_locked')).toHaveLength(1);
    // Counted all the same: the admin sees them on the users list.
    const list = await t.request({ method: 'GET', url: '/api/users', token: admin.token });
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ username: 'admin', failed_logins: 45, locked_until: expect.any(String) }),
    );
  });
});

describe('stored password hashes', () => {
  it('count every character of a long password, not only the first 72 bytes', async () => {
    const long = `${'long-pass-phrase-'.repeat(5)}end`; // 88 characters
    await buildUser(t, { username: 'lena', password: long });
    expect((await login('lena', `${long.slice(0, 72)}-something-else`, '3.3.3.3')).statusCode).toBe(401);
    expect((await login('lena', long, '3.3.3.4')).statusCode).toBe(200);
  });

  it('made before the pre-hash still sign in, and are replaced by a pre-hashed one on the way', async () => {
    const u = await buildUser(t, { username: 'olga', password: 'olga-own-Pa55word' });
    const legacy = await bcrypt.hash('olga-own-Pa55word', 4);
    await t.database.db.updateTable('users').set({ passwordHash: legacy }).where('id', '=', u.id).execute();
    expect((await login('olga', 'olga-own-Pa55word', '2.2.2.2')).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', u.id)
      .executeTakeFirst();
    expect(row?.passwordHash).toMatch(/^p2:\$2[aby]\$/);
    expect((await login('olga', 'olga-own-Pa55word', '2.2.2.3')).statusCode).toBe(200);
    expect((await login('olga', 'olga-own-Pa55wore', '2.2.2.4')).statusCode).toBe(401);
  });
});
