import { createHmac } from 'node:crypto';
import type { Alert } from '@app/contract';

/** The wait after the first failed attempt; each later failure doubles it, up to MAX_BACKOFF_MS. */
export const BASE_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 30 * 60_000;
/** Attempts before a delivery is given up (about an hour and a half of retrying). */
export const MAX_ATTEMPTS = 8;
/** Telegram refuses longer messages. */
export const TELEGRAM_MAX_CHARS = 4096;

/** How long to wait after the `attempts`-th failed attempt (1-based). */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * A refusal that no retry will change: the receiver does not know the bot, the chat or the path.
 * Timeouts, throttling and server errors are worth another try.
 */
export function isPermanentFailure(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 425 && status !== 429;
}

/** `status`: the receiver's HTTP status, null when it never answered; `isPermanent`: no retry can help. */
export type DeliveryOutcome = { ok: true } | { ok: false; error: string; status: number | null; isPermanent?: boolean };

export interface DeliveryStep {
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: number;
  deliveredAt: number | null;
  lastError: string | null;
}

/** Where a delivery goes after an attempt made at `now`: delivered, retried later, or given up. */
export function afterAttempt(previousAttempts: number, outcome: DeliveryOutcome, now: number): DeliveryStep {
  const attempts = previousAttempts + 1;
  if (outcome.ok) return { status: 'delivered', attempts, nextAttemptAt: now, deliveredAt: now, lastError: null };
  const lastError = outcome.error.slice(0, 300);
  const givesUp =
    attempts >= MAX_ATTEMPTS ||
    outcome.isPermanent === true ||
    (outcome.status !== null && isPermanentFailure(outcome.status));
  if (givesUp) return { status: 'failed', attempts, nextAttemptAt: now, deliveredAt: null, lastError };
  return { status: 'pending', attempts, nextAttemptAt: now + backoffMs(attempts), deliveredAt: null, lastError };
}

/** `sha256=<hex>`: HMAC-SHA256 of the exact body bytes sent, keyed by the user's webhook secret. */
export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** The webhook's JSON: the alert, and the delivery's id so a receiver can drop a retried duplicate. */
export function webhookBody(deliveryId: number, alert: Alert): string {
  return JSON.stringify({ delivery_id: deliveryId, alert });
}

/** Telegram's message: the title, a blank line, the body; cut to Telegram's limit. */
export function telegramText(alert: Pick<Alert, 'title' | 'body'>): string {
  const text = `${alert.title}\n\n${alert.body}`;
  return text.length <= TELEGRAM_MAX_CHARS ? text : `${text.slice(0, TELEGRAM_MAX_CHARS - 1)}…`;
}
