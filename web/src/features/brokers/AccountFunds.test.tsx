import type { AccountFunds as Row } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountFunds } from './AccountFunds';

const MARGIN_UNKNOWN =
  'Margin of the open paper positions not known: Kite access token is missing or expired: the market-data login has ended';

const LIVE: Row = {
  user_broker_id: 4,
  broker_username: 'AB1234',
  broker_name: 'Zerodha',
  is_paper: false,
  virtual_capital: null,
  available: 500000,
  used_margin: 123456.78,
  available_margin: 376543.22,
  checked_at: '2026-11-27T05:00:00.000Z',
  problem: null,
  margin_problem: null,
};
const ENDED: Row = {
  ...LIVE,
  user_broker_id: 5,
  broker_username: 'CD5678',
  available: null,
  used_margin: null,
  available_margin: null,
  checked_at: null,
  problem: 'The broker session for CD5678 has ended: generate a new token on the Profile page',
};

/** A Paper account with nothing open: its capital plus booked P&L, no margin used. */
const PAPER: Row = {
  ...LIVE,
  user_broker_id: 9,
  broker_username: 'PAPER1',
  broker_name: 'Paper',
  is_paper: true,
  virtual_capital: 1000000,
  available: 1002500.5,
  used_margin: 0,
  available_margin: 1002500.5,
};
/** A Paper account whose open positions' margin could not be priced (the market-data login ended). */
const PAPER_OPEN: Row = {
  ...PAPER,
  user_broker_id: 10,
  broker_username: 'PAPER2',
  virtual_capital: 500000,
  available: 500000,
  used_margin: null,
  available_margin: null,
  margin_problem: MARGIN_UNKNOWN,
};

/** The funds route as the card sees it; counts the asks. */
function serve(accounts: Row[]) {
  let asked = 0;
  vi.stubGlobal('fetch', () => {
    asked++;
    return Promise.resolve(new Response(JSON.stringify({ success: true, data: { accounts } })));
  });
  return () => asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AccountFunds: what each broker account holds and may still use', () => {
  it("shows the broker's figures in rupees, and why an account has none instead of ₹0", async () => {
    serve([LIVE, ENDED]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AccountFunds />
      </QueryClientProvider>,
    );
    const live = await screen.findByTestId('funds-row-4');
    expect(live.textContent).toContain('Zerodha · AB1234');
    expect(live.textContent).toContain('₹5,00,000.00');
    expect(live.textContent).toContain('₹1,23,456.78');
    expect(live.textContent).toContain('₹3,76,543.22');
    expect(live.textContent).toContain('27 Nov 2026, 10:30:00 IST');
    const ended = screen.getByTestId('funds-row-5');
    expect(ended.textContent).toContain('has ended: generate a new token');
    expect(ended.textContent).not.toContain('₹0.00');
  });

  it('asks the brokers again on Refresh', async () => {
    const asked = serve([LIVE]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AccountFunds />
      </QueryClientProvider>,
    );
    await screen.findByTestId('funds-row-4');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(asked()).toBe(2));
  });
});

describe('AccountFunds: a Paper account (issue 32 item 3)', () => {
  function renderCard() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AccountFunds />
      </QueryClientProvider>,
    );
  }

  it('names its virtual capital beside what it has available, and its margin with nothing open', async () => {
    serve([LIVE, PAPER]);
    renderCard();
    const paper = await screen.findByTestId('funds-row-9');
    expect(paper.textContent).toContain('Paper · PAPER1');
    expect(paper.textContent).toContain('Virtual capital ₹10,00,000.00');
    expect(paper.textContent).toContain('₹10,02,500.50');
    expect(paper.textContent).toContain('₹0.00');
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByTestId('funds-row-4').textContent).not.toContain('Virtual capital');
  });

  it('says why the margin of its open positions is not known, instead of bare dashes, with its cash still shown', async () => {
    serve([PAPER_OPEN]);
    renderCard();
    const row = await screen.findByTestId('funds-row-10');
    expect(row.textContent).toContain('Virtual capital ₹5,00,000.00');
    expect(row.textContent).toContain('₹5,00,000.00');
    const note = screen.getByRole('note');
    expect(note.textContent).toBe(MARGIN_UNKNOWN);
    expect(row.contains(note)).toBe(true);
  });
});
