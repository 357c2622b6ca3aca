import type { AuditEntry } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditTab } from './AuditTab';
import { MyActivity } from './MyActivity';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-11-23T05:12:09.000Z',
  actor: 'asha',
  actor_user_id: 3,
  action: 'mapping.update',
  object_type: 'mapping',
  object_id: 12,
  owner_username: 'asha',
  changes: {},
  detail: null,
  ip: '10.0.0.7',
  hash: null,
  prev_hash: null,
  ...over,
});

const UPDATE = entry({
  id: 3,
  changes: { ce_count: { before: 1, after: 2 }, max_loss_paise: { before: null, after: 500000 } },
});
const STOP = entry({
  id: 2,
  actor: 'system',
  actor_user_id: null,
  action: 'mapping.auto_stop',
  detail: { reason: 'max_loss' },
  ip: null,
});
const RESET = entry({
  id: 1,
  actor: 'admin',
  actor_user_id: 1,
  action: 'user.update',
  object_type: 'user',
  object_id: 3,
  changes: { password: { before: '(hidden)', after: '(changed)' } },
});

/** The audit routes as the screens see them; returns the query strings each call sent. */
function serve(entries: AuditEntry[], total = entries.length) {
  const asked: Array<{ path: string; query: URLSearchParams }> = [];
  vi.stubGlobal('fetch', (url: string) => {
    const u = new URL(url, 'http://localhost');
    asked.push({ path: u.pathname, query: u.searchParams });
    const action = u.searchParams.get('action');
    const listed = action ? entries.filter((e) => e.action === action) : entries;
    const data = { entries: listed, total: action ? listed.length : total };
    return Promise.resolve(new Response(JSON.stringify({ success: true, data })));
  });
  return asked;
}

function renderWith(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AuditTab: the admin reads who did what', () => {
  it('shows each action with its author, object, changed fields and address', async () => {
    serve([UPDATE, STOP, RESET]);
    renderWith(<AuditTab />);
    const update = await screen.findByTestId('audit-row-3');
    expect(update.textContent).toContain('23 Nov 2026, 10:42:09 IST');
    expect(update.textContent).toContain('Strategy changed');
    expect(update.textContent).toContain('Strategy #12');
    expect(update.textContent).toContain('CE Count: 1 → 2');
    expect(update.textContent).toContain('Max Loss: — → ₹5,000.00');
    expect(update.textContent).toContain('10.0.0.7');

    const stop = screen.getByTestId('audit-row-2');
    expect(stop.textContent).toContain('system');
    expect(stop.textContent).toContain('Strategy stopped automatically');
    expect(stop.textContent).toContain('Reason: its Max Loss was reached');
    // Someone else acted on it: whose strategy it is, by name. The owner's own change needs no name.
    expect(stop.textContent).toContain('Strategy #12 · asha');
    expect(update.textContent).not.toContain('· asha');
    expect(screen.getByTestId('audit-row-1').textContent).toContain('Password: (hidden) → (changed)');
  });

  it('filters by action at once and by user on Filter, from the first page', async () => {
    const asked = serve([UPDATE, STOP, RESET]);
    renderWith(<AuditTab />);
    await screen.findByTestId('audit-row-3');
    const filters = screen.getByRole('form', { name: 'Audit filters' });

    fireEvent.change(within(filters).getByLabelText('Action'), { target: { value: 'mapping.auto_stop' } });
    await waitFor(() => expect(screen.queryByTestId('audit-row-3')).toBeNull());
    expect(screen.getByTestId('audit-row-2')).toBeTruthy();
    expect(asked.at(-1)?.query.get('action')).toBe('mapping.auto_stop');

    fireEvent.change(within(filters).getByLabelText('User'), { target: { value: ' system ' } });
    expect(asked.at(-1)?.query.get('user')).toBeNull();
    fireEvent.click(within(filters).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(asked.at(-1)?.query.get('user')).toBe('system'));
    expect(asked.at(-1)?.query.get('offset')).toBe('0');
  });

  it('pages through the log with limit and offset', async () => {
    const asked = serve([UPDATE, STOP], 60);
    renderWith(<AuditTab />);
    await screen.findByTestId('audit-row-3');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(asked.at(-1)?.query.get('offset')).toBe('25'));
    expect(asked.at(-1)?.query.get('limit')).toBe('25');
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
  });

  it('says when nothing matches', async () => {
    serve([UPDATE]);
    renderWith(<AuditTab />);
    await screen.findByTestId('audit-row-3');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'kill_switch.engage' } });
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
  });
});

describe('MyActivity: a user sees their own trail on Profile', () => {
  it("reads the caller's trail, with an admin's or the system's address not shown", async () => {
    const asked = serve([STOP, RESET]);
    renderWith(<MyActivity />);
    const reset = await screen.findByTestId('audit-row-1');
    expect(asked[0]?.path).toBe('/api/audit/mine');
    expect(reset.textContent).toContain('admin');
    expect(reset.textContent).toContain('User changed');
    expect(screen.getByTestId('audit-row-2').textContent).toContain('—');
  });

  it('says when nothing is on record yet', async () => {
    serve([]);
    renderWith(<MyActivity />);
    expect(await screen.findByText('Nothing recorded yet.')).toBeTruthy();
  });
});
