import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render as renderBare, screen, within } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PnlStrip } from './PnlStrip';
import { PositionDetail } from './PositionDetail';
import { figures, legFixture, positionFixture, replyFixture } from './position-fixture';

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

/** The detail asks for its payoff (StrategyPayoff.test.tsx tests it): here the API never answers. */
function render(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderBare(ui, { wrapper });
}

describe('PositionDetail', () => {
  beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => {})));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each leg with its side, its quantity signed as Kite shows it (a short -50), entry, LTP and P&L', () => {
    const onChart = vi.fn();
    render(
      <PositionDetail
        position={positionFixture({
          legs: [
            legFixture(),
            legFixture({
              trading_symbol: 'LONGPE',
              quantity: -25,
              ltp_is_stale: true,
              unrealized_pnl: -750,
              greeks: null,
              broker_way: {
                average_price: 118.25,
                unrealized_pnl: -800,
                overnight_quantity: -25,
                previous_close: null,
                day_pnl: null,
              },
            }),
          ],
        })}
        onChart={onChart}
      />,
    );
    const rows = screen.getAllByTestId('position-leg');
    expect(cellsOf(rows[0]!)).toEqual([
      'SANDBOX 12 DEC 10050 CE',
      'SELL',
      '-50',
      '120.50',
      '120.50',
      '110.25',
      '+₹512.50',
      '+₹512.50',
    ]);
    // Kite's average and day P&L beside ours; a day P&L needing an unknown previous close is a dash.
    expect(cellsOf(rows[1]!)).toEqual(['LONGPE', 'BUY', '25', '120.50', '118.25', '110.25last fill', '−₹750.00', '-']);
    expect(within(rows[1]!).getByText('last fill').getAttribute('title')).toMatch(/last fill's price/);
    fireEvent.click(screen.getByRole('button', { name: 'Chart' }));
    expect(onChart).toHaveBeenCalledOnce();
  });

  it("shows the strategy's realized, unrealized, charges and net, signed and coloured", () => {
    render(<PositionDetail position={positionFixture({ ...figures(1500, -200.25, 81.4) })} onChart={vi.fn()} />);
    const figuresList = screen.getByLabelText('Strategy P&L');
    const values = Array.from(figuresList.querySelectorAll('dd')).map((d) => [d.textContent, d.className]);
    expect(values).toEqual([
      ['+₹1,500.00', 'pnl pnl-up'],
      ['−₹200.25', 'pnl pnl-down'],
      ['₹81.40', 'pnl-cost'],
      ['+₹1,218.35', 'pnl pnl-up'],
    ]);
  });

  it("shows Kite's way beside: average-price realized and unrealized, and the day P&L from the previous close", () => {
    render(
      <PositionDetail
        position={positionFixture({ broker_way: { realized_pnl: 250, unrealized_pnl: -387.5, day_pnl: 42.75 } })}
        onChart={vi.fn()}
      />,
    );
    const kite = screen.getByLabelText("Kite's way");
    const pairs = Array.from(kite.querySelectorAll('div')).map((d) => [
      d.querySelector('dt')?.textContent,
      d.querySelector('dd')?.textContent,
    ]);
    expect(pairs).toEqual([
      ['Realized (avg)', '+₹250.00'],
      ['Unrealized (avg)', '−₹387.50'],
      ['Day P&L', '+₹42.75'],
    ]);
    cleanup();
    render(
      <PositionDetail
        position={positionFixture({ broker_way: { realized_pnl: 0, unrealized_pnl: 0, day_pnl: null } })}
        onChart={vi.fn()}
      />,
    );
    expect(screen.getByLabelText("Kite's way").querySelectorAll('dd')[2]?.textContent).toBe('-');
  });

  it('marks the charges as an estimate while they include a day not yet over, and not once it is', () => {
    const labels = () =>
      Array.from(screen.getByLabelText('Strategy P&L').querySelectorAll('dt')).map((d) => d.textContent);
    render(<PositionDetail position={positionFixture({ charges_final: false })} onChart={vi.fn()} />);
    expect(labels()).toEqual(['Realized', 'Unrealized', 'Charges (est.)', 'Net']);
    cleanup();
    render(<PositionDetail position={positionFixture({ charges_final: true })} onChart={vi.fn()} />);
    expect(labels()).toEqual(['Realized', 'Unrealized', 'Charges', 'Net']);
  });

  it("shows each leg's IV, delta, gamma, theta and vega, and the strategy's sums beneath", () => {
    render(
      <PositionDetail
        position={positionFixture({
          legs: [legFixture(), legFixture({ trading_symbol: 'LONGPE', expiry: null, quantity: -25, greeks: null })],
        })}
        onChart={vi.fn()}
      />,
    );
    const table = screen.getByRole('table', { name: 'Strategy greeks' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Greeks', 'IV', 'Delta', 'Gamma', 'Theta', 'Vega']);
    const [sold, unpriced] = within(table).getAllByTestId('greeks-leg');
    expect(cellsOf(sold!)).toEqual(['SANDBOX 12 DEC 10050 CE', '14.25%', '−20.50', '−0.0123', '+₹150.25', '−₹300.50']);
    expect(within(sold!).getByText('+₹150.25').className).toContain('pnl-up');
    // A leg whose price implies no IV: dashes, saying why on hover.
    expect(cellsOf(unpriced!)).toEqual(['LONGPE', '-', '-', '-', '-', '-']);
    expect(within(unpriced!).getAllByRole('cell')[1]!.getAttribute('title')).toMatch(/No implied volatility/);
    const total = within(table).getByTestId('greeks-total');
    expect([within(total).getByRole('rowheader').textContent, ...cellsOf(total)]).toEqual([
      'Strategy',
      '-',
      '−20.50',
      '−0.0123',
      '+₹150.25',
      '−₹300.50',
    ]);
    expect(screen.getByText('1 leg without greeks left out')).toBeTruthy();
  });

  it('moves the sums with a new reading of the positions (a positions_updated)', () => {
    const { rerender } = render(<PositionDetail position={positionFixture()} onChart={vi.fn()} />);
    rerender(
      <PositionDetail
        position={positionFixture({
          legs: [legFixture({ greeks: { iv: 15.5, delta: 3.1, gamma: 0.0004, theta: -42, vega: 10 } })],
          greeks: { delta: 3.1, gamma: 0.0004, theta: -42, vega: 10, legs_left_out: 0 },
        })}
        onChart={vi.fn()}
      />,
    );
    const table = screen.getByRole('table', { name: 'Strategy greeks' });
    expect(cellsOf(within(table).getByTestId('greeks-leg'))).toEqual([
      'SANDBOX 12 DEC 10050 CE',
      '15.50%',
      '+3.10',
      '+0.0004',
      '−₹42.00',
      '+₹10.00',
    ]);
    expect(cellsOf(within(table).getByTestId('greeks-total'))).toEqual(['-', '+3.10', '+0.0004', '−₹42.00', '+₹10.00']);
    expect(screen.queryByText(/left out/)).toBeNull();
  });

  it('says when nothing is open', () => {
    render(<PositionDetail position={positionFixture({ legs: [] })} onChart={vi.fn()} />);
    expect(screen.getByText('No open legs.')).toBeTruthy();
  });
});

