import type { UserBrokersTable } from '../../db/schema.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { BrokerApp } from './broker-port.js';

/**
 * A trader's own app at their broker (a personal app logs in only its owner), stored sealed on the account.
 * What the app is for is the adapter's business: its `login()` takes it, and its calls name its key.
 */

/** The own-app columns of a broker account, sealed (both null: the console's app is used). */
export type SealedApp = Pick<UserBrokersTable, 'apiKeySealed' | 'apiSecretSealed'>;

/** What a create or update asks of the account's own app. */
export type AppRequest = { kind: 'keep' } | { kind: 'clear' } | { kind: 'set'; app: BrokerApp };

/**
 * Reads `api_key`/`api_secret` of a validated body (the contract already refused a key without its
 * secret): both omitted keep the stored app, both given set it, empty removes it.
 */
export function appRequestOf(input: { api_key?: string | undefined; api_secret?: string | undefined }): AppRequest {
  if (input.api_key === undefined && input.api_secret === undefined) return { kind: 'keep' };
  if (input.api_key && input.api_secret)
    return { kind: 'set', app: { apiKey: input.api_key, apiSecret: input.api_secret } };
  return { kind: 'clear' };
}

/** The columns to store for an app (null: none). */
export function sealApp(secrets: SecretBox, app: BrokerApp | null): SealedApp {
  if (!app) return { apiKeySealed: null, apiSecretSealed: null };
  return { apiKeySealed: secrets.encrypt(app.apiKey), apiSecretSealed: secrets.encrypt(app.apiSecret) };
}

/** The account's own app, decrypted for the broker calls that need it; null when it uses the console's. */
export function ownAppOf(secrets: SecretBox, row: SealedApp): BrokerApp | null {
  if (row.apiKeySealed === null || row.apiSecretSealed === null) return null;
  return { apiKey: secrets.decrypt(row.apiKeySealed), apiSecret: secrets.decrypt(row.apiSecretSealed) };
}
