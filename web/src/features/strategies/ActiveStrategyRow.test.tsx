import type { Mapping } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rdxConfigKeys } from '../rdx/rdx-config-keys';
import { ActiveStrategyRow } from './ActiveStrategyRow';
import { mappingFixture } from './mapping-fixture';
import type { StrategyAction } from './useStrategyActions';

const mapping = mappingFixture();

function reply(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

function rdxConfig(atm: number) {
  return {
    id: 1,
    user_strategy_mapping_id: 11,
    rdx_lot_count: 2,
    atm_value: atm,
    offset_value: 100,
    interval: '15m',
    atm_last_updated: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  };
}

function renderRow(m: Mapping, pending?: StrategyAction, showUser = false, isServiceStopped = false) {
  const onAction = vi.fn();
  const onConfigure = vi.fn();
  const onView = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <table>
        <tbody>
          <ActiveStrategyRow
            mapping={m}
            showUser={showUser}
            isServiceStopped={isServiceStopped}
            pending={pending}
            onAction={onAction}
            onConfigure={onConfigure}
            onView={onView}
          />
        </tbody>
      </table>
    </QueryClientProvider>,
  );
  return { row: screen.getByTestId(`active-strategy-${m.id}`), client, onAction, onConfigure, onView };
}

const buttonNames = (row: HTMLElement) =>
  within(row)
    .getAllByRole('button')
    .map((b) => b.textContent);

/** The RDX summary's lines as read (non-breaking spaces read as spaces). */
const lines = (summary: HTMLElement) => Array.from(summary.children).map((c) => c.textContent?.replace(/\u00a0/g, ' '));

