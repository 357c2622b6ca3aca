import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/ConfirmDialog';
import { patchPositionInCache } from '../positions/position-cache';
import { figures, positionFixture, replyFixture } from '../positions/position-fixture';
import { ActiveStrategiesTable } from './ActiveStrategiesTable';
import { mappingFixture } from './mapping-fixture';

const ok = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ success: true, data })));

/** The server as the table sees it: one running mapping (11) and its position. */
function stubServer() {
  vi.stubGlobal('fetch', (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/strategies/user-mappings') return ok([mappingFixture()]);
    if (path === '/api/positions') return ok(replyFixture([positionFixture()]));
    return Promise.resolve(new Response(JSON.stringify({ success: false, error: 'Not found' }), { status: 404 }));
  });
}

function renderTable() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfirmProvider>
        <ActiveStrategiesTable scope="mine" />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return client;
}

describe('ActiveStrategiesTable with positions', () => {
  beforeEach(stubServer);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows each row's net P&L and today's strip, both moving with positions_updated", async () => {
    const client = renderTable();
    const pnl = await screen.findByTestId('strategy-net-pnl');
    expect(pnl.textContent).toBe('−₹218.90');
    expect(pnl.className).toBe('pnl pnl-down');
    const strip = screen.getByLabelText("Today's P&L");
    expect(within(strip).getAllByRole('definition').at(-1)?.textContent).toBe('−₹218.90');

    act(() => {
      patchPositionInCache(client, positionFixture({ ...figures(100, 500, 81.4), today: figures(100, 500, 81.4) }), 3);
    });
    // The query cache tells its observers on the next tick.
    await waitFor(() => expect(screen.getByTestId('strategy-net-pnl').textContent).toBe('+₹518.60'));
    expect(within(strip).getAllByRole('definition').at(-1)?.textContent).toBe('+₹518.60');
  });

  it('expands a row into its legs and collapses it again', async () => {
    renderTable();
    const toggle = await screen.findByRole('button', { name: 'Legs' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const detail = screen.getByTestId('position-detail-11');
    expect(toggle.getAttribute('aria-controls')).toBe(detail.id);
    expect(within(detail).getAllByTestId('position-leg')).toHaveLength(2);
    fireEvent.click(toggle);
    expect(screen.queryByTestId('position-detail-11')).toBeNull();
  });
});

describe('ActiveStrategiesTable: LIVE Start, order and the stopped service (issue 27)', () => {
  const stopped = mappingFixture({
    id: 21,
    is_dummy: 0,
    running_status: 0,
    ce_count: 1,
    pe_count: 2,
    max_loss: 5000,
    status_detail: 'Stopped: press Start to trade',
    available_actions: ['start'],
  });
  const paused = mappingFixture({
    id: 22,
    running_status: 2,
    broker_username: 'PA0001',
    available_actions: ['resume'],
  });
  const running = mappingFixture({ id: 23, running_status: 1, broker_username: 'RU0001' });
  let puts: string[] = [];
  let isServiceRunning = true;

  beforeEach(() => {
    puts = [];
    isServiceRunning = true;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/strategies/user-mappings') return ok([stopped, paused, running]);
      if (path === '/api/positions') return ok(replyFixture([]));
      if (path === '/api/rdx/status') return ok({ isRunning: isServiceRunning });
      if (path === '/api/strategies/user-mappings/21/rdx-config') {
        return ok({
          id: 1,
          user_strategy_mapping_id: 21,
          rdx_lot_count: 2,
          atm_value: 0,
          offset_value: 100,
          interval: '5m',
          atm_last_updated: null,
          created_at: '2025-01-01T00:00:00.000Z',
          updated_at: '2025-01-01T00:00:00.000Z',
        });
      }
      if (path === '/api/strategies/user-mappings/21/toggle-status' && init?.method === 'PUT') {
        puts.push(init.body as string);
        const strategy = {
          ...stopped,
          running_status: 1,
          status_detail: 'Waiting for the 5m candle closing at 10:35 IST to enter',
          available_actions: ['pause', 'exit'],
        };
        return ok({ strategy });
      }
      return Promise.resolve(new Response(JSON.stringify({ success: false, error: 'Not found' }), { status: 404 }));
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const rowIds = () => screen.getAllByTestId(/^active-strategy-/).map((r) => r.getAttribute('data-testid'));

  it('lists running strategies first, then paused, then stopped', async () => {
    renderTable();
    await screen.findByTestId('active-strategy-21');
    expect(rowIds()).toEqual(['active-strategy-23', 'active-strategy-22', 'active-strategy-21']);
  });

  it('asks before a LIVE Start with its specifics; Cancel sends nothing, Start LIVE starts it and says so', async () => {
    renderTable();
    const row = await screen.findByTestId('active-strategy-21');
    fireEvent.click(within(row).getByRole('button', { name: 'Start' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Start this LIVE strategy?');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Account: AB1234',
      'Instrument: NIFTY 50',
      'CE: 1 × 2 lots × lot size 65 = 130',
      'PE: 2 × 2 lots × lot size 65 = 260',
      'Interval: 5m',
      'Window: Always On',
      'Limits: Max loss ₹5,000.00',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(puts).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: 'Start' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start LIVE' }));
    await waitFor(() => expect(puts).toEqual([JSON.stringify({ running_status: 1 })]));
    expect(
      await screen.findByText(
        'Started RDX on NIFTY 50 (LIVE · AB1234). Waiting for the 5m candle closing at 10:35 IST to enter',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(within(row).getByTestId('strategy-status').textContent).toBe('RUNNING'));
  });

  it('shows running rows as held while the RDX service is stopped', async () => {
    isServiceRunning = false;
    renderTable();
    const row = await screen.findByTestId('active-strategy-23');
    await waitFor(() =>
      expect(within(row).getByTestId('strategy-status-badge').textContent).toBe('RUNNING · service stopped'),
    );
  });
});
