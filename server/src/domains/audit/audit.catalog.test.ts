import { AUDIT_ACTIONS, listRoutes } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { AUDIT_UNRECORDED, AUDITED_ROUTES, type AuditCall } from './audit.catalog.js';

const call = (over: Partial<AuditCall> = {}): AuditCall => ({ params: {}, body: {}, data: null, auth: null, ...over });

describe('the audit catalog', () => {
  const routes = listRoutes();
  const changing = routes.filter((r) => r.route.method !== 'GET').map((r) => r.key);

  it('names every state-changing route of the contract, or says why it is not recorded', () => {
    const missing = changing.filter((k) => !(k in AUDITED_ROUTES) && !AUDIT_UNRECORDED.includes(k));
    expect(missing).toEqual([]);
  });

  it('has no entry for a route the contract does not have, nor for a read', () => {
    const known = new Set(changing);
    expect([...Object.keys(AUDITED_ROUTES), ...AUDIT_UNRECORDED].filter((k) => !known.has(k))).toEqual([]);
  });

  it('uses only actions the screens know', () => {
    const actions = new Set<string>(AUDIT_ACTIONS);
    for (const [key, entry] of Object.entries(AUDITED_ROUTES)) {
      const named = typeof entry.action === 'function' ? entry.action(call()) : entry.action;
      expect(actions.has(named), key).toBe(true);
    }
  });

  it('tells a start, a stop and a pause apart by the status asked for', () => {
    const toggle = AUDITED_ROUTES['strategies.toggleStatus']!.action as (c: AuditCall) => string;
    expect([1, 0, 2].map((s) => toggle(call({ body: { running_status: s } })))).toEqual([
      'mapping.start',
      'mapping.stop',
      'mapping.pause',
    ]);
  });

  it("records an admin's daily limit change on the user named, a user's on themselves", () => {
    const entry = AUDITED_ROUTES['risk.setDailyLimit']!;
    expect(entry.objectId?.(call({ auth: { userId: 1, role: 'admin' }, body: { user_id: 9 } }))).toBe(9);
    expect(entry.objectId?.(call({ auth: { userId: 4, role: 'user' }, body: { user_id: 9 } }))).toBe(4);
  });
});
