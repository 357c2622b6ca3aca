import { CreateUserBrokerSchema, type api, type BodyOf, type UserBroker } from '@app/contract';
import { toInt } from '../../lib/format';
import { egressBodyFields, egressToForm, emptyEgressForm, type EgressFormValues } from './broker-egress-form';

export interface BrokerConfigFormValues extends EgressFormValues {
  broker_id: string;
  broker_username: string;
  broker_token: string;
  /** The account's own Kite Connect app; both empty: the console's app (or, when editing, keep the stored one). */
  api_key: string;
  api_secret: string;
  /** Edit mode: go back to the console's app (sends empty api_key and api_secret). */
  remove_own_app: boolean;
}

export type BrokerConfigBody = BodyOf<typeof api.brokers.create>;

/** The typed secrets: the token, the own app, and the proxy URL (it may carry a user and password). */
const noSecrets = { broker_token: '', api_key: '', api_secret: '', remove_own_app: false, egress_proxy_url: '' };

export function emptyBrokerConfigForm(firstBrokerId: number | undefined): BrokerConfigFormValues {
  return {
    broker_id: firstBrokerId ? String(firstBrokerId) : '',
    broker_username: '',
    ...emptyEgressForm(),
    ...noSecrets,
  };
}

/**
 * Edit mode never shows the stored token, key, secret or proxy URL (the API only says whether the first
 * three are set, and shows the proxy without its user and password); the rest of the egress is filled in.
 */
export function brokerConfigToForm(b: UserBroker): BrokerConfigFormValues {
  return { broker_id: String(b.broker_id), broker_username: b.broker_username, ...egressToForm(b), ...noSecrets };
}

/** The form after a submit: whatever secret was typed has been handed to the request and is not kept. */
export function withoutSecrets(v: BrokerConfigFormValues): BrokerConfigFormValues {
  return { ...v, ...noSecrets };
}

/** What the form sends of the own app: nothing (keep / none), the pair, or empty strings (remove). */
function ownAppFields(v: BrokerConfigFormValues, isKite: boolean) {
  if (!isKite) return {};
  if (v.remove_own_app) return { api_key: '', api_secret: '' };
  const apiKey = v.api_key.trim();
  const apiSecret = v.api_secret.trim();
  return apiKey || apiSecret ? { api_key: apiKey, api_secret: apiSecret } : {};
}

/**
 * Validates with the contract schema (SPEC §5: broker_username required; API Key and API Secret come as a
 * pair; the egress's IPs, proxy URL and family group well formed) and builds the body. An empty token is
 * left out: on create that means "no token", on update "keep the stored one"; the same goes for an empty
 * API Key and API Secret, and for an empty proxy URL of an account that has a proxy. Only a Zerodha (Kite)
 * account sends its own app. `editing` is the stored account, whose unchanged egress fields are left out.
 */
export function parseBrokerConfigForm(
  v: BrokerConfigFormValues,
  { isKite = true, editing = null }: { isKite?: boolean; editing?: UserBroker | null } = {},
): { ok: true; body: BrokerConfigBody } | { ok: false; error: string } {
  const token = v.broker_token.trim();
  const app = ownAppFields(v, isKite);
  const egress = egressBodyFields(v, editing);
  const parsed = CreateUserBrokerSchema.safeParse({
    broker_id: toInt(v.broker_id),
    broker_username: v.broker_username,
    ...(token ? { broker_token: token } : {}),
    ...app,
    ...(egress.ok ? egress.fields : {}),
  });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid broker configuration' };
  if (!egress.ok) return egress;
  const { broker_id, broker_username } = parsed.data;
  const body = { broker_id, broker_username, ...(token ? { broker_token: token } : {}), ...app, ...egress.fields };
  return { ok: true, body };
}

/** Token generation is offered on Zerodha (Kite) accounts only. */
export function canGenerateToken(b: Pick<UserBroker, 'broker_name'>): boolean {
  return b.broker_name.toLowerCase() === 'zerodha';
}

/** Which Kite Connect app logs a Zerodha account in and sends its orders; null for other brokers. */
export function kiteAppLabel(b: Pick<UserBroker, 'broker_name' | 'has_api_key'>): 'Own app' | 'Console app' | null {
  if (!canGenerateToken(b)) return null;
  return b.has_api_key ? 'Own app' : 'Console app';
}
