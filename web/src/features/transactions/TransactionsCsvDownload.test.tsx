import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filenameFrom } from '../../api/download-csv';
import { downloadTransactionsCsv, TransactionsCsvDownload } from './TransactionsCsvDownload';

const CSV = 'date,trading_symbol\r\n2026-11-23 09:15:00 IST,NIFTY25D0924500CE\r\n';

describe('TransactionsCsvDownload', () => {
  let clicked: Array<{ href: string; download: string }>;
  let revoked: string[];
  let requests: Array<{ url: string; init: RequestInit | undefined }>;

  function reply(response: Response) {
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      requests.push({ url, init });
      return Promise.resolve(response);
    });
  }

  beforeEach(() => {
    clicked = [];
    revoked = [];
    requests = [];
    localStorage.setItem('token', 'tok-123');
    // jsdom has no object URLs and does not navigate: record what a browser would do instead.
    URL.createObjectURL = () => 'blob:csv-1';
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    localStorage.clear();
  });

  it('fetches the CSV with the bearer token and saves it under the server’s name, then frees the blob', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    reply(
      new Response(CSV, {
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="transactions-2026-11-23.csv"',
        },
      }),
    );

    await downloadTransactionsCsv();

    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/api/transactions/export.csv');
    expect(requests[0]?.init?.headers).toMatchObject({ authorization: 'Bearer tok-123' });
    expect(clicked).toEqual([{ href: 'blob:csv-1', download: 'transactions-2026-11-23.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoked).toEqual([]);
    vi.runAllTimers();
    expect(revoked).toEqual(['blob:csv-1']);
  });

  it('shows the server’s message when the export fails, and the button comes back', async () => {
    reply(
      new Response(JSON.stringify({ success: false, error: 'Database is busy', code: 'UNAVAILABLE' }), { status: 503 }),
    );
    const errors: string[] = [];
    render(<TransactionsCsvDownload onError={(text) => errors.push(text)} />);

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(errors).toEqual(['Database is busy']));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download CSV' }).hasAttribute('disabled')).toBe(false),
    );
    expect(clicked).toEqual([]);
  });

  it('falls back to its own words when the failure says nothing useful', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const errors: string[] = [];
    render(<TransactionsCsvDownload onError={(text) => errors.push(text)} />);

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(errors).toEqual(['Failed to download transactions']));
  });

  it('reads the filename from Content-Disposition, with a plain name when there is none', () => {
    expect(filenameFrom('attachment; filename="transactions-2026-11-23.csv"', 'transactions.csv')).toBe(
      'transactions-2026-11-23.csv',
    );
    expect(filenameFrom(null, 'transactions.csv')).toBe('transactions.csv');
  });
});
