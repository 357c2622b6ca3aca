import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
      <ActiveStrategiesTable scope="mine" />
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
