import type { Kysely, Transaction } from 'kysely';
import type { SecretBox } from '../platform/secrets.js';
import type { DB } from './schema.js';

/** How many values of one sealed column a rotation re-sealed, and how many were already under the current key. */
export interface ResealCount {
  column: string;
  resealed: number;
  current: number;
}

/** The settings entry holding the admin's sealed market-data token (broker-tokens.service.ts). */
const MARKET_TOKEN_KEY = 'kite.marketDataToken';

/**
 * One sealed column's tally, and the re-sealing of one value (the error names the row, never the value).
 * `written` counts a re-sealed value stored; a value changed meanwhile (a console stored a fresh token,
 * sealed under the current key) is left alone and counts as current.
 */
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
    return box.encrypt(plain);
  };
  const written = (stored: boolean) => (stored ? count.resealed++ : count.current++);
  return { count, reseal, written };
}

/**
 * Rows are read without a lock while consoles keep running (DEPLOY.md rotates live): each value is written
 * back only if it is still the one read, so a token stored meanwhile is never replaced by the old one.
 */
const stillUnchanged = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;

async function resealUserBrokers(trx: Transaction<DB>, box: SecretBox): Promise<ResealCount[]> {
  const token = counter(box, 'user_brokers.broker_token_sealed');
  const key = counter(box, 'user_brokers.api_key_sealed');
  const secret = counter(box, 'user_brokers.api_secret_sealed');
  const proxy = counter(box, 'user_brokers.egress_proxy_url_sealed');
  const rows = await trx
    .selectFrom('userBrokers')
    .select(['id', 'brokerTokenSealed', 'apiKeySealed', 'apiSecretSealed', 'egressProxyUrlSealed'])
    .orderBy('id')
    .execute();
  const columns = [
    ['brokerTokenSealed', token],
    ['apiKeySealed', key],
    ['apiSecretSealed', secret],
    ['egressProxyUrlSealed', proxy],
  ] as const;
  for (const row of rows) {
    for (const [column, tally] of columns) {
      const old = row[column];
      const resealed = tally.reseal(old, row.id);
      if (resealed === null || old === null) continue;
      const result = await trx
        .updateTable('userBrokers')
        .set({ [column]: resealed })
        .where('id', '=', row.id)
        .where(column, '=', old)
        .executeTakeFirst();
      tally.written(stillUnchanged(result));
    }
  }
  return [token.count, key.count, secret.count, proxy.count];
}

async function resealAlertChannels(trx: Transaction<DB>, box: SecretBox): Promise<ResealCount[]> {
  const bot = counter(box, 'alert_channels.telegram_bot_token_sealed');
  const hook = counter(box, 'alert_channels.webhook_secret_sealed');
  const rows = await trx
    .selectFrom('alertChannels')
    .select(['userId', 'telegramBotTokenSealed', 'webhookSecretSealed'])
    .orderBy('userId')
    .execute();
  const columns = [
    ['telegramBotTokenSealed', bot],
    ['webhookSecretSealed', hook],
  ] as const;
  for (const row of rows) {
    for (const [column, tally] of columns) {
      const old = row[column];
      const resealed = tally.reseal(old, row.userId);
      if (resealed === null || old === null) continue;
      const result = await trx
        .updateTable('alertChannels')
        .set({ [column]: resealed })
        .where('userId', '=', row.userId)
        .where(column, '=', old)
        .executeTakeFirst();
      tally.written(stillUnchanged(result));
    }
  }
  return [bot.count, hook.count];
}

/** Issue 34: each strategy's signal secret. */
async function resealSignalSecrets(trx: Transaction<DB>, box: SecretBox): Promise<ResealCount> {
  const signal = counter(box, 'signal_tokens.secret_sealed');
  const rows = await trx.selectFrom('signalTokens').select(['id', 'secretSealed']).orderBy('id').execute();
  for (const row of rows) {
    const resealed = signal.reseal(row.secretSealed, row.id);
    if (resealed === null) continue;
    const result = await trx
      .updateTable('signalTokens')
      .set({ secretSealed: resealed })
      .where('id', '=', row.id)
      .where('secretSealed', '=', row.secretSealed)
      .executeTakeFirst();
    signal.written(stillUnchanged(result));
  }
  return signal.count;
}

async function resealMarketToken(trx: Transaction<DB>, box: SecretBox): Promise<ResealCount> {
  const market = counter(box, `settings.${MARKET_TOKEN_KEY}`);
  const row = await trx.selectFrom('settings').select('value').where('key', '=', MARKET_TOKEN_KEY).executeTakeFirst();
  const stored = row ? (JSON.parse(row.value) as { sealed?: unknown } | null) : null;
  if (stored && typeof stored.sealed === 'string') {
    const resealed = market.reseal(stored.sealed, MARKET_TOKEN_KEY);
    if (resealed !== null && row) {
      const result = await trx
        .updateTable('settings')
        .set({ value: JSON.stringify({ ...stored, sealed: resealed }) })
        .where('key', '=', MARKET_TOKEN_KEY)
        .where('value', '=', row.value)
        .executeTakeFirst();
      market.written(stillUnchanged(result));
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
      await resealSignalSecrets(trx, box),
    ]);
}