describe('ActiveStrategyRow', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', () => reply(200, { success: true, data: rdxConfig(22500) }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a running row as held, not trading, while the RDX service is stopped', () => {
    const { row } = renderRow(mapping, undefined, false, true);
    const badge = within(row).getByTestId('strategy-status-badge');
    expect(badge.textContent).toBe('RUNNING · service stopped');
    expect(badge.className).toBe('badge held');
    cleanup();
    const trading = renderRow(mapping).row;
    expect(within(trading).getByTestId('strategy-status-badge').className).toBe('badge running');
  });

  it('shows DUMMY, Always On, RUNNING with its reason, Configure and the offered actions', async () => {
    const { row, onAction, onConfigure } = renderRow(mapping);
    expect(within(row).getByText('DUMMY')).toBeTruthy();
    expect(within(row).getByText('Always On')).toBeTruthy();
    expect(within(row).getByTestId('strategy-status').textContent).toBe('RUNNING');
    expect(within(row).getByTestId('strategy-status-detail').textContent).toBe(mapping.status_detail);
    expect(buttonNames(row)).toEqual(['Configure', 'Pause', 'Realign', 'Exit']);
    fireEvent.click(within(row).getByRole('button', { name: 'Configure' }));
    expect(onConfigure).toHaveBeenCalledOnce();
    fireEvent.click(within(row).getByRole('button', { name: 'Pause' }));
    expect(onAction).toHaveBeenCalledWith('pause');
    // RDX data once its config has been read: CE = ATM + offset, PE = ATM − offset, Indian grouping.
    const summary = await within(row).findByTestId('rdx-summary');
    expect(lines(summary)).toEqual(['Lots 2 · 15m · ATM 22,500', 'CE 22,600 · PE 22,400']);
    // A narrow column breaks between the parts only: each label stays with its figure.
    expect(summary.children[0]?.textContent).toContain('ATM\u00a022,500');
  });

  it("sends a Multi-leg row's Configure to the Strategy Builder (not RDX's dialog) and lists its legs", async () => {
    const legs = mappingFixture({ id: 31, strategy_id: 3, strategy_name: 'Multi-leg' });
    vi.stubGlobal('fetch', (url: string) =>
      url === '/api/strategies/user-mappings/31/config'
        ? reply(200, {
            success: true,
            data: {
              strategy_type: 'legs',
              config: {
                legs: [
                  { option_type: 'CE', side: 'SELL', lots: 1, expiry: 'current_week', strike: { by: 'atm', steps: 2 } },
                ],
                entry: { kind: 'candle_close', interval: '5m' },
              },
            },
          })
        : reply(404, { success: false, error: 'no route', code: 'NOT_FOUND' }),
    );
    const onConfigure = vi.fn();
    function Builder() {
      return <p data-testid="builder">{useLocation().search}</p>;
    }
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route
              path="/home"
              element={
                <table>
                  <tbody>
                    <ActiveStrategyRow
                      mapping={legs}
                      showUser={false}
                      pending={undefined}
                      onAction={vi.fn()}
                      onConfigure={onConfigure}
                      onView={vi.fn()}
                      strategyTypeOf={(id) => (id === 3 ? 'legs' : 'rdx')}
                    />
                  </tbody>
                </table>
              }
            />
            <Route path="/strategy-builder" element={<Builder />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const row = screen.getByTestId('active-strategy-31');
    expect(lines(await within(row).findByTestId('legs-summary'))).toEqual([
      'SELL CE ATM+2 ×1 lot, current week',
      'Entry on the next 5m candle close · No exit time: held until expiry or Exit',
    ]);
    const configure = within(row).getByRole('link', { name: 'Configure' });
    expect(configure.getAttribute('href')).toBe('/strategy-builder?mapping=31');
    fireEvent.click(configure);
    expect((await screen.findByTestId('builder')).textContent).toBe('?mapping=31');
    expect(onConfigure).not.toHaveBeenCalled();
  });

  it('offers Settle Orders while orders Kite no longer lists wait on the trader', () => {
    const onSettleOrders = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <table>
          <tbody>
            <ActiveStrategyRow
              mapping={{ ...mapping, id: 16, orders_to_settle: 1 }}
              showUser={false}
              pending={undefined}
              onAction={vi.fn()}
              onConfigure={vi.fn()}
              onView={vi.fn()}
              onSettleOrders={onSettleOrders}
            />
          </tbody>
        </table>
      </QueryClientProvider>,
    );
    const row = screen.getByTestId('active-strategy-16');
    expect(buttonNames(row)).toEqual(['Configure', 'Settle Orders', 'Pause', 'Realign', 'Exit']);
    fireEvent.click(within(row).getByRole('button', { name: 'Settle Orders' }));
    expect(onSettleOrders).toHaveBeenCalledOnce();
    cleanup();
    expect(buttonNames(renderRow({ ...mapping, id: 17 }).row)).not.toContain('Settle Orders');
  });

  it('says the ATM is set at the first entry instead of showing strikes below it', async () => {
    vi.stubGlobal('fetch', () => reply(200, { success: true, data: rdxConfig(0) }));
    const { row } = renderRow({ ...mapping, id: 14 });
    const summary = await within(row).findByTestId('rdx-summary');
    expect(lines(summary)).toEqual(['Lots 2 · 15m · ATM set at first entry']);
  });

  it('offers Start on a stopped row only when the server lists it, and nothing it does not list', () => {
    const { row, onAction } = renderRow({
      ...mapping,
      running_status: 0,
      status_detail: 'Stopped: press Start to trade',
      available_actions: ['start'],
    });
    expect(within(row).getByTestId('strategy-status').textContent).toBe('STOPPED');
    expect(within(row).getByText('Stopped: press Start to trade')).toBeTruthy();
    expect(buttonNames(row)).toEqual(['Configure', 'Start']);
    fireEvent.click(within(row).getByRole('button', { name: 'Start' }));
    expect(onAction).toHaveBeenCalledWith('start');
    cleanup();
    const unconfigured = renderRow({ ...mapping, id: 15, running_status: 0, available_actions: [] });
    expect(buttonNames(unconfigured.row)).toEqual(['Configure']);
  });

  it('shows LIVE, the window, PAUSED with Resume, and View for another strategy', () => {
    const { row, onView } = renderRow({
      ...mapping,
      strategy_name: 'Other',
      is_dummy: 0,
      start_time: '09:30',
      end_time: '15:00',
      running_status: 2,
      available_actions: ['resume', 'exit'],
    });
    expect(within(row).getByText('LIVE')).toBeTruthy();
    expect(within(row).getByText('09:30 - 15:00')).toBeTruthy();
    expect(within(row).getByTestId('strategy-status').textContent).toBe('PAUSED');
    expect(buttonNames(row)).toEqual(['View', 'Resume', 'Exit']);
    fireEvent.click(within(row).getByRole('button', { name: 'View' }));
    expect(onView).toHaveBeenCalledOnce();
  });

  it('shows the in-progress label and disables every button of the row meanwhile', () => {
    // The running action keeps its button even when a refetch no longer lists it.
    const { row } = renderRow({ ...mapping, available_actions: ['pause', 'exit'] }, 'realign');
    expect(within(row).getByRole('button', { name: 'Realigning...' })).toBeTruthy();
    for (const button of within(row).getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows no RDX data when the config fetch fails', async () => {
    vi.stubGlobal('fetch', () => reply(500, { success: false, error: 'boom' }));
    const { row, client } = renderRow({ ...mapping, id: 12 });
    await waitFor(() => expect(client.getQueryState(rdxConfigKeys.detail(12))?.status).toBe('error'));
    expect(within(row).queryByTestId('rdx-summary')).toBeNull();
    expect(within(row).getByRole('button', { name: 'Configure' })).toBeTruthy();
  });

  it('adds the User column on the admin table', () => {
    const { row } = renderRow({ ...mapping, id: 13 }, undefined, true);
    expect(within(row).getAllByRole('cell')[0]?.textContent).toBe('trader1');
  });

  it('a strategy paused on a leg the broker no longer holds offers Match the broker, never Exit or Realign (issue 27)', () => {
    const onMatchBroker = vi.fn();
    const offer = {
      key: '4:NIFTY26D0124600CE:14',
      mappingId: 14,
      strategy: 'RDX on NIFTY 50',
      tradingSymbol: 'NIFTY26D0124600CE',
      quantity: 65,
      owner: 'trader1',
    };
    const paused = mappingFixture({
      id: 14,
      is_dummy: 0,
      running_status: 2,
      stop_reason: 'broker_drift',
      status_detail:
        'Paused: holding 2 legs, taking no action · paused at 10:42 IST: the broker no longer holds what the console ' +
        'counts (NIFTY26D0124600CE: console short 65, broker flat)',
      // The server lists none of Resume, Realign and Exit: each would trade on the leg nobody holds.
      available_actions: [],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <table>
          <tbody>
            <ActiveStrategyRow
              mapping={paused}
              showUser={false}
              pending={undefined}
              onAction={vi.fn()}
              onConfigure={vi.fn()}
              onView={vi.fn()}
              matchOffers={[offer]}
              onMatchBroker={onMatchBroker}
            />
          </tbody>
        </table>
      </QueryClientProvider>,
    );
    const row = screen.getByTestId('active-strategy-14');
    expect(buttonNames(row)).toEqual(['Configure', 'Match the broker']);
    expect(within(row).getByTestId('strategy-status-detail').textContent).toContain('the broker no longer holds');
    fireEvent.click(within(row).getByRole('button', { name: 'Match the broker' }));
    expect(onMatchBroker).toHaveBeenCalledWith(offer);
  });

  it('offers Signals and Check margin under the actions, only when given, and not while an action runs', () => {
    const onSignals = vi.fn();
    const onCheckMargin = vi.fn();
    const rowWith = (pending?: StrategyAction, withSignals = true) => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(
        <QueryClientProvider client={client}>
          <table>
            <tbody>
              <ActiveStrategyRow
                mapping={mapping}
                showUser={false}
                pending={pending}
                onAction={vi.fn()}
                onConfigure={vi.fn()}
                onView={vi.fn()}
                {...(withSignals ? { onSignals } : {})}
                onCheckMargin={onCheckMargin}
              />
            </tbody>
          </table>
        </QueryClientProvider>,
      );
      return screen.getByTestId(`active-strategy-${mapping.id}`);
    };
    const row = rowWith();
    // The state actions keep their own group: these tools change nothing.
    expect(within(within(row).getByTestId('strategy-actions')).queryByRole('button', { name: 'Signals…' })).toBeNull();
    const tools = within(row).getByTestId('strategy-tools');
    fireEvent.click(within(tools).getByRole('button', { name: 'Signals…' }));
    fireEvent.click(within(tools).getByRole('button', { name: 'Check margin' }));
    expect(onSignals).toHaveBeenCalledOnce();
    expect(onCheckMargin).toHaveBeenCalledOnce();
    cleanup();
    const busy = within(rowWith('pause')).getByTestId('strategy-tools');
    expect(
      within(busy)
        .getAllByRole('button')
        .map((b) => (b as HTMLButtonElement).disabled),
    ).toEqual([true, true]);
    cleanup();
    // Another user's row on the admin table: no signals (a secret acts as its owner), the margin still checked.
    const notMine = within(rowWith(undefined, false)).getByTestId('strategy-tools');
    expect(
      within(notMine)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Check margin']);
    cleanup();
    expect(within(renderRow(mapping).row).queryByTestId('strategy-tools')).toBeNull();
  });
});
