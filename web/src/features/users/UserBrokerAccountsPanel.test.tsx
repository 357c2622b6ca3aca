import type { UserListItem } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userBrokerFixture } from '../brokers/user-broker-fixture';
import { UserBrokerAccountsPanel } from './UserBrokerAccountsPanel';

const trader = { id: 3, username: 'trader1' } as UserListItem;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("UserBrokerAccountsPanel: a trader's accounts as an admin reads them", () => {
  it("shows a Paper account's virtual capital instead of a token and an egress", async () => {
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
    const accounts = [userBrokerFixture(), paper];
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ success: true, data: accounts }), { status: 200 })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <UserBrokerAccountsPanel user={trader} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    const row = (await screen.findByText('PAPER1')).closest('tr');
    expect(row?.textContent).toContain('Virtual capital ₹10,00,000.00');
    expect(row?.textContent).toContain('no order reaches a broker');
    expect(row?.textContent).not.toContain('Not set');
    expect(row?.textContent).not.toContain('Orders leave');
    const broker = screen.getByText('AB0007').closest('tr');
    expect(broker?.textContent).toContain('Configured');
    expect(broker?.textContent).toContain("Orders leave from this server's address");
  });
});
