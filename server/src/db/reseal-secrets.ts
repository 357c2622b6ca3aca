import type { Kysely, Transaction } from 'kysely';
import type { SecretBox } from '../platform/secrets.js';
import type { DB } from './schema.js';

/** How many values of one sealed column a rotation re-sealed, and how many were already under the current key. */
export interface ResealCount {
  column: string;
  resealed: number;
  current: number;
}

/** The settings entry holding the admin's sealed market-data token (kite-tokens.service.ts). */
const MARKET_TOKEN_KEY = 'kite.marketDataToken';

/** One sealed column's tally, and the re-sealing of one value (the error names the row, never the value). */
function counter(box: SecretBox, column: string) {
  const count: ResealCount = { column, resealed: 0, current: 0 };
  const reseal = (sealed: string | null, row: string | number): string | null => {
    if (sealed === null) return null;
    if (box.isCurrent(sealed)) {
      count.current++;
      return null;
    }
    let plain: string;
    try {
      plain = box.decrypt(sealed);
    } catch (err) {
      throw new Error(`${column} of row ${row} cannot be opened: ${(err as Error).message}`);
    }
    count.resealed++;
    return box.encrypt(plain);
  };
  return { count, reseal };
}

async function resealUserBrokers(trx: Transaction<DB>, box: SecretBox): Promise<ResealCount[]> {
  const token = counter(box, 'user_brokers.broker_token_sealed');
  const key = counter(box, 'user_brokers.api_key_sealed');
  const secret = counter(box, 'user_brokers.api_secret_sealed');
  const rows = await trx
    .selectFrom('userBrokers')
    .select(['id', 'brokerTokenSealed', 'apiKeySealed', 'apiSecretSealed'])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const next = {
      brokerTokenSealed: token.reseal(row.brokerTokenSealed, row.id),
      apiKeySealed: key.reseal(row.apiKeySealed, row.id),
      apiSecretSealed: secret.reseal(row.apiSecretSealed, row.id),
    };
    const changed = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== null));
    if (Object.keys(changed).length > 0) {
      await trx.updateTable('userBrokers').set(changed).where('id', '=', row.id).execute();
    }
  }
  return [token.count, key.count, secret.count];
}

async function resealAlertChannels(trx: Transaction<DB>, box: SecretBox): Promise<ResealCount[]> {
  const bot = counter(box, 'alert_channels.telegram_bot_token_sealed');
  const hook = counter(box, 'alert_channels.webhook_secret_sealed');
  const rows = await trx
    .selectFrom('alertChannels')
    .select(['userId', 'telegramBotTokenSealed', 'webhookSecretSealed'])
    .orderBy('userId')
    .execute();
  for (const row of rows) {
    const next = {
      telegramBotTokenSealed: bot.reseal(row.telegramBotTokenSealed, row.userId),
      webhookSecretSealed: hook.reseal(row.webhookSecretSealed, row.userId),
    };
    const changed = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== null));
    if (Object.keys(changed).length > 0) {
      await trx.updateTable('alertChannels').set(changed).where('userId', '=', row.userId).execute();
    }
  }
  return [bot.count, hook.count];
}

async function resealMarketToken(trx: Transaction<DB>, box: SecretBox): Promise<ResealCount> {
  const market = counter(box, `settings.${MARKET_TOKEN_KEY}`);
  const row = await trx.selectFrom('settings').select('value').where('key', '=', MARKET_TOKEN_KEY).executeTakeFirst();
  const stored = row ? (JSON.parse(row.value) as { sealed?: unknown } | null) : null;
  if (stored && typeof stored.sealed === 'string') {
    const resealed = market.reseal(stored.sealed, MARKET_TOKEN_KEY);
    if (resealed !== null) {
      await trx
        .updateTable('settings')
        .set({ value: JSON.stringify({ ...stored, sealed: resealed }) })
        .where('key', '=', MARKET_TOKEN_KEY)
        .execute();
    }
  }
  return market.count;
}

/**
 * Re-seals every sealed value with the box's current key, in one transaction: a value no known key opens
 * rolls all of it back, so a database is never left half under one key and half under another.
 */
export function resealSecrets(db: Kysely<DB>, box: SecretBox): Promise<ResealCount[]> {
  return db
    .transaction()
    .execute(async (trx) => [
      ...(await resealUserBrokers(trx, box)),
      ...(await resealAlertChannels(trx, box)),
      await resealMarketToken(trx, box),
    ]);
}
