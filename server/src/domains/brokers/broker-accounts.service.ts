import type { Kysely } from 'kysely';
import type { DbKind } from '../../db/client.js';
import type { DB } from '../../db/schema.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { Broker } from './broker-port.js';
import type { BrokerRegistry } from './broker-registry.js';
import { createBrokersRepository, type UserBrokerWithName } from './brokers.repository.js';
import { ownAppOf } from './own-apps.js';

/** The credentials live orders on an account need. */
export interface BrokerCredentials {
  accessToken: string;
  /** The account's own app key; null: the console's (its broker's adapter knows which that is). */
  apiKey: string | null;
  /** When this token was written: a refusal is kept against this token only. */
  tokenUpdatedAt: number | null;
}

/** An account row's stored token and own app key, opened; null while it holds no token. */
export function credentialsOfRow(
  secrets: SecretBox,
  row: Pick<UserBrokerWithName, 'brokerTokenSealed' | 'apiKeySealed' | 'apiSecretSealed' | 'tokenUpdatedAt'>,
): BrokerCredentials | null {
  if (!row.brokerTokenSealed) return null;
  return {
    accessToken: secrets.decrypt(row.brokerTokenSealed),
    apiKey: ownAppOf(secrets, row)?.apiKey ?? null,
    tokenUpdatedAt: row.tokenUpdatedAt,
  };
}

/**
 * Broker accounts read from outside the server (the ledger check's command line): each account's broker,
 * by its `brokers.kind` through the registry, and its credentials, opened with the console's key. Reads only.
 */
export function createBrokerAccountsReader(deps: {
  db: Kysely<DB>;
  kind: DbKind;
  secrets: SecretBox;
  registry: Pick<BrokerRegistry, 'forKind'>;
}) {
  const repo = createBrokersRepository(deps.db, deps.kind);
  return {
    async credentialsOf(id: number): Promise<BrokerCredentials | null> {
      const row = await repo.findById(id);
      return row ? credentialsOfRow(deps.secrets, row) : null;
    },

    /** The account's broker; an Error in an operator's words when no adapter serves it. */
    async brokerOf(id: number): Promise<Broker> {
      const row = await repo.findById(id);
      const broker = row && deps.registry.forKind(row.brokerKind);
      if (!broker) throw new Error(`${row?.brokerName ?? 'this broker'} accounts cannot be checked here`);
      return broker;
    },
  };
}
