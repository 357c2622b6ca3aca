import type { AlertChannels, AlertsPage, PageQuery } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest } from '../../platform/errors.js';
import { refusedUrl } from '../../platform/outbound-destinations.js';
import type { IsOwnEndpoint } from '../../platform/own-endpoint.js';
import type { Actor } from '../../platform/ownership.js';
import type { SecretBox } from '../../platform/secrets.js';
import { TEST_ALERT, type AlertDraft } from './alert-text.logic.js';
import { activeChannels, toAlert, toAlertChannels } from './alerts.presenter.js';
import type { AlertsRepository } from './alerts.repository.js';

/** What PUT /alerts/channels carries after validation: undefined keeps a setting, null clears it. */
export interface ChannelsPatch {
  telegram_bot_token?: string | null | undefined;
  telegram_chat_id?: string | null | undefined;
  webhook_url?: string | null | undefined;
  webhook_secret?: string | null | undefined;
}

/** undefined keeps what is stored; null clears; a value replaces (sealed when it is a secret). */
const merge = <T>(given: T | null | undefined, stored: T | null, seal: (v: T) => T = (v) => v): T | null =>
  given === undefined ? stored : given === null ? null : seal(given);

/**
 * The notification centre (issue 13): alerts are stored for the bell, queued for the user's channels and
 * announced to their screens. Everything a user reaches here is their own.
 */
export function createAlertsService(deps: {
  repo: AlertsRepository;
  secrets: SecretBox;
  clock: Clock;
  events: Pick<DomainEventBus, 'publish'>;
  /** WEBHOOK_ALLOW_PRIVATE: see platform/outbound-destinations.ts. */
  webhookAllowPrivate: boolean;
  /** This console's own listening socket (platform/own-endpoint.ts). */
  isOwnEndpoint?: IsOwnEndpoint | undefined;
}) {
  const { repo, secrets, clock, events } = deps;

  /**
   * Stores each recipient's alert (skipping one already there under the same key), queues it for their
   * active channels, first tried at `sendAt`, and tells their screens. Returns the alerts stored.
   */
  async function store(recipients: Array<{ userId: number; draft: AlertDraft }>, sendAt: number) {
    const now = clock.now();
    // Channels are read first: the transaction below holds SQLite's only connection.
    const channels = new Map(
      (await repo.channelsFor([...new Set(recipients.map((r) => r.userId))])).map((c) => [c.userId, c]),
    );
    const rows = await repo.storeAlerts(
      recipients.map(({ userId, draft }) => ({ userId, ...draft, createdAt: now, readAt: null })),
      (inserted) =>
        inserted.flatMap((row) =>
          activeChannels(channels.get(row.userId)).map((channel) => ({
            alertId: row.id,
            channel,
            status: 'pending' as const,
            nextAttemptAt: sendAt,
          })),
        ),
    );
    for (const row of rows) void events.publish('alert.created', { userId: row.userId, alert: toAlert(row) });
    return rows;
  }

  /** Stores, queues and announces alerts (see `store`), sent by the worker at once; returns how many were new. */
  async function notify(recipients: Array<{ userId: number; draft: AlertDraft }>): Promise<number> {
    return (await store(recipients, clock.now())).length;
  }

  const lastDeliveries = async (userId: number) => {
    const [telegram, webhook] = await Promise.all([
      repo.lastDelivery(userId, 'telegram'),
      repo.lastDelivery(userId, 'webhook'),
    ]);
    return { telegram, webhook };
  };

  return {
    notify,

    async list(actor: Actor, page: PageQuery): Promise<AlertsPage> {
      const [rows, counts] = await Promise.all([
        repo.listFor(actor.userId, page.limit, page.offset),
        repo.countsFor(actor.userId),
      ]);
      return { alerts: rows.map(toAlert), ...counts };
    },

    async markRead(actor: Actor, body: { ids?: number[] | undefined; all?: boolean | undefined }) {
      await repo.markRead(actor.userId, body.all === true ? 'all' : (body.ids ?? []), clock.now());
      const { unread } = await repo.countsFor(actor.userId);
      void events.publish('alerts.read', { userId: actor.userId, unread });
      return { unread };
    },

    async channels(actor: Actor): Promise<AlertChannels> {
      return toAlertChannels(await repo.channelsOf(actor.userId), await lastDeliveries(actor.userId));
    },

    async updateChannels(actor: Actor, patch: ChannelsPatch): Promise<AlertChannels> {
      const stored = await repo.channelsOf(actor.userId);
      const seal = (v: string) => secrets.encrypt(v);
      const next = {
        userId: actor.userId,
        telegramBotTokenSealed: merge(patch.telegram_bot_token, stored?.telegramBotTokenSealed ?? null, seal),
        telegramChatId: merge(patch.telegram_chat_id, stored?.telegramChatId ?? null),
        webhookUrl: merge(patch.webhook_url, stored?.webhookUrl ?? null),
        webhookSecretSealed: merge(patch.webhook_secret, stored?.webhookSecretSealed ?? null, seal),
        updatedAt: clock.now(),
      };
      // Half a channel would silently deliver nothing: the trader hears it now instead.
      if (Boolean(next.telegramBotTokenSealed) !== Boolean(next.telegramChatId)) {
        throw badRequest('Telegram needs both a Bot Token and a Chat ID (clear both to turn it off)');
      }
      if (Boolean(next.webhookUrl) !== Boolean(next.webhookSecretSealed)) {
        throw badRequest('The webhook needs both a URL and a Secret (clear both to turn it off)');
      }
      // Said now, on the form; the address is checked again each time a delivery connects.
      const refused =
        patch.webhook_url &&
        (await refusedUrl(patch.webhook_url, {
          allowPrivate: deps.webhookAllowPrivate,
          isOwnEndpoint: deps.isOwnEndpoint,
        }));
      if (refused) throw badRequest(`Webhook URL cannot be used: ${refused}`);
      await repo.saveChannels(next);
      return toAlertChannels(next, await lastDeliveries(actor.userId));
    },

    /**
     * The caller's test alert, in the bell and queued for their channels with its sends taken by the caller
     * until `claimedUntil` (test-alert.ts sends them while the trader waits; the worker only if that caller
     * died meanwhile). The alert's id.
     */
    async storeTest(actor: Actor, claimedUntil: number): Promise<number | undefined> {
      return (await store([{ userId: actor.userId, draft: TEST_ALERT }], claimedUntil))[0]?.id;
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
