import type { Exchange, Transaction } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { exchangeKey } from '../../components/exchange';
import { TransactionRow } from './TransactionRow';

const base: Transaction = {
  id: 1,
  transaction_date: '2025-03-14T04:05:06.000Z',
  trading_symbol: 'NIFTY25MAR22600CE',
  quantity: 150,
  price: 123456.5,
  strategy_name: 'RDX',
  instrument_name: 'NIFTY 50',
  user_username: 'trader1',
  user_id: 3,
  user_strategy_mapping_id: 9,
  is_dummy: 1,
};

/** The console's exchange as GET /console/exchange answered it (Kite unless a test says sandbox). */
function renderRow(t: Transaction, showUser = false, exchange: Exchange = 'kite') {
  const client = new QueryClient();
  client.setQueryData(exchangeKey, { exchange });
  render(
    <QueryClientProvider client={client}>
      <table>
        <tbody>
          <TransactionRow transaction={t} showUser={showUser} />
        </tbody>
      </table>
    </QueryClientProvider>,
  );
  return screen.getByTestId(`transaction-${t.id}`);
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('TransactionRow', () => {
  afterEach(cleanup);

  it('shows a positive quantity as SELL with the price in Indian rupee format', () => {
    const row = renderRow(base);
    const cells = cellTexts(row);
    expect(cells.slice(1)).toEqual(['NIFTY MAR 22600 CE', 'SELL', '150', '₹1,23,456.50', 'RDX', 'NIFTY 50', 'DUMMY']);
    expect(within(row).getByText('SELL').className).toBe('side-sell');
  });

  it('shows the time in IST with the zone named and a large quantity in Indian grouping', () => {
    const row = renderRow({ ...base, id: 4, quantity: -123450 });
    const cells = cellTexts(row);
    expect(cells[0]).toBe('14 Mar 2025, 09:35:06 IST');
    expect(cells[3]).toBe('1,23,450');
  });

  it('shows a negative quantity as BUY with its absolute value, LIVE for is_dummy 0', () => {
    const row = renderRow({ ...base, id: 2, quantity: -75, price: 98.05, is_dummy: 0 });
    const cells = cellTexts(row);
    expect(cells.slice(1)).toEqual(['NIFTY MAR 22600 CE', 'BUY', '75', '₹98.05', 'RDX', 'NIFTY 50', 'LIVE']);
    expect(within(row).getByText('BUY').className).toBe('side-buy');
  });

  it('says LIVE · SANDBOX on a live fill when the console trades on its sandbox exchange, and what DUMMY means', () => {
    const live = renderRow({ ...base, id: 5, is_dummy: 0 }, false, 'sandbox');
    expect(cellTexts(live).at(-1)).toBe('LIVE · SANDBOX');
    const dummy = renderRow({ ...base, id: 6 }, false, 'sandbox');
    expect(cellTexts(dummy).at(-1)).toBe('DUMMY');
    expect(within(dummy).getByText('DUMMY').getAttribute('title')).toBe(
      'DUMMY (paper: simulated fills, no broker orders)',
    );
  });

  it('marks a settlement at expiry, which no order made', () => {
    const row = renderRow({ ...base, id: 4, quantity: -75, price: 50, kind: 'settlement' });
    expect(cellTexts(row)[2]).toBe('BUYSettlement');
    expect(within(row).getByText('Settlement').getAttribute('title')).toMatch(/expiry/);
  });

  it('says how a paper fill was priced: at the bid for a sell, at the offer for a buy, or by the spread model', () => {
    const sell = renderRow({ ...base, id: 5, price_source: 'quote_depth' });
    expect(within(sell).getByText('at the bid').getAttribute('title')).toMatch(/bids/);
    const buy = renderRow({ ...base, id: 6, quantity: -65, price_source: 'quote_depth' });
    expect(within(buy).getByText('at the offer')).toBeTruthy();
    const model = renderRow({ ...base, id: 7, price_source: 'spread_model' });
    expect(within(model).getByText('spread model').getAttribute('title')).toMatch(/₹0\.05/);
    const live = renderRow({ ...base, id: 8, is_dummy: 0 });
    expect(within(live).queryByText(/at the|spread model/)).toBeNull();
  });

  it('adds the User column on the admin list', () => {
    const row = renderRow({ ...base, id: 3 }, true);
    expect(cellTexts(row)[1]).toBe('trader1');
  });
});