describe('PnlStrip', () => {
  afterEach(cleanup);

  it("labels the day as IST, says today's charges are an estimate until the day closes, and shows four figures", () => {
    render(<PnlStrip today={figures(2500.5, -1000, 120.75)} chargesFinal={false} asOf="2025-12-10T05:00:00.000Z" />);
    expect(screen.getByRole('heading', { name: 'Today (IST)' })).toBeTruthy();
    expect(screen.getByText(/Today's charges are an estimate until the day closes/)).toBeTruthy();
    const strip = screen.getByLabelText("Today's P&L");
    const pairs = Array.from(strip.querySelectorAll('div')).map((d) => [
      d.querySelector('dt')?.textContent,
      d.querySelector('dd')?.textContent,
    ]);
    expect(pairs).toEqual([
      ['Realized', '+₹2,500.50'],
      ['Unrealized', '−₹1,000.00'],
      ['Charges (est.)', '₹120.75'],
      ['Net', '+₹1,379.75'],
    ]);
  });

  it("closes the line with Kite's day P&L when given, a dash while a previous close is unknown", () => {
    const kiteFigure = () => screen.getByLabelText("Kite's day P&L").querySelector('dd')?.textContent;
    render(<PnlStrip today={figures(0, 0, 0)} chargesFinal asOf="2025-12-10T05:00:00.000Z" kiteDayPnl={-412.5} />);
    expect(screen.getByText('Kite day P&L')).toBeTruthy();
    expect(kiteFigure()).toBe('−₹412.50');
    cleanup();
    render(<PnlStrip today={figures(0, 0, 0)} chargesFinal asOf="2025-12-10T05:00:00.000Z" kiteDayPnl={null} />);
    expect(kiteFigure()).toBe('-');
  });

  it('names the scope on the admin table; with no order today the charges are not an estimate', () => {
    render(<PnlStrip today={figures(0, 0, 0)} chargesFinal asOf="2025-12-10T05:00:00.000Z" scopeLabel="all users" />);
    expect(screen.getByRole('heading', { name: 'Today (IST), all users' })).toBeTruthy();
    expect(screen.getByText(/Charges as the contract notes compute them/)).toBeTruthy();
    expect(screen.queryByText('Charges (est.)')).toBeNull();
    expect(screen.getByText('Charges')).toBeTruthy();
  });

  it('shows live and paper apart when the list holds both: a paper profit does not hide a live loss', () => {
    const live = positionFixture({ is_dummy: 0, ...figures(-900, -100, 60), today: figures(-900, -100, 60) });
    const paper = positionFixture({
      user_strategy_mapping_id: 12,
      ...figures(1500, 0, 40),
      today: figures(1500, 0, 40),
    });
    const reply = replyFixture([live, paper]);
    render(
      <PnlStrip today={reply.today} byMode={reply.by_mode} chargesFinal={reply.charges_final} asOf={reply.as_of} />,
    );
    expect(screen.getByRole('heading', { name: 'Today (IST)' })).toBeTruthy();
    expect(screen.getByText('Net (LIVE + DUMMY)')).toBeTruthy();
    expect(cellsOf(screen.getByTestId('pnl-mode-live'))).toEqual(['−₹1,060.00', '−₹900.00', '−₹100.00', '₹60.00']);
    expect(within(screen.getByTestId('pnl-mode-live')).getByRole('rowheader').textContent).toBe('LIVE (1)');
    const heads = within(screen.getByRole('table', { name: "Today's P&L by mode" })).getAllByRole('columnheader');
    expect(heads.map((h) => h.textContent)).toEqual(['Mode', 'Net', 'Realized', 'Unrealized', 'Charges (est.)']);
    expect(cellsOf(screen.getByTestId('pnl-mode-paper'))).toEqual(['+₹1,460.00', '+₹1,500.00', '₹0.00', '₹40.00']);
  });

  it('names the mode in the heading when every strategy is of one', () => {
    const reply = replyFixture([positionFixture()]);
    render(
      <PnlStrip
        today={reply.today}
        byMode={reply.by_mode}
        chargesFinal={reply.charges_final}
        asOf={reply.as_of}
        scopeLabel="all users"
      />,
    );
    expect(screen.getByRole('heading', { name: 'Today (IST), all users, DUMMY' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: "Today's P&L by mode" })).toBeNull();
  });
});
