import { ApiError, errorMessageFrom } from './client';
import { clearSession, getToken } from './session';

/** Long enough for the browser to have taken the blob into its download, short enough not to hold it. */
const REVOKE_AFTER_MS = 10_000;

/** The name the server gives the file (`transactions-2026-11-23.csv`), or `fallback` if it gives none. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Fetches a CSV export (`path` below `/api`) with the session's bearer token (a plain link cannot send one)
 * and saves it through a Blob URL on a `download` link, revoked afterwards. A refusal comes in the API's JSON
 * envelope and is thrown as an ApiError, ending the session on 401/403 as every other call does.
 */
export function downloadCsv(path: string, fallbackName: string): Promise<void> {
  return downloadFile(path, fallbackName, 'text/csv');
}

/** As `downloadCsv`, for a file of any type (`accept`: what the caller wants, e.g. `application/pdf`). */
export async function downloadFile(path: string, fallbackName: string, accept: string): Promise<void> {
  const token = getToken();
  const res = await fetch(`/api${path}`, {
    headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
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
  link.download = filenameFrom(res.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
