import type { UserBroker } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrokerConfigForm } from './BrokerConfigForm';

const brokers = [
  { id: 1, name: 'Zerodha' },
  { id: 2, name: 'Binance' },
];

const account: UserBroker = {
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
  created_at: '2025-01-01T00:00:00.000Z',
};

const KEY = 'abcd1234efgh5678';
const SECRET = 'secret0123456789abcdef0123456789';

function setup(editing: UserBroker | null) {
  const sent: Array<{ method: string; body: Record<string, unknown> }> = [];
  vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => {
    sent.push({ method: init?.method ?? 'GET', body: JSON.parse((init?.body as string) ?? '{}') });
    const data = { ...account, has_api_key: true };
    return Promise.resolve(new Response(JSON.stringify({ success: true, data }), { status: 200 }));
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BrokerConfigForm brokers={brokers} editing={editing} notify={vi.fn()} onEditDone={vi.fn()} />
    </QueryClientProvider>,
  );
  return sent;
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe("BrokerConfigForm: the account's own Kite app", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for API Key and a masked API Secret on a Zerodha account, with a hint whose app they are', () => {
    setup(null);
    expect(input('API Key').type).toBe('text');
    expect(input('API Secret').type).toBe('password');
    expect(screen.getByText(/your own Kite Connect app/)).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Broker' }), { target: { value: '2' } });
    expect(screen.queryByLabelText('API Key')).toBeNull();
    expect(screen.queryByLabelText('API Secret')).toBeNull();
  });

  it('edits without showing the stored app, sends a new pair once and forgets what was typed', async () => {
    const sent = setup(account);
    expect(input('API Key').value).toBe('');
    expect(input('API Secret').value).toBe('');
    fireEvent.change(input('API Key'), { target: { value: KEY } });
    fireEvent.change(input('API Secret'), { target: { value: SECRET } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Broker' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      body: { broker_id: 1, broker_username: 'AB0007', api_key: KEY, api_secret: SECRET },
    });
    expect(input('API Key').value).toBe('');
    expect(input('API Secret').value).toBe('');
  });

  it('removes the own app with empty strings when asked', async () => {
    const sent = setup(account);
    fireEvent.click(screen.getByLabelText(/Remove my own app/));
    expect(input('API Secret').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Update Broker' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ api_key: '', api_secret: '' });
  });
});
