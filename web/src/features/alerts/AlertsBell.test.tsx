import type { Alert } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertsBell } from './AlertsBell';
import { bellLabel, unreadBadge } from './alerts-query';

const ok = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ success: true, data })));
const alert = (id: number, overrides: Partial<Alert> = {}): Alert => ({
  id,
  kind: 'strategy_stopped',
  title: `Strategy stopped: Max Loss reached (${id})`,
  body: 'RDX on NIFTY 50 (paper) stopped at Mon 23 Nov, 10:42 IST because the day’s loss reached its Max Loss.',
  created_at: '2026-11-23T05:12:00.000Z',
  read_at: null,
  user_strategy_mapping_id: 4,
  user_broker_id: null,
  ...overrides,
});

/** The server as the bell sees it: two unread alerts and one read; returns the mark-read bodies. */
function stubServer() {
  let alerts = [alert(3), alert(2), alert(1, { read_at: '2026-11-23T05:00:00.000Z' })];
  const posted: unknown[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/alerts/read' && init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as { ids?: number[]; all?: boolean };
      posted.push(body);
      alerts = alerts.map((a) =>
        body.all || body.ids?.includes(a.id) ? { ...a, read_at: '2026-11-23T06:00:00Z' } : a,
      );
      return ok({ unread: alerts.filter((a) => a.read_at === null).length });
    }
    if (path === '/api/alerts') {
      return ok({ alerts, total: alerts.length, unread: alerts.filter((a) => a.read_at === null).length });
    }
    return Promise.resolve(new Response(JSON.stringify({ success: false, error: 'Not found' }), { status: 404 }));
  });
  return posted;
}

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AlertsBell />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AlertsBell', () => {
  it('shows the unread count on a bell named Notifications, and the alerts when opened', async () => {
    stubServer();
    renderBell();
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect((await screen.findByTestId('alerts-unread')).textContent).toBe('2');
    expect(bell.getAttribute('title')).toBe('Notifications (2 unread)');
    expect(bell.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(bell);
    const panel = screen.getByRole('region', { name: 'Alerts' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    expect(within(panel).getByText('Strategy stopped: Max Loss reached (3)')).toBeTruthy();
    // The time is India's, as everywhere on the console.
    expect(within(panel).getAllByText('23 Nov, 10:42')).toHaveLength(3);
    // Only the unread ones offer "Mark read".
    expect(within(panel).getAllByRole('button', { name: /^Mark read:/ })).toHaveLength(2);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Alerts' })).toBeNull();
  });

  it('marks one alert read, then all, and the badge follows', async () => {
    const posted = stubServer();
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark read: Strategy stopped: Max Loss reached (3)' }));
    await waitFor(() => expect(screen.getByTestId('alerts-unread').textContent).toBe('1'));
    expect(screen.queryByRole('button', { name: 'Mark read: Strategy stopped: Max Loss reached (3)' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByTestId('alerts-unread')).toBeNull());
    expect(posted).toEqual([{ ids: [3] }, { all: true }]);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Mark all read' }).disabled).toBe(true);
  });

  it('says when there is nothing yet', async () => {
    vi.stubGlobal('fetch', () => ok({ alerts: [], total: 0, unread: 0 }));
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No alerts yet.')).toBeTruthy();
    expect(screen.queryByTestId('alerts-unread')).toBeNull();
  });
});

describe('bell texts', () => {
  it('caps the badge and names the count for screen readers', () => {
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(150)).toBe('99+');
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications (3 unread)');
  });
});
