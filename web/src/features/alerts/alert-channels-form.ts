import {
  UpdateAlertChannelsSchema,
  type AlertChannels,
  type ChannelDelivery,
  type TestAlertReply,
  type UpdateAlertChannels,
} from '@app/contract';
import { formatDateTimeIst } from '../../lib/format';

/** The Alert Channels form as typed. Secrets are never shown back: empty means "keep the saved one". */
export interface AlertChannelsValues {
  botToken: string;
  chatId: string;
  webhookUrl: string;
  webhookSecret: string;
}

export function channelsValues(saved: AlertChannels | undefined): AlertChannelsValues {
  return {
    botToken: '',
    chatId: saved?.telegram_chat_id ?? '',
    webhookUrl: saved?.webhook_url ?? '',
    webhookSecret: '',
  };
}

/**
 * The PUT body: a secret left empty is left out (kept); the chat id and the URL are sent as typed, so
 * emptying them clears them. Checked with the contract's schema, so its messages show before any call.
 */
export function parseAlertChannels(
  v: AlertChannelsValues,
): { ok: true; body: UpdateAlertChannels } | { ok: false; error: string } {
  const body: UpdateAlertChannels = {
    telegram_chat_id: v.chatId,
    webhook_url: v.webhookUrl,
    ...(v.botToken.trim() ? { telegram_bot_token: v.botToken.trim() } : {}),
    ...(v.webhookSecret ? { webhook_secret: v.webhookSecret } : {}),
  };
  const parsed = UpdateAlertChannelsSchema.safeParse(body);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid alert channels' };
  return { ok: true, body };
}

export const REMOVE_TELEGRAM: UpdateAlertChannels = { telegram_bot_token: null, telegram_chat_id: null };
export const REMOVE_WEBHOOK: UpdateAlertChannels = { webhook_url: null, webhook_secret: null };

/**
 * How the newest alert on a channel went, in a sentence, or null when none was sent: a trader whose chat
 * id is wrong learns it here instead of waiting for alerts that never come.
 */
export function deliveryText(channel: 'Telegram' | 'Webhook', d: ChannelDelivery | null): string | null {
  if (!d) return null;
  const at = formatDateTimeIst(d.at);
  const why = d.error ? ` (${d.error})` : '';
  if (d.status === 'delivered') return `${channel}: last alert delivered ${at}`;
  if (d.status === 'failed') {
    const tries = d.attempts === 1 ? '1 try' : `${d.attempts} tries`;
    return `${channel}: last alert not delivered after ${tries}${why}; check the settings and send a test alert`;
  }
  if (d.attempts === 0) return `${channel}: last alert waiting to be sent`;
  return `${channel}: last alert not delivered yet${why}; trying again ${at}`;
}

/** Whether an alert is still on its way on some channel. */
export function isAnyPending(channels: AlertChannels | undefined): boolean {
  if (!channels) return false;
  return [channels.last_delivery.telegram, channels.last_delivery.webhook].some((d) => d?.status === 'pending');
}

const CHANNEL_NAMES = { telegram: 'Telegram', webhook: 'Webhook' } as const;

/**
 * What the test alert's reply tells the trader: the bell got it, and each channel's real outcome, one line
 * each. A channel that did not take it makes the whole message an error, so "sent" never hides a failure.
 */
export function testAlertReport(reply: TestAlertReply): { kind: 'success' | 'error'; text: string; details: string[] } {
  const details = reply.channels.map(({ channel, status, error }) => {
    const name = CHANNEL_NAMES[channel];
    const why = error ? ` (${error})` : '';
    if (status === 'delivered') return `${name}: delivered`;
    if (status === 'pending') return `${name}: not delivered yet${why}; it will be tried again`;
    return `${name}: not delivered${why}; check the settings`;
  });
  const isAllDelivered = reply.channels.every((c) => c.status === 'delivered');
  if (reply.channels.length === 0) return { kind: 'success', text: 'Test alert sent to the bell', details };
  return isAllDelivered
    ? { kind: 'success', text: 'Test alert sent to the bell and delivered on every channel', details }
    : { kind: 'error', text: 'Test alert sent to the bell, but not every channel took it', details };
}
