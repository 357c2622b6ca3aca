import { describe, expect, it } from 'vitest';
import { egressLine, egressWarning, NO_STATIC_IP_WARNING } from './broker-egress-line';
import { userBrokerFixture } from './user-broker-fixture';

const now = Date.parse('2026-11-23T10:00:00Z'); // 15:30 IST
const proxied = userBrokerFixture({
  egress_kind: 'proxy',
  egress_shown: 'http://proxy.example:3128',
  registered_ips: ['203.0.113.7', '198.51.100.2'],
  egress_checked_at: '2026-11-23T08:32:00.000Z', // 14:02 IST
  egress_public_ip: '203.0.113.7',
});

describe('egressLine', () => {
  it('says the route, the registered IPs and the last check in one line', () => {
    expect(egressLine(proxied, now)).toBe(
      'Orders leave via proxy http://proxy.example:3128 · registered 203.0.113.7, 198.51.100.2 · checked 14:02 IST, from 203.0.113.7',
    );
  });

  it("names a bind address and the family; an older check has its date; no public IP, no 'from'", () => {
    const bound = userBrokerFixture({
      egress_kind: 'bind',
      egress_shown: '203.0.113.9',
      family_group: 'Sharma',
      egress_checked_at: '2026-11-22T08:32:00.000Z',
    });
    expect(egressLine(bound, now)).toBe(
      "Orders leave from this server's address 203.0.113.9 · family Sharma · checked 22 Nov 2026, 14:02 IST",
    );
  });

  it('says only the route of an account never checked', () => {
    expect(egressLine(userBrokerFixture(), now)).toBe("Orders leave from this server's address");
  });
});

describe('egressWarning', () => {
  it("is the last check's refusal when there is one, as a sentence", () => {
    const refused = {
      ...proxied,
      egress_problem: 'orders for AB0007 would leave from 192.0.2.1; Kite has 203.0.113.7 registered',
    };
    expect(egressWarning(refused)).toBe(
      'Orders for AB0007 would leave from 192.0.2.1; Kite has 203.0.113.7 registered',
    );
  });

  it('warns a Kite account with a token and no registered IP; not one without a token, nor another broker', () => {
    expect(egressWarning(userBrokerFixture())).toBe(NO_STATIC_IP_WARNING);
    expect(egressWarning(userBrokerFixture({ has_token: false }))).toBeNull();
    expect(egressWarning(userBrokerFixture({ broker_name: 'Binance' }))).toBeNull();
    expect(egressWarning(proxied)).toBeNull();
  });
});
