import type { Alert } from '@app/contract';
import { fetchWithTimeout, NetworkError } from '../../platform/outbound.js';
import { DestinationRefusedError, postToUserUrl } from '../../platform/outbound-destinations.js';
import type { SecretBox } from '../../platform/secrets.js';
import { signWebhookBody, telegramText, webhookBody, type DeliveryOutcome } from './delivery.logic.js';

/** A receiver that has not answered by then is retried later: it must never hold up the queue. */
export const SEND_TIMEOUT_MS = 10_000;

/** One queued delivery with its alert and the owner's channel settings as they are now. */
export interface DueDelivery {
  id: number;
  channel: 'telegram' | 'webhook';
  alert: Alert;
  telegramBotTokenSealed: string | null;
  telegramChatId: string | null;
  webhookUrl: string | null;
  webhookSecretSealed: string | null;
}

const gone = (error: string): DeliveryOutcome => ({ ok: false, error, status: null, isPermanent: true });

/** Telegram's own reason (`{ ok: false, description }`), which never repeats the token. */
async function telegramReason(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { description?: unknown };
    return typeof body.description === 'string' ? `: ${body.description.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

/**
 * Sends one delivery over HTTP (Telegram's Bot API, or the user's webhook) and says how it went. Errors are
 * told by status and host only: the bot token is part of Telegram's URL and must never reach a log or a row.
 */
export function createAlertSenders(deps: {
  secrets: SecretBox;
  telegramApiRoot: string;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may reach loopback and private networks (never link-local/metadata). */
  webhookAllowPrivate: boolean;
  timeoutMs?: number;
}) {
  const timeoutMs = deps.timeoutMs ?? SEND_TIMEOUT_MS;
  const root = deps.telegramApiRoot.replace(/\/+$/, '');

  const unseal = (sealed: string): string | null => {
    try {
      return deps.secrets.decrypt(sealed);
    } catch {
      return null; // the secret key changed since it was saved
    }
  };

  async function post(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
    return fetchWithTimeout(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body },
      timeoutMs,
    );
  }

  async function telegram(d: DueDelivery): Promise<DeliveryOutcome> {
    if (!d.telegramBotTokenSealed || !d.telegramChatId) return gone('Telegram is no longer set up');
    const token = unseal(d.telegramBotTokenSealed);
    if (!token) return gone('The stored bot token cannot be read: enter it again on the Profile page');
    const res = await post(
      `${root}/bot${token}/sendMessage`,
      JSON.stringify({ chat_id: d.telegramChatId, text: telegramText(d.alert) }),
    );
    if (res.ok) return { ok: true };
    return { ok: false, status: res.status, error: `Telegram answered ${res.status}${await telegramReason(res)}` };
  }

  async function webhook(d: DueDelivery): Promise<DeliveryOutcome> {
    if (!d.webhookUrl || !d.webhookSecretSealed) return gone('The webhook is no longer set up');
    const secret = unseal(d.webhookSecretSealed);
    if (!secret) return gone('The stored webhook secret cannot be read: enter it again on the Profile page');
    const body = webhookBody(d.id, d.alert);
    // The trader's URL: connected to only at a public address (or a private one the operator allowed), and
    // a redirect is not followed (it counts as the answer).
    const status = await postToUserUrl(
      d.webhookUrl,
      body,
      { 'x-signature': signWebhookBody(body, secret) },
      { timeoutMs, allowPrivate: deps.webhookAllowPrivate },
    );
    if (status >= 200 && status < 300) return { ok: true };
    if (status >= 300 && status < 400) {
      // Asking again gets the same redirect: the trader has to enter the URL it points to.
      const error = `The webhook answered ${status}: redirects are not followed, enter the final URL`;
      return { ok: false, status, error, isPermanent: true };
    }
    return { ok: false, status, error: `The webhook answered ${status}` };
  }

  return {
    async send(d: DueDelivery): Promise<DeliveryOutcome> {
      try {
        return await (d.channel === 'telegram' ? telegram(d) : webhook(d));
      } catch (err) {
        // Sending again cannot help: the address stays refused until the trader changes the URL.
        if (err instanceof DestinationRefusedError) return gone(`The webhook was not sent: ${err.message}`);
        // fetchWithTimeout names the host only; anything else is reported without its text.
        const error = err instanceof NetworkError ? err.message : 'the request could not be sent';
        return { ok: false, status: null, error };
      }
    },
  };
}

export type AlertSenders = ReturnType<typeof createAlertSenders>;
