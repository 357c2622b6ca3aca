import type { BacktestTrade, Instrument } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/ConfirmDialog';
import { SessionProvider } from '../auth/session-context';
import { legsHandOff, legsHandOffOf } from '../strategy-builder/builder-plan';
import { backtestRun, STRANGLE } from './lab-fixture';
import { StrategyLabPage } from './StrategyLabPage';

const sandbox = {
  id: 4,
  name: 'SANDBOX 24x7',
  ticker: 'SANDBOX',
  instrument_token: '1',
  lot_size: 65,
  market_open_time: '00:00',
  market_close_time: '23:59',
  timezone: 'Asia/Kolkata',
  trading_days: '0,1,2,3,4,5,6',
  market_protection: -1,
  market_status: { isOpen: true, openTime: '00:00', closeTime: '23:59', timezone: 'Asia/Kolkata', nextChange: null },
} satisfies Instrument;

/** A finished Multi-leg run of the strangle: its config holds legs, not RDX's fields. */
const legsRun = backtestRun({
  id: 9,
  label: null,
  strategy_id: 3,
  strategy_name: 'Multi-leg',
  config: { ...STRANGLE },
});

const exitTrade: BacktestTrade = {
  time: '2026-11-27T09:45:00.000Z',
  trading_symbol: 'SANDBOX26D0124600CE',
  side: 'BUY',
  quantity: -65,
  price: 40,
  charges: 1.1,
  reason: 'window end',
};

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const ok = (data: unknown) => json(200, { success: true, data });

function serve(refuse?: string) {
  const posted: unknown[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0]!;
    if (path === '/api/strategies/list') {
      return ok([
        { id: 1, name: 'RDX', description: '', type: 'rdx' },
        { id: 3, name: 'Multi-leg', description: '', type: 'legs' },
      ]);
    }
    if (path === '/api/instruments/list') return ok([sandbox]);
    if (path === '/api/alerts') return ok({ alerts: [], total: 0, unread: 0 });
    if (path === '/api/backtests' && method === 'POST') {
      posted.push(JSON.parse(init?.body as string));
      return refuse
        ? json(400, { success: false, error: refuse, code: 'VALIDATION_FAILED' })
        : json(202, { success: true, data: { id: 10 } });
    }
    if (path === '/api/backtests') return ok({ backtests: [legsRun] });
    if (path === '/api/backtests/9/trades') return ok({ trades: [exitTrade] });
    if (path === '/api/backtests/9/equity') return ok({ points: [], daily: [] });
    return json(404, { success: false, error: `no route ${method} ${path}`, code: 'NOT_FOUND' });
  });
  return posted;
}

/** The Strategy Builder's stand-in: what "Edit in Strategy Builder" carried back. */
function BuilderStandIn() {
  const location = useLocation();
  const handOff = legsHandOffOf(location.state);
  return <p data-testid="builder">{`${location.search} ${handOff ? handOff.config.legs.length : 0} legs`}</p>;
}

function renderLab(entry: { pathname: string; search?: string; state?: unknown }) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <ConfirmProvider>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              <Route path="/strategy-lab" element={<StrategyLabPage />} />
              <Route path="/strategy-builder" element={<BuilderStandIn />} />
            </Routes>
          </MemoryRouter>
        </ConfirmProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const form = () => within(screen.getByRole('form', { name: 'Backtest form' }));

describe('the Strategy Lab with a Multi-leg configuration', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("runs the builder's legs: shown read-only, no RDX fields or sweep, interval per the entry", async () => {
    const posted = serve();
    renderLab({ pathname: '/strategy-lab', state: legsHandOff(4, 'short-strangle-25-sl', STRANGLE) });
    await waitFor(() => expect(form().getByLabelText('Strategy')).toHaveProperty('value', '3'));
    expect(
      within(form().getByTestId('lab-legs-summary'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Leg 1: SELL CE ATM+2 ×1 lot, current week',
      'Leg 2: SELL PE ATM+2 ×1 lot, current week',
      'Entry at 09:20',
      'Exit at 15:15',
    ]);
    expect(form().queryByLabelText('Lot Count')).toBeNull();
    expect(form().queryByLabelText('Offset Value')).toBeNull();
    expect(form().queryByRole('radio', { name: /Sweep/ })).toBeNull();
    expect(form().getByLabelText('Interval')).toHaveProperty('value', '1m');
    expect(form().getByLabelText('Instrument')).toHaveProperty('value', '4');
    fireEvent.click(form().getByRole('button', { name: 'Run backtest' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ strategy_id: 3, instrument_id: 4, interval: '1m', config: STRANGLE });
    expect(posted[0]).not.toHaveProperty('config.rdx_lot_count');
  });

  it("says the server's refusal in its words, and Edit in Strategy Builder carries the legs back", async () => {
    serve('No stored 1m candles for SANDBOX 24x7 between 2026-11-22 and 2026-11-28');
    renderLab({ pathname: '/strategy-lab', state: legsHandOff(4, null, STRANGLE) });
    await waitFor(() => expect(form().getByLabelText('Strategy')).toHaveProperty('value', '3'));
    fireEvent.click(form().getByRole('button', { name: 'Run backtest' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No stored 1m candles for SANDBOX 24x7 between 2026-11-22 and 2026-11-28',
    );
    fireEvent.click(form().getByRole('link', { name: 'Edit in Strategy Builder' }));
    expect((await screen.findByTestId('builder')).textContent).toBe('?instrument=4 2 legs');
  });

  it("shows a Multi-leg run's results: its legs, trades with their reason, and no RDX settings", async () => {
    serve();
    renderLab({ pathname: '/strategy-lab', search: '?run=9' });
    const detail = within(await screen.findByTestId('backtest-detail'));
    expect(detail.getByTestId('backtest-settings').textContent).toBe(
      'Multi-leg on SANDBOX 24x7, 27 Nov 2026 – 28 Nov 2026: 2 legs · 1m candles; prices Model (14% IV).',
    );
    expect(detail.getByTestId('lab-legs-summary').textContent).toContain('Leg 2: SELL PE ATM+2 ×1 lot, current week');
    expect(await detail.findByText('Window end')).toBeTruthy();
    // Use these settings makes an RDX strategy: not offered for legs (they are edited in the builder).
    expect(detail.queryByRole('button', { name: 'Use these settings' })).toBeNull();
  });
});
