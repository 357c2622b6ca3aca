import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/ConfirmDialog';
import { mappingFixture } from '../strategies/mapping-fixture';
import { KillSwitchBanner } from './KillSwitchBanner';
import { KillSwitchControl } from './KillSwitchControl';
import { engageConfirm, exitAllConfirm, killSwitchReach } from './kill-switch-query';

const ok = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ success: true, data })));
const ENGAGED = { engaged: true, engaged_at: '2026-11-23T05:12:00.000Z', engaged_by: 'admin' };
const RELEASED = { engaged: false, engaged_at: null, engaged_by: null };
const leg = {
  trading_symbol: 'NIFTY25N2024500CE',
  option_type: 'CE' as const,
  strike: 24500,
  expiry: '2026-11-24',
  quantity: 65,
};

/** The server as the screens see it; returns the POST bodies the kill switch received. */
function stubServer(state: typeof ENGAGED | typeof RELEASED) {
  const posted: unknown[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/risk/kill-switch' && init?.method === 'POST') {
      posted.push(JSON.parse(init.body as string));
      return ok({ ...ENGAGED, stopped_strategies: 2, closed_legs: 3 });
    }
    if (path === '/api/risk/kill-switch') return ok(state);
    if (path === '/api/strategies/admin/all-user-mappings') {
      return ok([
        mappingFixture({ id: 1, open_legs: [leg, leg] }),
        mappingFixture({ id: 2, running_status: 2, open_legs: [leg] }),
        mappingFixture({ id: 3, running_status: 0 }),
      ]);
    }
    return Promise.resolve(new Response(JSON.stringify({ success: false, error: 'Not found' }), { status: 404 }));
  });
  return posted;
}

function renderWith(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfirmProvider>{ui}</ConfirmProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('KillSwitchBanner', () => {
  it('tells every user the switch is engaged and since when', async () => {
    stubServer(ENGAGED);
    renderWith(<KillSwitchBanner />);
    expect((await screen.findByTestId('kill-switch-banner')).textContent).toBe(
      'Kill switch engaged at 10:42 IST: every strategy was stopped and no strategy can start until an admin releases it.',
    );
  });

  it('shows nothing while released', async () => {
    stubServer(RELEASED);
    // The control beside it shows the same read answered, so the banner had its chance to appear.
    renderWith(
      <>
        <KillSwitchBanner />
        <KillSwitchControl />
      </>,
    );
    await screen.findByText('Released');
    expect(screen.queryByTestId('kill-switch-banner')).toBeNull();
  });
});

describe('KillSwitchControl', () => {
  it('engages only after a confirm naming the strategies and open legs it closes', async () => {
    const posted = stubServer(RELEASED);
    renderWith(<KillSwitchControl />);
    const button = await screen.findByRole('button', { name: 'Engage Kill Switch' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(button);
    const dialog = screen.getByRole('alertdialog', { name: 'Engage the kill switch?' });
    expect(dialog.textContent).toContain('stops 2 strategies');
    expect(dialog.textContent).toContain('closes 3 open legs');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posted).toEqual([]);

    fireEvent.click(button);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Engage Kill Switch' }));
    await screen.findByText('Kill switch engaged: 2 strategies stopped, 3 open legs closed');
    expect(posted).toEqual([{ engaged: true }]);
    expect(await screen.findByRole('button', { name: 'Release Kill Switch' })).toBeTruthy();
  });

  it('asks once on a double click, and engages once', async () => {
    const posted = stubServer(RELEASED);
    const native = vi.spyOn(window, 'confirm');
    renderWith(<KillSwitchControl />);
    const button = await screen.findByRole('button', { name: 'Engage Kill Switch' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(button);
    fireEvent.click(button);
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Engage Kill Switch' }));
    await screen.findByText('Kill switch engaged: 2 strategies stopped, 3 open legs closed');
    expect(posted).toEqual([{ engaged: true }]);
    expect(native).not.toHaveBeenCalled();
  });

  it('says who engaged it and when', async () => {
    stubServer(ENGAGED);
    renderWith(<KillSwitchControl />);
    await waitFor(() =>
      expect(screen.getByTestId('kill-switch-state').textContent).toBe('Engaged since 10:42 IST by admin'),
    );
  });
});

describe('confirm texts', () => {
  it('count running and paused strategies and every open leg', () => {
    const reach = killSwitchReach([
      mappingFixture({ open_legs: [leg] }),
      mappingFixture({ running_status: 0, open_legs: [leg] }),
    ]);
    expect(reach).toEqual({ strategies: 1, legs: 2 });
    const engage = engageConfirm(reach);
    expect(engage.title).toBe('Engage the kill switch?');
    expect(engage.text).toMatch(/^This stops 1 strategy .* closes 2 open legs, DUMMY and LIVE\./);
    expect(exitAllConfirm(3)).toMatchObject({
      title: 'Exit all?',
      text: 'This stops 3 strategies and squares off every open leg.',
    });
  });
});
