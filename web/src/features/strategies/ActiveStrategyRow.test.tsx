import type { Mapping } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rdxConfigKeys } from '../rdx/rdx-config-keys';
import { ActiveStrategyRow } from './ActiveStrategyRow';
import type { StrategyAction } from './useStrategyActions';

const mapping: Mapping = {
  id: 11,
  user_id: 3,
  strategy_id: 1,
  instrument_id: 1,
  user_broker_id: 4,
  is_active: 1,
  is_dummy: 1,
  ce_count: 1,
  pe_count: 2,
  start_time: null,
  end_time: null,
  running_status: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  strategy_name: 'RDX',
  strategy_description: 'Short strangle',
  instrument_name: 'NIFTY 50',
  instrument_ticker: 'NIFTY',
  broker_username: 'AB1234',
  user_username: 'trader1',
};

function reply(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

function renderRow(m: Mapping, pending?: StrategyAction, showUser = false) {
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

describe('ActiveStrategyRow', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', () =>
      reply(200, {
        success: true,
        data: {
          id: 1,
          user_strategy_mapping_id: 11,
          rdx_lot_count: 2,
          atm_value: 22500,
          offset_value: 100,
          interval: '15m',
          atm_last_updated: null,
          created_at: '2025-01-01T00:00:00.000Z',
          updated_at: '2025-01-01T00:00:00.000Z',
        },
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows DUMMY, Always On, RUNNING, Configure and Pause for a running RDX strategy', async () => {
    const { row, onAction, onConfigure } = renderRow(mapping);
    expect(within(row).getByText('DUMMY')).toBeTruthy();
    expect(within(row).getByText('Always On')).toBeTruthy();
    expect(within(row).getByTestId('strategy-status').textContent).toBe('RUNNING');
    expect(within(row).queryByRole('button', { name: 'View' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Resume' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Configure' }));
    expect(onConfigure).toHaveBeenCalledOnce();
    fireEvent.click(within(row).getByRole('button', { name: 'Pause' }));
    expect(onAction).toHaveBeenCalledWith('pause');
    // RDX data once its config has been read: CE = ATM + offset, PE = ATM − offset.
    const summary = await within(row).findByTestId('rdx-summary');
    expect(Array.from(summary.children).map((c) => c.textContent)).toEqual([
      'Lots 2 · ATM 22500',
      'CE 22600 · PE 22400',
    ]);
  });

  it('shows LIVE, the window, PAUSED with Resume, and View for another strategy', () => {
    const { row, onView } = renderRow({
      ...mapping,
      strategy_name: 'Other',
      is_dummy: 0,
      start_time: '09:30',
      end_time: '15:00',
      running_status: 2,
    });
    expect(within(row).getByText('LIVE')).toBeTruthy();
    expect(within(row).getByText('09:30 - 15:00')).toBeTruthy();
    expect(within(row).getByTestId('strategy-status').textContent).toBe('PAUSED');
    expect(within(row).queryByRole('button', { name: 'Configure' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Pause' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'View' }));
    expect(onView).toHaveBeenCalledOnce();
  });

  it('shows STOPPED with neither Pause nor Resume', () => {
    const { row } = renderRow({ ...mapping, running_status: 0 });
    expect(within(row).getByTestId('strategy-status').textContent).toBe('STOPPED');
    expect(within(row).queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Realign' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Exit' })).toBeTruthy();
  });

  it('shows the in-progress label and disables every button of the row meanwhile', () => {
    const { row } = renderRow(mapping, 'realign');
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
});
