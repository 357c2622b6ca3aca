import type { Alert } from '@app/contract';
import { fetchWithTimeout } from '../../platform/outbound.js';
import type { IsOwnEndpoint } from '../../platform/own-endpoint.js';
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

/**
 * Telegram's refusal in a trader's words, by its status (Telegram's own text is English for developers).
 * Telegram's address is the operator's, not the trader's, so saying which refusal it was tells nothing new.
 */
export function telegramRefusal(status: number): string {
  if (status === 400) return 'Telegram did not find the chat: check the Chat ID';
  if (status === 401 || status === 404) return 'Telegram did not accept the Bot Token: check it';
  if (status === 403) return 'The bot may not write to this chat: start a chat with the bot (or add it to the group)';
  if (status === 429) return 'Telegram asked to slow down';
  if (status >= 500) return `Telegram is having trouble (HTTP ${status})`;
  return `Telegram did not take the message (HTTP ${status})`;
}

/**
 * A webhook's answer as the trader is told it: its class only. The URL is the trader's, so anything more (the
 * exact status, the receiver's words, how the connection failed) would tell them what answered inside a
 * network they may be probing.
 */
export function webhookOutcome(status: number): DeliveryOutcome {
  if (status >= 200 && status < 300) return { ok: true };
  if (status >= 300 && status < 400) {
    // Asking again gets the same redirect: the trader has to enter the URL it points to.
    const error = 'The webhook redirected it (HTTP 3xx), and redirects are not followed: enter the final URL';
    return { ok: false, status, error, isPermanent: true };
  }
  if (status >= 400 && status < 500) return { ok: false, status, error: 'The webhook refused it (HTTP 4xx)' };
  return { ok: false, status, error: 'The webhook could not take it (HTTP 5xx)' };
}

/** Said when a receiver never answered (refused, reset, timed out, name unknown): which of these, it does not say. */
export const UNREACHABLE = {
  telegram: 'Telegram could not be reached',
  webhook: 'The webhook could not be reached',
} as const;

/**
 * Sends one delivery over HTTP (Telegram's Bot API, or the user's webhook) and says how it went, in a
 * trader's words: never a receiver's own text, never the bot token (part of Telegram's URL).
 */
export function createAlertSenders(deps: {
  secrets: SecretBox;
  telegramApiRoot: string;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may reach loopback and private networks (never link-local/metadata). */
  webhookAllowPrivate: boolean;
  /** This console's own listening socket: a webhook never calls the console's own API. */
  isOwnEndpoint?: IsOwnEndpoint | undefined;
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
    await res.body?.cancel();
    if (res.ok) return { ok: true };
    return { ok: false, status: res.status, error: telegramRefusal(res.status) };
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
      { timeoutMs, allowPrivate: deps.webhookAllowPrivate, isOwnEndpoint: deps.isOwnEndpoint },
    );
    return webhookOutcome(status);
  }

  return {
    async send(d: DueDelivery): Promise<DeliveryOutcome> {
      try {
        return await (d.channel === 'telegram' ? telegram(d) : webhook(d));
      } catch (err) {
        // Sending again cannot help: the address stays refused until the trader changes the URL.
        if (err instanceof DestinationRefusedError) return gone(`The webhook was not sent: ${err.message}`);
        return { ok: false, status: null, error: UNREACHABLE[d.channel] };
      }
    },
  };
}

export type AlertSenders = ReturnType<typeof createAlertSenders>;
