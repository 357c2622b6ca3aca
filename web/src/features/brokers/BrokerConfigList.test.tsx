import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrokerConfigList } from './BrokerConfigList';
import { userBrokerFixture } from './user-broker-fixture';

function renderList(userBrokers = [userBrokerFixture()]) {
  const onEdit = vi.fn();
  render(
    <BrokerConfigList
      userBrokers={userBrokers}
      isLoading={false}
      tokenPanelFor={null}
      deletingId={null}
      onEdit={onEdit}
      onDelete={vi.fn()}
      onOpenTokenPanel={vi.fn()}
    />,
  );
  return { onEdit };
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

describe('BrokerConfigList: a Paper account (issue 32 item 3)', () => {
  afterEach(cleanup);

  const paper = userBrokerFixture({
    id: 9,
    broker_id: 3,
    broker_name: 'Paper',
    broker_username: 'PAPER1',
    has_token: false,
    has_api_key: false,
    is_paper: true,
    virtual_capital: 1000000,
  });

  it('shows it as Paper with its virtual capital, without token state, app, egress or Generate Token', () => {
    const { onEdit } = renderList([userBrokerFixture(), paper]);
    const row = within(screen.getByTestId('user-broker-PAPER1'));
    expect(row.getByText('Paper')).toBeTruthy();
    expect(row.getByText('Virtual capital ₹10,00,000.00')).toBeTruthy();
    expect(row.getByText(/no order reaches a broker/)).toBeTruthy();
    expect(row.queryByText('Not set')).toBeNull();
    expect(row.queryByText(/Orders leave/)).toBeNull();
    expect(row.queryByRole('button', { name: 'Generate Token' })).toBeNull();
    fireEvent.click(row.getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(paper);
    const broker = within(screen.getByTestId('user-broker-AB0007'));
    expect(broker.getByRole('button', { name: 'Generate Token' })).toBeTruthy();
    expect(broker.queryByText(/Virtual capital/)).toBeNull();
  });
});
