import type { UserBroker } from '@app/contract';

/** A complete broker account reply for tests: a Zerodha account with a token, leaving from the server's address. */
export function userBrokerFixture(overrides: Partial<UserBroker> = {}): UserBroker {
  return {
    id: 7,
    user_id: 3,
    broker_id: 1,
    broker_name: 'Zerodha',
    broker_username: 'AB0007',
    has_token: true,
    has_api_key: true,
    token_updated_at: null,
    token_expires_at: null,
    token_refused_at: null,
    token_refused_reason: null,
    egress_kind: 'server',
    egress_shown: null,
    registered_ips: [],
    family_group: null,
    is_paper: false,
    virtual_capital: null,
    egress_checked_at: null,
    egress_public_ip: null,
    egress_problem: null,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
