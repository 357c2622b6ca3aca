import { describe, expect, it } from 'vitest';
import {
  EGRESS_MESSAGES,
  egressBodyFields,
  egressToForm,
  emptyEgressForm,
  toEgressKind,
  type EgressFormValues,
  type StoredEgress,
} from './broker-egress-form';

const typed = (overrides: Partial<EgressFormValues>) => ({ ...emptyEgressForm(), ...overrides });

const stored = (overrides: Partial<StoredEgress>): StoredEgress => ({
  egress_kind: 'server',
  egress_shown: null,
  registered_ips: [],
  family_group: null,
  ...overrides,
});
const proxied = stored({
  egress_kind: 'proxy',
  egress_shown: 'http://proxy.example:3128',
  registered_ips: ['203.0.113.7'],
});
const bound = stored({ egress_kind: 'bind', egress_shown: '203.0.113.9', family_group: 'Sharma' });

describe('the egress of a new account', () => {
  it("sends nothing for this server's address and no IPs", () => {
    expect(egressBodyFields(emptyEgressForm(), null)).toEqual({ ok: true, fields: {} });
  });

  it('sends the trimmed IPs (primary first), the chosen route alone and the family', () => {
    const v = typed({ primary_ip: ' 203.0.113.7 ', backup_ip: '198.51.100.2', family_group: ' Sharma ' });
    expect(egressBodyFields({ ...v, egress_kind: 'proxy', egress_proxy_url: ' socks5://u:p@h:1080 ' }, null)).toEqual({
      ok: true,
      fields: {
        registered_ips: ['203.0.113.7', '198.51.100.2'],
        egress_proxy_url: 'socks5://u:p@h:1080',
        family_group: 'Sharma',
      },
    });
    expect(egressBodyFields(typed({ egress_kind: 'bind', egress_bind_address: '203.0.113.9' }), null)).toEqual({
      ok: true,
      fields: { egress_bind_address: '203.0.113.9' },
    });
  });

  it('asks for what the choice needs, and a primary IP before a backup one', () => {
    expect(egressBodyFields(typed({ egress_kind: 'proxy' }), null)).toEqual({
      ok: false,
      error: EGRESS_MESSAGES.proxyMissing,
    });
    expect(egressBodyFields(typed({ egress_kind: 'bind' }), null)).toEqual({
      ok: false,
      error: EGRESS_MESSAGES.bindMissing,
    });
    expect(egressBodyFields(typed({ backup_ip: '198.51.100.2' }), null)).toEqual({
      ok: false,
      error: EGRESS_MESSAGES.backupWithoutPrimary,
    });
  });
});

describe('the egress of an edited account', () => {
  it('fills in everything stored but the proxy URL, and sends nothing while unchanged', () => {
    expect(egressToForm(proxied)).toEqual(typed({ primary_ip: '203.0.113.7', egress_kind: 'proxy' }));
    expect(egressToForm(bound)).toEqual(
      typed({ egress_kind: 'bind', egress_bind_address: '203.0.113.9', family_group: 'Sharma' }),
    );
    for (const account of [proxied, bound, stored({})]) {
      expect(egressBodyFields(egressToForm(account), account)).toEqual({ ok: true, fields: {} });
    }
  });

  it('replaces the proxy with a typed one, and leaves the bind address empty', () => {
    const v = { ...egressToForm(proxied), egress_proxy_url: 'https://proxy2.example:443' };
    expect(egressBodyFields(v, proxied)).toEqual({
      ok: true,
      fields: { egress_proxy_url: 'https://proxy2.example:443', egress_bind_address: '' },
    });
  });

  it("removes both with empty strings when going back to this server's address", () => {
    for (const account of [proxied, bound]) {
      expect(egressBodyFields({ ...egressToForm(account), egress_kind: 'server' }, account)).toEqual({
        ok: true,
        fields: { egress_proxy_url: '', egress_bind_address: '' },
      });
    }
  });

  it('moves from a proxy to a bind address (or another address) with the proxy removed', () => {
    const v = { ...egressToForm(proxied), egress_kind: 'bind' as const, egress_bind_address: '203.0.113.9' };
    expect(egressBodyFields(v, proxied)).toEqual({
      ok: true,
      fields: { egress_proxy_url: '', egress_bind_address: '203.0.113.9' },
    });
    const moved = { ...egressToForm(bound), egress_bind_address: '203.0.113.10' };
    expect(egressBodyFields(moved, bound)).toEqual({
      ok: true,
      fields: { egress_proxy_url: '', egress_bind_address: '203.0.113.10' },
    });
  });

  it('wants a proxy URL when a proxy is chosen for an account that had none', () => {
    expect(egressBodyFields({ ...egressToForm(bound), egress_kind: 'proxy' }, bound)).toEqual({
      ok: false,
      error: EGRESS_MESSAGES.proxyMissing,
    });
  });

  it('sends changed IPs and family only, with [] and an empty string to remove them', () => {
    const v = { ...egressToForm(proxied), backup_ip: '198.51.100.2' };
    expect(egressBodyFields(v, proxied)).toEqual({
      ok: true,
      fields: { registered_ips: ['203.0.113.7', '198.51.100.2'] },
    });
    expect(egressBodyFields({ ...egressToForm(proxied), primary_ip: ' ' }, proxied)).toEqual({
      ok: true,
      fields: { registered_ips: [] },
    });
    expect(egressBodyFields({ ...egressToForm(bound), family_group: '' }, bound)).toEqual({
      ok: true,
      fields: { family_group: '' },
    });
  });
});

describe('toEgressKind', () => {
  it("reads the select's value, anything unknown as this server's address", () => {
    expect(toEgressKind('proxy')).toBe('proxy');
    expect(toEgressKind('bind')).toBe('bind');
    expect(toEgressKind('nonsense')).toBe('server');
  });
});
