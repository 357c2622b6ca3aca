import { describe, expect, it } from 'vitest';
import { egressPlanOf, isEgressChange } from './egress-request.js';

const proxied = {
  egress: { kind: 'proxy', url: 'http://u:p@proxy.example:3128' } as const,
  registeredIps: ['203.0.113.7'],
  familyGroup: 'Sharma',
};

describe('a save of the egress fields', () => {
  it('keeps what is omitted', () => {
    expect(egressPlanOf(proxied, {})).toEqual(proxied);
    expect(isEgressChange({ broker_username: 'AB1234' })).toBe(false);
  });

  it('removes with an empty value, and a bind address replaces a proxy', () => {
    expect(egressPlanOf(proxied, { egress_proxy_url: '', egress_bind_address: '' }).egress).toEqual({ kind: 'server' });
    expect(egressPlanOf(proxied, { egress_bind_address: '127.0.0.2', egress_proxy_url: '' }).egress).toEqual({
      kind: 'bind',
      address: '127.0.0.2',
    });
    expect(egressPlanOf(proxied, { registered_ips: [], family_group: '' })).toMatchObject({
      registeredIps: [],
      familyGroup: null,
    });
  });

  it('starts a new account on the server route', () => {
    expect(egressPlanOf(null, { registered_ips: ['198.51.100.2'] })).toEqual({
      egress: { kind: 'server' },
      registeredIps: ['198.51.100.2'],
      familyGroup: null,
    });
  });
});
