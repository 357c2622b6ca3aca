import { api } from '@app/contract';
import { useState } from 'react';
import { ApiError, errorMessageFrom, messageOf } from '../../api/client';
import { clearSession, getToken } from '../../api/session';
import { useSingleFlight } from '../../lib/useSingleFlight';

const FAILED_DOWNLOAD = 'Failed to download transactions';
/** Long enough for the browser to have taken the blob into its download, short enough not to hold it. */
const REVOKE_AFTER_MS = 10_000;

/** The name the server gives the file (`transactions-2026-11-23.csv`), or a plain one if it gives none. */
export function filenameFrom(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'transactions.csv';
}

/**
 * Fetches the trade book CSV with the session's bearer token (a plain link cannot send one) and saves it
 * through a Blob URL on a `download` link, revoked afterwards.
 */
export async function downloadTransactionsCsv(): Promise<void> {
  const token = getToken();
  const res = await fetch(`/api${api.transactions.exportCsv.path}`, {
    headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    if (res.status === 401 || res.status === 403) clearSession();
    const code = body && typeof body === 'object' && 'code' in body ? String(body.code) : undefined;
    throw new ApiError(errorMessageFrom(res.status, res.statusText, body), res.status, code);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filenameFrom(res.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** 'Download CSV': the whole trade book, oldest first (the user's own; every user's for an admin). */
export function TransactionsCsvDownload({ onError }: { onError: (message: string) => void }) {
  const [isBusy, setBusy] = useState(false);
  const once = useSingleFlight();

  function download() {
    once(async () => {
      setBusy(true);
      try {
        await downloadTransactionsCsv();
      } catch (err) {
        onError(messageOf(err, FAILED_DOWNLOAD));
      } finally {
        setBusy(false);
      }
    });
  }

  return (
    <button type="button" onClick={download} disabled={isBusy} aria-busy={isBusy}>
      {isBusy ? 'Downloading...' : 'Download CSV'}
    </button>
  );
}
