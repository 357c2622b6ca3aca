import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrokerConfigList } from './BrokerConfigList';
import { userBrokerFixture } from './user-broker-fixture';

function renderList(userBrokers = [userBrokerFixture()]) {
  render(
    <BrokerConfigList
      userBrokers={userBrokers}
      isLoading={false}
      tokenPanelFor={null}
      deletingId={null}
      onEdit={vi.fn()}
      onDelete={vi.fn()}
      onOpenTokenPanel={vi.fn()}
    />,
  );
}

describe("BrokerConfigList: each account's order egress", () => {
  afterEach(cleanup);

  it('shows the egress line, and the refused check in the refused-token style', () => {
    const problem = 'Orders would leave from 192.0.2.1, which is not registered with Kite';
    renderList([
      userBrokerFixture({
        egress_kind: 'proxy',
        egress_shown: 'http://proxy.example:3128',
        registered_ips: ['203.0.113.7'],
        egress_problem: problem,
      }),
    ]);
    const row = within(screen.getByTestId('user-broker-AB0007'));
    expect(
      row.getByText(/^Orders leave via proxy http:\/\/proxy\.example:3128 · registered 203\.0\.113\.7$/),
    ).toBeTruthy();
    expect(row.getByText(problem).className).toBe('token-expired');
  });

  it('warns about a missing static IP only on an account with a token', () => {
    renderList([userBrokerFixture(), userBrokerFixture({ id: 8, broker_username: 'AB0008', has_token: false })]);
    expect(within(screen.getByTestId('user-broker-AB0007')).getByText(/No static IP registered/)).toBeTruthy();
    expect(within(screen.getByTestId('user-broker-AB0008')).queryByText(/No static IP registered/)).toBeNull();
  });
});
