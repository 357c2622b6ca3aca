// The audit log stories' shared app, users and readers: here so src/domains/audit/*.int.test.ts need not repeat them.
import type { AuditEntry, AuditPage } from '@app/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildAdmin, buildUser, type TestUser } from './factories.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** One app for a story file, with an admin who reads the log and a trader whose trail it is. */
export class AuditTrail {
  t!: TestApp;
  admin!: TestUser;
  owner!: TestUser;
  /** Every secret a test sends: none may appear anywhere in the log. */
  readonly secrets: string[] = [];

  // Arrow properties, so a story file may take them apart: `const { send, latest } = trail`.

  /** A call from a given address (the log records the client's). */
  readonly send = async (token: string | undefined, opts: InjectOptions, from = '10.20.30.40') => {
    const res = await this.t.request({ ...opts, remoteAddress: from, ...(token ? { token } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(500);
    return res;
  };

  /** The admin's view of the log, filtered. */
  readonly audit = async (query: string): Promise<AuditPage> => {
    const res = await this.t.request({ method: 'GET', url: `/api/audit?${query}`, token: this.admin.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AuditPage }>().data;
  };

  /** The newest entry of an action. */
  readonly latest = async (action: string): Promise<AuditEntry> => {
    const [entry] = (await this.audit(`action=${action}&limit=1`)).entries;
    if (!entry) throw new Error(`no ${action} on record`);
    return entry;
  };

  /** The log holds more than `minRows` rows, and none of them a password, a token or an app code sent. */
  async expectNoSecrets(minRows: number): Promise<void> {
    const rows = await this.t.database.db.selectFrom('auditLog').selectAll().execute();
    const text = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(minRows);
    for (const secret of [...this.secrets, this.admin.password, this.admin.token, this.owner.token]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/password_hash|_sealed"/);
  }
}

/** An AuditTrail built before the file's tests and closed after them. */
export function useAuditTrail(): AuditTrail {
  const trail = new AuditTrail();
  beforeAll(async () => {
    trail.t = await buildTestApp();
    trail.admin = await buildAdmin(trail.t);
    trail.owner = await buildUser(trail.t);
  });
  afterAll(() => trail.t.close());
  return trail;
}

/** Who a service call is made as. */
export const as = (u: TestUser) => ({ userId: u.id, role: u.role });
