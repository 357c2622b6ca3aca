import type { LiveSyncStatus } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveSyncPanel } from './LiveSyncPanel';

const RUNNING: LiveSyncStatus = {
  isRunning: true,
  connectedSources: ['binance'],
  activeSubscriptions: ['kite:256265:1m'],
  haltedSources: [],
};
// Read only when the panel renders, after this module has run.
let mockStatus: LiveSyncStatus = RUNNING;
vi.mock('./useLiveSync', () => ({
  useLiveSync: () => ({
    status: mockStatus,
    checkedAt: 0,
    start: { isPending: false, mutateAsync: vi.fn() },
    stop: { isPending: false, mutateAsync: vi.fn() },
    historical: { isPending: false, mutateAsync: vi.fn() },
  }),
}));

function renderPanel() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LiveSyncPanel configs={[]} notify={vi.fn()} />
    </QueryClientProvider>,
  );
}

describe('LiveSyncPanel', () => {
  afterEach(cleanup);

  it('says nothing more while every stream runs', () => {
    renderPanel();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says which stream stopped for good, and why', () => {
    mockStatus = {
      ...RUNNING,
      haltedSources: [
        { source: 'kite', reason: 'Kite refused the access token (it expires at 06:00 IST): generate a new one' },
      ],
    };
    renderPanel();
    expect(screen.getByRole('alert').textContent).toBe(
      'Kite stream stopped: Kite refused the access token (it expires at 06:00 IST): generate a new one',
    );
  });

  it("says a stream stopped live sync left open is the running strategies'", () => {
    mockStatus = { isRunning: false, connectedSources: ['kite'], activeSubscriptions: [], haltedSources: [] };
    renderPanel();
    expect(screen.getByTestId('live-sync-status').textContent).toContain(
      'Connected sources: kite (for running strategies)',
    );
  });
});
