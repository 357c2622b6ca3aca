import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReconcileBanner } from './ReconcileBanner';

function renderWith(accounts: unknown[], withUser = false, paper_strategies?: number) {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(
      new Response(
        JSON.stringify({ success: true, data: { accounts, checked_at: '2025-12-10T05:00:00.000Z', paper_strategies } }),
      ),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReconcileBanner withUser={withUser} />
    </QueryClientProvider>,
  );
  return client;
}

const account = {
  user_broker_id: 4,
  user_id: 3,
  user_username: 'trader1',
  broker_username: 'AB1234',
  symbols: [],
  in_sync: true,
  error: null,
};

describe('ReconcileBanner', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says the last comparison failed, and why, instead of showing the earlier agreement as current', async () => {
    renderWith([account]);
    await screen.findByTestId('reconcile-agree');
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ success: false, error: 'Too many requests: try again in 5 s' }), {
          status: 429,
        }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    const failed = await screen.findByTestId('reconcile-failed');
    expect(failed.textContent).toContain(
      'Could not compare with the broker just now (Too many requests: try again in 5 s); the last comparison was at 10:30:00 IST',
    );
    expect(screen.queryByTestId('reconcile-agree')).toBeNull();
  });

  it('alerts with the drifting symbol when the broker holds what the console does not', async () => {
    renderWith([
      {
        ...account,
        in_sync: false,
        symbols: [
          {
            trading_symbol: 'SANDBOX25D1210050CE',
            exchange: 'NFO',
            console_quantity: 0,
            broker_quantity: 50,
            drift: 50,
          },
        ],
      },
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Broker positions differ for AB1234: SANDBOX25D1210050CE console flat vs broker short 50.',
    );
  });

  it('says quietly that every account agrees, and when, with no alert; asks again on Check now', async () => {
    const client = renderWith([account, { ...account, user_broker_id: 5 }]);
    const line = await screen.findByTestId('reconcile-agree');
    expect(line.textContent).toContain('Broker positions agree for 2 accounts (checked 10:30:00 IST)');
    expect(screen.queryByTestId('reconcile-banner')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const asked = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ success: true, data: { accounts: [account], checked_at: '2025-12-10T05:01:00.000Z' } }),
        ),
      ),
    );
    vi.stubGlobal('fetch', asked);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(asked).toHaveBeenCalledOnce());
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.getByTestId('reconcile-agree').textContent).toContain('1 account (checked 10:31:00 IST)');
  });

  it('shows nothing without live accounts', async () => {
    const client = renderWith([]);
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.queryByTestId('reconcile-banner')).toBeNull();
    expect(screen.queryByTestId('reconcile-agree')).toBeNull();
  });

  it('notes quietly, not as an alert, an account the broker could not be asked about while the console holds legs there', async () => {
    renderWith(
      [
        {
          ...account,
          in_sync: false,
          error: 'Token expired',
          symbols: [{ trading_symbol: 'X', exchange: 'NFO', console_quantity: 50, broker_quantity: 0, drift: -50 }],
        },
      ],
      true,
    );
    const note = await screen.findByRole('status');
    expect(note.textContent).toBe(
      'Could not compare positions with the broker for AB1234 (user trader1), where the console holds 1 symbol: Token expired',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a paper-only console has no broker to compare, rather than nothing (issue 27)', async () => {
    renderWith([], false, 1);
    const line = await screen.findByTestId('reconcile-paper');
    expect(line.textContent).toBe(
      'Paper trading only (1 paper strategy): no broker positions to compare, as paper fills never reach a broker',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("offers to match a leg the broker no longer holds, and books it at the trader's price (issue 27)", async () => {
    const drifted = {
      ...account,
      in_sync: false,
      symbols: [
        {
          trading_symbol: 'NIFTY25D0924500CE',
          exchange: 'NFO',
          console_quantity: 75,
          broker_quantity: 0,
          drift: 75,
          holders: [{ user_strategy_mapping_id: 9, strategy_name: 'RDX', instrument_name: 'NIFTY 50', quantity: 75 }],
        },
      ],
    };
    renderWith([drifted]);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Match the broker: NIFTY25D0924500CE in RDX on NIFTY 50' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Match the broker' });
    expect(dialog.textContent).toContain(
      'The broker no longer holds 75 of NIFTY25D0924500CE that RDX on NIFTY 50 counts',
    );
    // A price is needed: nothing is sent without one.
    const sent = vi.fn((url: string, init?: RequestInit) => {
      void url;
      void init;
      return Promise.resolve(
        new Response(JSON.stringify({ success: true, data: { strategy: {}, closed_quantity: 75 } })),
      );
    });
    vi.stubGlobal('fetch', sent);
    fireEvent.click(screen.getByRole('button', { name: 'Book 75 as bought back' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Price');
    expect(sent).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Average buy price/), { target: { value: '123.45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book 75 as bought back' }));
    await waitFor(() => expect(sent).toHaveBeenCalled());
    const [url, init] = sent.mock.calls[0]!;
    expect(url).toContain('/api/positions/9/match-broker');
    expect(JSON.parse(init?.body as string)).toEqual({ trading_symbol: 'NIFTY25D0924500CE', price: 123.45 });
  });
});
