import {
  LEGS_TEMPLATES,
  type EntryMargin,
  type Instrument,
  type OptionChain,
  type Payoff,
  type UserBroker,
} from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../auth/session-context';
import { mappingFixture } from '../strategies/mapping-fixture';
import { legsHandOffOf } from './builder-plan';
import { StrategyBuilderPage } from './StrategyBuilderPage';

const nifty: Instrument = {
  id: 1,
  name: 'NIFTY 50',
  ticker: 'NIFTY',
  instrument_token: '256265',
  lot_size: 75,
  market_open_time: '09:15',
  market_close_time: '15:30',
  timezone: 'Asia/Kolkata',
  trading_days: '1,2,3,4,5',
  market_protection: -1,
  market_status: { isOpen: true, openTime: '09:15', closeTime: '15:30', timezone: 'Asia/Kolkata', nextChange: null },
};

const option = (ltp: number | null) => ({ ltp, iv: 14, delta: null, gamma: null, theta: null, vega: null });

/** 24,800 to 25,200 every ₹50 around 25,012.40: CE from ₹200 down ₹20 a step, PE from ₹40 up ₹20 a step. */
function chainOf(expiry: string): OptionChain {
  return {
    underlying_price: 25_012.4,
    expiry,
    rate: 5.5,
    rate_source: 'RBI',
    minutes_to_expiry: 700,
    forward: 25_020,
    expiries: ['2026-12-01', '2026-12-08', '2026-12-29'],
    strikes: Array.from({ length: 9 }, (_, i) => ({
      strike: 24_800 + i * 50,
      ce: option(200 - i * 20),
      pe: option(40 + i * 20),
    })),
  };
}

const payoff: Payoff = {
  underlying_price: 25_012.4,
  expiry: '2026-12-01',
  rate: 5.5,
  rate_source: 'RBI',
  minutes_to_expiry: 700,
  at_expiry: [
    { underlying: 24_600, pnl: -3000 },
    { underlying: 25_000, pnl: 4500 },
    { underlying: 25_400, pnl: -3000 },
  ],
  today: [
    { underlying: 24_600, pnl: -2000 },
    { underlying: 25_000, pnl: 1500 },
    { underlying: 25_400, pnl: -2000 },
  ],
  breakevens: [24_840, 25_160],
  max_profit: 4500,
  max_loss: null,
  leg_ivs: [],
};

const broker = {
  id: 4,
  user_id: 3,
  broker_id: 1,
  broker_name: 'Kite',
  broker_username: 'AB1234',
  has_token: false,
  has_api_key: false,
  token_updated_at: null,
  token_expires_at: null,
  token_refused_at: null,
  token_refused_reason: null,
  egress_kind: 'server',
  egress_shown: null,
  registered_ips: [],
  family_group: null,
  egress_checked_at: null,
  egress_public_ip: null,
  egress_problem: null,
  is_paper: false,
  virtual_capital: null,
  created_at: '2026-11-01T00:00:00.000Z',
} satisfies UserBroker;

