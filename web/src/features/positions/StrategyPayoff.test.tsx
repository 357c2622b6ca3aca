import type { Instrument, Payoff } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PositionDetail } from './PositionDetail';
import { legFixture, positionFixture } from './position-fixture';

const sandbox: Instrument = {
  id: 7,
  name: 'SANDBOX 24x7',
  ticker: 'SANDBOX',
  instrument_token: '99000073',
  lot_size: 25,
  market_open_time: '00:00',
  market_close_time: '23:59',
  timezone: 'Asia/Kolkata',
  trading_days: '0,1,2,3,4,5,6',
  market_protection: -1,
  market_status: { isOpen: true, openTime: '00:00', closeTime: '23:59', timezone: 'Asia/Kolkata', nextChange: null },
};

const payoff: Payoff = {
  underlying_price: 10_012.4,
  expiry: '2025-12-12',
  rate: 5.5,
  rate_source: 'RBI',
  minutes_to_expiry: 700,
  at_expiry: [
    { underlying: 9_600, pnl: -6000 },
    { underlying: 10_000, pnl: 5000 },
    { underlying: 10_400, pnl: -6000 },
  ],
  today: [
    { underlying: 9_600, pnl: -4000 },
    { underlying: 10_000, pnl: 2000 },
    { underlying: 10_400, pnl: -4000 },
  ],
  breakevens: [9_749.5, 10_250.5],
  max_profit: 5012.5,
  max_loss: null,
  leg_ivs: [],
};

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

/** The API the detail asks: the instruments, and the payoff (or the server's refusal of it). */
function serve(options: { refusePayoff?: string } = {}) {
  const payoffBodies: unknown[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const path = url.split('?')[0]!;
    if (path === '/api/instruments/list') return json(200, { success: true, data: [sandbox] });
    if (path === '/api/analytics/payoff') {
      payoffBodies.push(JSON.parse(init?.body as string));
      if (options.refusePayoff)
        return json(400, { success: false, error: options.refusePayoff, code: 'VALIDATION_FAILED' });
      return json(200, { success: true, data: payoff });
    }
    return json(404, { success: false, error: `no route ${path}`, code: 'NOT_FOUND' });
  });
  return payoffBodies;
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** A short strangle on SANDBOX: 50 sold (2 lots) of the 10,050 CE at ₹120.50 and 25 sold of the 9,950 PE at ₹80. */
const strangle = () =>
  positionFixture({
    legs: [
      legFixture(),
      legFixture({
        trading_symbol: 'SANDBOX25D129950PE',
        option_type: 'PE',
        strike: 9950,
        quantity: 25,
        entry_price: 80,
      }),
    ],
  });

describe("a running strategy's payoff", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the open legs in lots at their entry prices and shows the breakevens and extremes', async () => {
    const bodies = serve();
    render(<PositionDetail position={strangle()} onChart={vi.fn()} />, { wrapper });
    expect(await screen.findByTestId('payoff-breakevens')).toHaveProperty('textContent', '₹9,749.50 and ₹10,250.50');
    expect(screen.getByTestId('payoff-max-profit').textContent).toBe('+₹5,012.50');
    expect(screen.getByTestId('payoff-max-loss').textContent).toBe('Unlimited');
    expect(screen.getByRole('region', { name: 'Payoff' }).querySelector('svg')).not.toBeNull();
    expect(bodies).toEqual([
      {
        instrument_id: 7,
        legs: [
          { option_type: 'CE', side: 'SELL', strike: 10050, expiry: '2025-12-12', lots: 2, price: 120.5 },
          { option_type: 'PE', side: 'SELL', strike: 9950, expiry: '2025-12-12', lots: 1, price: 80 },
        ],
      },
    ]);
  });

  it('asks again when the legs change, not when only their prices tick', async () => {
    const bodies = serve();
    const { rerender } = render(<PositionDetail position={strangle()} onChart={vi.fn()} />, { wrapper });
    await screen.findByTestId('payoff-breakevens');
    const ticked = strangle();
    ticked.legs = ticked.legs.map((l) => ({ ...l, ltp: 99.95, unrealized_pnl: 10 }));
    rerender(<PositionDetail position={ticked} onChart={vi.fn()} />);
    const bought = strangle();
    bought.legs = [{ ...bought.legs[0]!, quantity: -25 }];
    rerender(<PositionDetail position={bought} onChart={vi.fn()} />);
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      instrument_id: 7,
      legs: [{ option_type: 'CE', side: 'BUY', strike: 10050, expiry: '2025-12-12', lots: 1, price: 120.5 }],
    });
  });

  it('says in words why legs of two expiries are not drawn, and asks nothing', async () => {
    const bodies = serve();
    const calendar = strangle();
    calendar.legs = [calendar.legs[0]!, { ...calendar.legs[1]!, expiry: '2025-12-19' }];
    render(<PositionDetail position={calendar} onChart={vi.fn()} />, { wrapper });
    expect(
      await screen.findByText(
        "Legs must all share one expiry (these expire on 2025-12-12, 2025-12-19): a calendar spread's payoff is not drawn",
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('payoff-breakevens')).toBeNull();
    expect(bodies).toEqual([]);
  });

  it("shows the server's refusal in its words instead of a chart", async () => {
    serve({ refusePayoff: 'Leg 1 Expiry has passed: an expired leg has no payoff' });
    render(<PositionDetail position={strangle()} onChart={vi.fn()} />, { wrapper });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Leg 1 Expiry has passed: an expired leg has no payoff',
    );
    expect(screen.queryByTestId('payoff-breakevens')).toBeNull();
  });

  it('has no payoff section without open legs', () => {
    serve();
    render(<PositionDetail position={positionFixture({ legs: [] })} onChart={vi.fn()} />, { wrapper });
    expect(screen.queryByRole('region', { name: 'Payoff' })).toBeNull();
  });
});
