import { CreateUserBrokerSchema, type api, type BodyOf, type UserBroker } from '@app/contract';
import { toInt } from '../../lib/format';

export interface BrokerConfigFormValues {
  broker_id: string;
  broker_username: string;
  broker_token: string;
}

export type BrokerConfigBody = BodyOf<typeof api.brokers.create>;

export function emptyBrokerConfigForm(firstBrokerId: number | undefined): BrokerConfigFormValues {
  return { broker_id: firstBrokerId ? String(firstBrokerId) : '', broker_username: '', broker_token: '' };
}

/** Edit mode never shows the stored token (the API only says whether one is set). */
export function brokerConfigToForm(b: UserBroker): BrokerConfigFormValues {
  return { broker_id: String(b.broker_id), broker_username: b.broker_username, broker_token: '' };
}

/**
 * Validates with the contract schema (SPEC §5: broker_username required) and builds the body.
 * An empty token is left out: on create that means "no token", on update "keep the stored one".
 */
export function parseBrokerConfigForm(
  v: BrokerConfigFormValues,
): { ok: true; body: BrokerConfigBody } | { ok: false; error: string } {
  const token = v.broker_token.trim();
  const parsed = CreateUserBrokerSchema.safeParse({
    broker_id: toInt(v.broker_id),
    broker_username: v.broker_username,
    ...(token ? { broker_token: token } : {}),
  });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid broker configuration' };
  const { broker_id, broker_username } = parsed.data;
  return { ok: true, body: { broker_id, broker_username, ...(token ? { broker_token: token } : {}) } };
}

/** Token generation is offered on Zerodha (Kite) accounts only. */
export function canGenerateToken(b: Pick<UserBroker, 'broker_name'>): boolean {
  return b.broker_name.toLowerCase() === 'zerodha';
}