const margin: EntryMargin = { required: 150000, final: 60000, available: null, orders: [], note: 'Paper' };

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const ok = (data: unknown) => json(200, { success: true, data });

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The console's API as the builder uses it; `refuseCreate` makes the mapping's create fail in the server's words. */
function serve(options: { refuseCreate?: string; strategies?: { id: number; type: string | null }[] } = {}) {
  const calls: Call[] = [];
  const strategies = (
    options.strategies ?? [
      { id: 1, type: 'rdx' },
      { id: 2, type: 'legs' },
    ]
  ).map((s) => ({ ...s, name: s.type === 'legs' ? 'Multi-leg' : 'RDX', description: '' }));
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(init.body as string) as unknown) : undefined;
    calls.push({ method, url, body });
    const path = url.split('?')[0]!;
    if (path === '/api/instruments/list') return ok([nifty]);
    if (path === '/api/strategies/templates') return ok(LEGS_TEMPLATES);
    if (path === '/api/analytics/chain/1') {
      const expiry = new URL(url, 'http://x').searchParams.get('expiry');
      return ok(chainOf(expiry ?? '2026-12-01'));
    }
    if (path === '/api/analytics/payoff') return ok(payoff);
    if (path === '/api/alerts') return ok({ alerts: [], total: 0, unread: 0 });
    if (path === '/api/strategies/list') return ok(strategies);
    if (path === '/api/brokers/user-brokers') return ok([broker]);
    if (path === '/api/strategies/user-mappings' && method === 'POST') {
      if (options.refuseCreate)
        return json(400, { success: false, error: options.refuseCreate, code: 'VALIDATION_FAILED' });
      return ok(mappingFixture({ id: 21, strategy_id: 2, strategy_name: 'Multi-leg', running_status: 0 }));
    }
    if (path === '/api/strategies/user-mappings/21/config' && method === 'PUT') {
      return ok({ strategy_type: 'legs', config: body });
    }
    if (path === '/api/strategies/user-mappings/21/margin') return ok(margin);
    // A Multi-leg strategy the trader has (#30): an iron fly, edited with ?mapping=30.
    if (path === '/api/strategies/user-mappings' && method === 'GET') {
      return ok([mappingFixture({ id: 30, strategy_id: 2, strategy_name: 'Multi-leg', instrument_id: 1 })]);
    }
    if (path === '/api/strategies/user-mappings/30/config') {
      const fly = LEGS_TEMPLATES.find((t) => t.key === 'iron-fly')!.config;
      return ok({ strategy_type: 'legs', config: method === 'PUT' ? body : fly });
    }
    return json(404, { success: false, error: `no route ${method} ${path}`, code: 'NOT_FOUND' });
  });
  return calls;
}

/** The Strategy Lab's stand-in: what the builder handed it. */
function LabStandIn() {
  const handOff = legsHandOffOf(useLocation().state);
  return <p data-testid="lab">{handOff ? `${handOff.template} ${handOff.config.legs.length} legs` : 'nothing'}</p>;
}

