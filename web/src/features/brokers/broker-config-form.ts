import { CreateUserBrokerSchema, MSG, type api, type BodyOf, type Broker, type UserBroker } from '@app/contract';
import { formatInr, toInt } from '../../lib/format';
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
  /** A Paper account's virtual capital in rupees, as typed; sent only for the Paper broker. */
  virtual_capital: string;
}

export type BrokerConfigBody = BodyOf<typeof api.brokers.create>;

/** The typed secrets: the token, the own app, and the proxy URL (it may carry a user and password). */
const noSecrets = { broker_token: '', api_key: '', api_secret: '', remove_own_app: false, egress_proxy_url: '' };

export function emptyBrokerConfigForm(firstBrokerId: number | undefined): BrokerConfigFormValues {
  return {
    broker_id: firstBrokerId ? String(firstBrokerId) : '',
    broker_username: '',
    virtual_capital: '',
    ...emptyEgressForm(),
    ...noSecrets,
  };
}

/**
 * Edit mode never shows the stored token, key, secret or proxy URL (the API only says whether the first
 * three are set, and shows the proxy without its user and password); the rest of the egress is filled in.
 */
export function brokerConfigToForm(b: UserBroker): BrokerConfigFormValues {
  return {
    broker_id: String(b.broker_id),
    broker_username: b.broker_username,
    virtual_capital: b.virtual_capital === null ? '' : String(b.virtual_capital),
    ...egressToForm(b),
    ...noSecrets,
  };
}

/** Whether the broker chosen in the form is the console's own Paper broker (issue 32 item 3). */
export function isPaperBroker(brokers: readonly Broker[] | undefined, brokerId: string): boolean {
  return brokers?.find((b) => String(b.id) === brokerId)?.is_paper === true;
}

/**
 * The brokers the form offers: all of them for a new account; when editing, only those of the account's kind
 * (an account cannot move between Paper and a broker: the server refuses it).
 */
export function brokerChoices(brokers: Broker[] | undefined, editing: UserBroker | null): Broker[] | undefined {
  if (!brokers || !editing) return brokers;
  return brokers.filter((b) => b.is_paper === editing.is_paper);
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
  {
    isKite = true,
    isPaper = false,
    editing = null,
  }: { isKite?: boolean; isPaper?: boolean; editing?: UserBroker | null } = {},
): { ok: true; body: BrokerConfigBody } | { ok: false; error: string } {
  if (isPaper) return parsePaperAccount(v);
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

/** A Paper account's name is its Broker Username, said in its own words (it is no broker's user ID). */
export const PAPER_ACCOUNT_NAME = 'Account Name';
export const PAPER_MESSAGES = {
  nameMissing: `${PAPER_ACCOUNT_NAME} is required`,
  nameForm: `${PAPER_ACCOUNT_NAME} must be letters and digits, like PAPER1`,
};

/**
 * A Paper account (issue 32 item 3): its name and its virtual capital (required), nothing that reaches a
 * broker (no token, own app or egress: the server refuses them).
 */
function parsePaperAccount(
  v: BrokerConfigFormValues,
): { ok: true; body: BrokerConfigBody } | { ok: false; error: string } {
  const name = v.broker_username.trim();
  if (name === '') return { ok: false, error: PAPER_MESSAGES.nameMissing };
  if (!/^[A-Za-z0-9]+$/.test(name)) return { ok: false, error: PAPER_MESSAGES.nameForm };
  const capital = v.virtual_capital.trim();
  const parsed = CreateUserBrokerSchema.safeParse({
    broker_id: toInt(v.broker_id),
    broker_username: v.broker_username,
    virtual_capital: capital === '' ? undefined : Number(capital),
  });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid Paper account' };
  const { broker_id, broker_username, virtual_capital } = parsed.data;
  if (virtual_capital === undefined) return { ok: false, error: MSG.paperAccountNeedsCapital };
  return { ok: true, body: { broker_id, broker_username, virtual_capital } };
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

/** A Paper account's capital as its rows say it: "Virtual capital ₹10,00,000.00" (a dash if none is known). */
export function virtualCapitalLine(b: Pick<UserBroker, 'virtual_capital'>): string {
  return `Virtual capital ${b.virtual_capital === null ? '—' : formatInr(b.virtual_capital)}`;
}

/** Said beside a Paper account's capital wherever a broker account's token and egress would be. */
export const PAPER_REACHES_NO_BROKER = 'Paper trading only: no token needed, no order reaches a broker';
