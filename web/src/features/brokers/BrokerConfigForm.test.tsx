import { MSG, type UserBroker } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EGRESS_CHOICES, EGRESS_MESSAGES } from './broker-egress-form';
import { BrokerConfigForm } from './BrokerConfigForm';
import { userBrokerFixture } from './user-broker-fixture';

const brokers = [
  { id: 1, name: 'Zerodha', is_paper: false },
  { id: 2, name: 'Binance', is_paper: false },
  { id: 3, name: 'Paper', is_paper: true },
];

const account = userBrokerFixture();

const KEY = 'abcd1234efgh5678';
const SECRET = 'secret0123456789abcdef0123456789';

function setup(editing: UserBroker | null) {
  const sent: Array<{ method: string; body: Record<string, unknown> }> = [];
  const notify = vi.fn();
  vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => {
    sent.push({ method: init?.method ?? 'GET', body: JSON.parse((init?.body as string) ?? '{}') });
    const data = { ...account, has_api_key: true };
    return Promise.resolve(new Response(JSON.stringify({ success: true, data }), { status: 200 }));
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BrokerConfigForm brokers={brokers} editing={editing} notify={notify} onEditDone={vi.fn()} />
    </QueryClientProvider>,
  );
  return { sent, notify };
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
    const { sent } = setup(account);
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
    const { sent } = setup(account);
    fireEvent.click(screen.getByLabelText(/Remove my own app/));
    expect(input('API Secret').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Update Broker' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ api_key: '', api_secret: '' });
  });
});

describe('BrokerConfigForm: the order egress', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const proxied = userBrokerFixture({
    egress_kind: 'proxy',
    egress_shown: 'http://proxy.example:3128',
    registered_ips: ['203.0.113.7'],
  });
  const egress = (name: string) =>
    fireEvent.change(screen.getByRole('combobox', { name: 'Egress' }), {
      target: { value: EGRESS_CHOICES.find((c) => c.label === name)?.value },
    });
  const section = () => screen.getByText('Order egress (2026 static-IP rule)').closest('details');

  it('is folded on a new account; the registered IPs, a proxy and the family go in the body once', async () => {
    const { sent } = setup(null);
    expect(section()?.open).toBe(false);
    fireEvent.change(input('Broker Username'), { target: { value: 'ab0009' } });
    fireEvent.change(input('Primary IP'), { target: { value: '203.0.113.7' } });
    fireEvent.change(input('Backup IP'), { target: { value: '198.51.100.2' } });
    expect(screen.queryByLabelText('Egress Proxy')).toBeNull();
    egress('A proxy');
    fireEvent.change(input('Egress Proxy'), { target: { value: 'http://u:p@proxy.example:3128' } });
    fireEvent.change(input('Family Group'), { target: { value: 'Sharma' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Broker' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      body: {
        broker_id: 1,
        broker_username: 'AB0009',
        registered_ips: ['203.0.113.7', '198.51.100.2'],
        egress_proxy_url: 'http://u:p@proxy.example:3128',
        family_group: 'Sharma',
      },
    });
  });

  it('opens on an account with a proxy, names it without filling it in, and keeps it when left empty', async () => {
    const { sent } = setup(proxied);
    expect(section()?.open).toBe(true);
    expect(input('Primary IP').value).toBe('203.0.113.7');
    expect(input('Egress Proxy').value).toBe('');
    expect(screen.getByText(/Current proxy: http:\/\/proxy\.example:3128/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update Broker' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PUT', body: { broker_id: 1, broker_username: 'AB0007' } });
  });

  it("removes the proxy when the account goes back to this server's address", async () => {
    const { sent } = setup(proxied);
    egress("This server's address");
    expect(screen.queryByLabelText('Egress Proxy')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update Broker' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      broker_id: 1,
      broker_username: 'AB0007',
      egress_proxy_url: '',
      egress_bind_address: '',
    });
  });

  it("asks for one of this server's addresses before sending anything", () => {
    const { sent, notify } = setup(proxied);
    egress("One of this server's addresses");
    fireEvent.click(screen.getByRole('button', { name: 'Update Broker' }));
    expect(notify).toHaveBeenCalledWith('error', EGRESS_MESSAGES.bindMissing);
    expect(sent).toHaveLength(0);
  });
});

describe('BrokerConfigForm: a Paper account (issue 32 item 3)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const paperAccount = userBrokerFixture({
    id: 9,
    broker_id: 3,
    broker_name: 'Paper',
    broker_username: 'PAPER1',
    has_token: false,
    has_api_key: false,
    is_paper: true,
    virtual_capital: 1000000,
  });
  const choosePaper = () =>
    fireEvent.change(screen.getByRole('combobox', { name: 'Broker' }), { target: { value: '3' } });

  it('asks for an account name and a virtual capital, and hides the token, own app and egress', () => {
    setup(null);
    expect(screen.queryByLabelText('Virtual Capital (₹)')).toBeNull();
    choosePaper();
    expect(input('Account Name')).toBeTruthy();
    expect(screen.queryByLabelText('Broker Username')).toBeNull();
    expect(input('Virtual Capital (₹)').type).toBe('number');
    expect(input('Virtual Capital (₹)').required).toBe(true);
    expect(screen.queryByLabelText('Broker Token')).toBeNull();
    expect(screen.queryByLabelText('API Key')).toBeNull();
    expect(screen.queryByLabelText('API Secret')).toBeNull();
    expect(screen.queryByText('Order egress (2026 static-IP rule)')).toBeNull();
    expect(screen.getByText(/trades paper strategies only/)).toBeTruthy();
  });

  it('adds one with its name and capital only', async () => {
    const { sent } = setup(null);
    choosePaper();
    fireEvent.change(input('Account Name'), { target: { value: 'paper1' } });
    fireEvent.change(input('Virtual Capital (₹)'), { target: { value: '1000000' } });
    expect(screen.getByText(/^₹10,00,000\.00 of virtual capital\. A Paper account/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Broker' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      body: { broker_id: 3, broker_username: 'PAPER1', virtual_capital: 1000000 },
    });
  });

  it('sends nothing without a capital, and says so', () => {
    const { sent, notify } = setup(null);
    choosePaper();
    fireEvent.change(input('Account Name'), { target: { value: 'PAPER1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Broker' }));
    expect(notify).toHaveBeenCalledWith('error', MSG.paperAccountNeedsCapital);
    expect(sent).toHaveLength(0);
  });

  it('edits one showing its capital, stays Paper, and sends the new capital', async () => {
    const { sent } = setup(paperAccount);
    expect(input('Virtual Capital (₹)').value).toBe('1000000');
    expect(input('Account Name').value).toBe('PAPER1');
    const broker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Broker' });
    expect(Array.from(broker.options).map((o) => o.text)).toEqual(['Paper']);
    fireEvent.change(input('Virtual Capital (₹)'), { target: { value: '1500000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Broker' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      body: { broker_id: 3, broker_username: 'PAPER1', virtual_capital: 1500000 },
    });
  });

  it('does not offer Paper when editing a broker account', () => {
    setup(account);
    const broker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Broker' });
    expect(Array.from(broker.options).map((o) => o.text)).toEqual(['Zerodha', 'Binance']);
  });
});