function renderPage(at = '/strategy-builder') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/strategy-builder" element={<StrategyBuilderPage />} />
            <Route path="/strategy-lab" element={<LabStandIn />} />
            <Route path="/home" element={<p>Home</p>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const legRows = () => within(screen.getByRole('table', { name: 'Legs' })).getAllByTestId(/^leg-\d$/);
const nowOf = (n: number) => screen.getByTestId(`leg-${n}-now`).textContent;

async function pickCondor() {
  const picker = await screen.findByLabelText('Template');
  await screen.findByRole('option', { name: 'Iron condor' });
  fireEvent.change(picker, { target: { value: 'iron-condor' } });
  await waitFor(() => expect(legRows()).toHaveLength(4));
  await waitFor(() => expect(nowOf(4)).toContain('24,900 PE'));
}

describe('StrategyBuilderPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('fills the legs from a template and shows the strike, premium, net premium and payoff each would trade now', async () => {
    const calls = serve();
    renderPage();
    await pickCondor();
    // ATM is 25,000 (nearest 25,012.40); wings +4 and shorts +2 out of the money on each side.
    expect([1, 2, 3, 4].map(nowOf)).toEqual([
      '25,200 CE · ₹40.00 (Tue 1 Dec 2026)',
      '24,800 PE · ₹40.00 (Tue 1 Dec 2026)',
      '25,100 CE · ₹80.00 (Tue 1 Dec 2026)',
      '24,900 PE · ₹80.00 (Tue 1 Dec 2026)',
    ]);
    // (80 + 80 − 40 − 40) × 1 lot × 75 = ₹6,000.00 taken in.
    expect(screen.getByTestId('sb-net-premium').textContent).toBe('Net premium: ₹6,000.00 credit');
    expect(await screen.findByTestId('payoff-max-loss')).toHaveProperty('textContent', 'Unlimited');
    expect(screen.getByTestId('payoff-max-profit').textContent).toBe('+₹4,500.00');
    expect(screen.getByTestId('payoff-breakevens').textContent).toBe('₹24,840.00 and ₹25,160.00');
    const asked = calls.find((c) => c.url === '/api/analytics/payoff');
    expect(asked?.body).toEqual({
      instrument_id: 1,
      legs: [
        { option_type: 'CE', side: 'BUY', strike: 25_200, expiry: '2026-12-01', lots: 1, price: 40 },
        { option_type: 'PE', side: 'BUY', strike: 24_800, expiry: '2026-12-01', lots: 1, price: 40 },
        { option_type: 'CE', side: 'SELL', strike: 25_100, expiry: '2026-12-01', lots: 1, price: 80 },
        { option_type: 'PE', side: 'SELL', strike: 24_900, expiry: '2026-12-01', lots: 1, price: 80 },
      ],
    });
  });

  it('resolves a next-week leg from that expiry’s chain and follows a changed rule', async () => {
    const calls = serve();
    renderPage('/strategy-builder?template=bull-call-spread');
    await waitFor(() => expect(nowOf(2)).toBe('25,100 CE · ₹80.00 (Tue 8 Dec 2026)'));
    expect(calls.some((c) => c.url === '/api/analytics/chain/1?expiry=2026-12-08')).toBe(true);
    fireEvent.change(screen.getByLabelText('Leg 2 Strike rule'), { target: { value: 'premium_at_least' } });
    fireEvent.change(screen.getByLabelText('Leg 2 Strike Premium'), { target: { value: '130' } });
    // The smallest premium at least ₹130 is ₹140, at 24,950.
    await waitFor(() => expect(nowOf(2)).toBe('24,950 CE · ₹140.00 (Tue 8 Dec 2026)'));
  });

  it('adds, copies and removes legs', async () => {
    serve();
    renderPage();
    await pickCondor();
    fireEvent.click(screen.getByRole('button', { name: 'Copy leg 1' }));
    expect(legRows()).toHaveLength(5);
    expect(screen.getByLabelText<HTMLSelectElement>('Leg 2 Side').value).toBe('BUY');
    expect(screen.getByLabelText<HTMLSelectElement>('Leg 2 Option Type').value).toBe('CE');
    fireEvent.click(screen.getByRole('button', { name: 'Remove leg 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add leg' }));
    expect(legRows()).toHaveLength(5);
    expect(screen.getByLabelText<HTMLSelectElement>('Leg 5 Side').value).toBe('SELL');
  });

  it('shows each of the schema’s messages beside its field and sends nothing while any stands', async () => {
    const calls = serve();
    renderPage();
    await pickCondor();
    // A rule across fields (the exit before the 09:30 entry) is told beside the exit time…
    fireEvent.change(screen.getByLabelText(/^Exit Time/), { target: { value: '09:00' } });
    expect(screen.getByText('Exit Time must be later than Entry Time')).toBeTruthy();
    // …and a leg's field beside that field, in that leg's row.
    fireEvent.change(screen.getByLabelText('Leg 2 Lots'), { target: { value: 'two' } });
    fireEvent.change(screen.getByLabelText('Leg 3 Stop Loss Unit'), { target: { value: 'percent' } });
    fireEvent.change(screen.getByLabelText('Leg 3 Stop Loss'), { target: { value: '0' } });
    expect(within(screen.getByTestId('leg-2')).getByRole('alert').textContent).toBe('Leg 2 Lots must be a number');
    expect(within(screen.getByTestId('leg-3')).getByRole('alert').textContent).toBe(
      'Leg 3 Stop Loss must be more than 0',
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create paper strategy' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create paper strategy' }));
    expect(screen.getByText('Fix the fields marked above first')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/strategies'))).toEqual([]);
  });

  it('creates a paper Multi-leg strategy, saves its legs, links to Home, then checks its margin', async () => {
    const calls = serve();
    renderPage();
    await pickCondor();
    const create = screen.getByRole('button', { name: 'Create paper strategy' });
    await waitFor(() => expect(create).toHaveProperty('disabled', false));
    expect(screen.queryByRole('button', { name: 'Check margin' })).toBeNull();
    fireEvent.click(create);
    const done = await screen.findByText(/Paper strategy #21 created/);
    expect(done.textContent).toBe(
      'Paper strategy #21 created: Multi-leg on NIFTY 50, 4 legs. It starts stopped: see it on Home and press Start when it should trade.',
    );
    expect(within(done).getByRole('link', { name: 'see it on Home' }).getAttribute('href')).toBe('/home');
    const sent = calls.filter((c) => c.method !== 'GET' && c.url.startsWith('/api/strategies'));
    expect(sent.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/strategies/user-mappings',
      'PUT /api/strategies/user-mappings/21/config',
    ]);
    expect(sent[0]!.body).toMatchObject({ strategy_id: 2, instrument_id: 1, user_broker_id: 4, is_dummy: 1 });
    expect(sent[1]!.body).toEqual(LEGS_TEMPLATES.find((t) => t.key === 'iron-condor')!.config);
    fireEvent.click(screen.getByRole('button', { name: 'Check margin' }));
    expect(await screen.findByTestId('margin-note')).toHaveProperty('textContent', 'Paper');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/strategies/user-mappings/21/margin')).toBe(true);
  });

  it('shows the server’s refusal and offers no margin check', async () => {
    serve({ refuseCreate: 'You already run 10 strategies: the most a user may have' });
    renderPage();
    await pickCondor();
    const create = screen.getByRole('button', { name: 'Create paper strategy' });
    await waitFor(() => expect(create).toHaveProperty('disabled', false));
    fireEvent.click(create);
    expect((await screen.findByText(/already run 10/)).textContent).toBe(
      'You already run 10 strategies: the most a user may have',
    );
    expect(screen.queryByRole('button', { name: 'Check margin' })).toBeNull();
  });

  it('says when the console offers no Multi-leg strategy, and cannot create one', async () => {
    serve({ strategies: [{ id: 1, type: 'rdx' }] });
    renderPage();
    expect(await screen.findByText('The Multi-leg strategy is not offered on this console yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create paper strategy' })).toHaveProperty('disabled', true);
  });

  it('carries the configuration to the Strategy Lab on Backtest', async () => {
    serve();
    renderPage();
    await pickCondor();
    fireEvent.click(screen.getByRole('button', { name: 'Backtest' }));
    expect((await screen.findByTestId('lab')).textContent).toBe('iron-condor 4 legs');
  });

  it('edits a Multi-leg strategy from Home: loads its legs, and Save changes replaces them (no new strategy)', async () => {
    const calls = serve();
    renderPage('/strategy-builder?mapping=30');
    await waitFor(() => expect(legRows()).toHaveLength(4));
    expect(screen.getByText(/Editing the legs of strategy #30/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create paper strategy' })).toBeNull();
    // The day's limits stay on the strategy's row: not asked here.
    expect(screen.queryByLabelText(/Max Loss/)).toBeNull();
    fireEvent.click(within(legRows()[3]!).getByRole('button', { name: /Remove/ }));
    await waitFor(() => expect(legRows()).toHaveLength(3));
    const save = screen.getByRole('button', { name: 'Save changes' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    expect((await screen.findByText(/Strategy #30 saved/)).textContent).toContain('3 legs on');
    const sent = calls.filter((c) => c.method !== 'GET' && c.url.startsWith('/api/strategies'));
    expect(sent.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/strategies/user-mappings/30/config']);
    const fly = LEGS_TEMPLATES.find((t) => t.key === 'iron-fly')!.config as { legs: unknown[] };
    expect(sent[0]!.body).toMatchObject({ legs: fly.legs.slice(0, 3), max_loss: null, target_profit: null });
  });
});
