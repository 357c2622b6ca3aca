import type { Alert, AlertChannels, ChannelDelivery } from '@app/contract';
import type { Selectable } from 'kysely';
import type { AlertChannelsTable, AlertDeliveriesTable, AlertsTable } from '../../db/schema.js';
import { iso, isoOrNull } from '../../platform/time.js';

type AlertFields = Pick<
  Selectable<AlertsTable>,
  'kind' | 'title' | 'body' | 'createdAt' | 'readAt' | 'mappingId' | 'userBrokerId'
> & { id: number };

export function toAlert(row: AlertFields): Alert {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    created_at: iso(row.createdAt),
    read_at: isoOrNull(row.readAt),
    user_strategy_mapping_id: row.mappingId,
    user_broker_id: row.userBrokerId,
  };
}

type ChannelFields = Pick<
  AlertChannelsTable,
  'telegramBotTokenSealed' | 'telegramChatId' | 'webhookUrl' | 'webhookSecretSealed'
>;

/** Which channels would carry an alert now: both halves of each set. */
export function activeChannels(row: ChannelFields | undefined): Array<'telegram' | 'webhook'> {
  if (!row) return [];
  const active: Array<'telegram' | 'webhook'> = [];
  if (row.telegramBotTokenSealed && row.telegramChatId) active.push('telegram');
  if (row.webhookUrl && row.webhookSecretSealed) active.push('webhook');
  return active;
}

export type DeliveryFields = Pick<
  Selectable<AlertDeliveriesTable>,
  'status' | 'attempts' | 'nextAttemptAt' | 'deliveredAt' | 'lastError'
>;

/** A channel's newest delivery: when it was delivered, or when it is tried next or was given up. */
export function toChannelDelivery(row: DeliveryFields | undefined): ChannelDelivery | null {
  if (!row) return null;
  const at = row.status === 'delivered' ? (row.deliveredAt ?? row.nextAttemptAt) : row.nextAttemptAt;
  return { status: row.status, attempts: row.attempts, at: iso(at), error: row.lastError };
}

/** The channels as the owner sees them: the bot token and the webhook secret only as "set". */
export function toAlertChannels(
  row: ChannelFields | undefined,
  last: { telegram?: DeliveryFields | undefined; webhook?: DeliveryFields | undefined } = {},
): AlertChannels {
  return {
    has_telegram_bot_token: Boolean(row?.telegramBotTokenSealed),
    telegram_chat_id: row?.telegramChatId ?? null,
    webhook_url: row?.webhookUrl ?? null,
    has_webhook_secret: Boolean(row?.webhookSecretSealed),
    active: activeChannels(row),
    last_delivery: { telegram: toChannelDelivery(last.telegram), webhook: toChannelDelivery(last.webhook) },
  };
}
