import type { Holiday } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/ConfirmDialog';
import { holidayDateLabel } from './holiday-display';
import { HolidaysTab } from './HolidaysTab';

const GURPURB: Holiday = {
  id: 1,
  exchange: 'NSE',
  date: '2026-11-24',
  description: 'Prakash Gurpurb Sri Guru Nanak Dev',
  source: 'NSE circular NSE/CMTR/71775: Trading holidays for the calendar year 2026',
};

const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

/** A calendar server in memory: lists, adds (409 on a listed day) and deletes, recording what was sent. */
function serve(initial: Holiday[]) {
  let holidays = [...initial];
  let nextId = 100;
  const sent: Array<{ method: string; url: string; body?: unknown }> = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(init.body as string) as { date: string; description: string }) : undefined;
    sent.push({ method, url, body });
    if (method === 'GET') return reply(200, { success: true, data: { holidays } });
    if (method === 'POST' && body) {
      if (holidays.some((h) => h.date === body.date)) {
        const error = `${body.date} is already in the NSE holiday calendar`;
        return reply(409, { success: false, error, code: 'CONFLICT' });
      }
      const made: Holiday = { id: ++nextId, exchange: 'NSE', source: 'Added in the console by admin', ...body };
      holidays = [...holidays, made].sort((a, b) => a.date.localeCompare(b.date));
      return reply(201, { success: true, data: made, message: 'Holiday added' });
    }
    const id = Number(url.split('/').pop());
    holidays = holidays.filter((h) => h.id !== id);
    return reply(200, { success: true, data: { id }, message: 'Holiday deleted' });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfirmProvider>
        <HolidaysTab />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return sent;
}

const form = () => screen.getByRole('form', { name: 'Add Holiday' });
const field = (label: string) => within(form()).getByLabelText<HTMLInputElement>(label);
function addHoliday(date: string, description: string) {
  fireEvent.change(field('Date'), { target: { value: date } });
  fireEvent.change(field('Description'), { target: { value: description } });
  fireEvent.click(within(form()).getByRole('button', { name: 'Add Holiday' }));
}

describe('HolidaysTab: the admin keeps the NSE holiday calendar', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists each day with its weekday, description and source', async () => {
    serve([GURPURB]);
    const row = await screen.findByTestId('holiday-row-2026-11-24');
    expect(row.textContent).toContain('Tue 24 Nov 2026');
    expect(row.textContent).toContain('Prakash Gurpurb Sri Guru Nanak Dev');
    expect(row.textContent).toContain('NSE/CMTR/71775');
  });

  it('adds a day, says so, lists it and empties the form', async () => {
    const sent = serve([GURPURB]);
    await screen.findByTestId('holiday-row-2026-11-24');
    addHoliday('2027-01-26', '  Republic Day ');
    expect((await screen.findByRole('status')).textContent).toContain('Holiday added');
    expect((await screen.findByTestId('holiday-row-2027-01-26')).textContent).toContain('Republic Day');
    expect(sent.find((s) => s.method === 'POST')).toMatchObject({
      url: '/api/calendar/holidays',
      body: { date: '2027-01-26', description: 'Republic Day' },
    });
    await waitFor(() => expect(field('Description').value).toBe(''));
  });

  it("shows the server's message when the day is already listed, and keeps what was typed", async () => {
    serve([GURPURB]);
    await screen.findByTestId('holiday-row-2026-11-24');
    addHoliday('2026-11-24', 'Again');
    expect((await screen.findByRole('alert')).textContent).toContain(
      '2026-11-24 is already in the NSE holiday calendar',
    );
    expect(field('Description').value).toBe('Again');
    // Correcting the input clears the stale error.
    fireEvent.change(field('Date'), { target: { value: '2026-11-25' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('deletes a day only once the admin confirms', async () => {
    const sent = serve([GURPURB]);
    const row = await screen.findByTestId('holiday-row-2026-11-24');
    const question = 'Are you sure you want to delete this holiday? Strategies will trade on that day.';

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: question });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('holiday-row-2026-11-24')).toBeNull());
    expect(sent.find((s) => s.method === 'DELETE')?.url).toBe('/api/calendar/holidays/1');
    expect((await screen.findByRole('status')).textContent).toContain('Holiday deleted');
    expect(screen.getByText('No holidays in the calendar.')).toBeTruthy();
  });
});

describe('holidayDateLabel', () => {
  it('reads the day itself, whatever the browser zone', () => {
    expect(holidayDateLabel('2026-11-24')).toBe('Tue 24 Nov 2026');
    expect(holidayDateLabel('2025-02-26')).toBe('Wed 26 Feb 2025');
    expect(holidayDateLabel('nonsense')).toBe('nonsense');
  });
});
