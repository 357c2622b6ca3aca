import { z } from 'zod';
import { defineRoute, IdParamsSchema, requiredText, rowId } from './route.js';
import { LIMITS } from './constants.js';
import { idField, IsoTimeSchema, rupees } from './fields.js';
import { labelOf } from './labels.js';
import { MSG } from './messages.js';

/** A broker an account can be opened at; `is_paper`: the console's own Paper broker (issue 32 item 3), never reached. */
export const BrokerSchema = z.object({ id: z.number().int(), name: z.string(), is_paper: z.boolean() });
export type Broker = z.infer<typeof BrokerSchema>;

/** A user's broker account. The token itself never leaves the server: only whether one is set. */
export const UserBrokerSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  broker_id: z.number().int(),
  broker_name: z.string(),
  broker_username: z.string(),
  has_token: z.boolean(),
  /** Whether the account has its own Kite Connect app (api_key and api_secret); never the key or secret. */
  has_api_key: z.boolean(),
  token_updated_at: IsoTimeSchema.nullable(),
  /** Kite access tokens die at the next 06:00 IST after they were issued; null without a token. */
  token_expires_at: IsoTimeSchema.nullable(),
  /** When Kite refused the current token before its end (a logout, a login elsewhere), and its words; else null. */
  token_refused_at: IsoTimeSchema.nullable(),
  token_refused_reason: z.string().nullable(),
  /**
   * Where the account's order calls leave from (issue 31): `proxy` through its egress proxy (shown without its
   * user and password), `bind` from one of this server's own addresses, `server` the server's default route.
   */
  egress_kind: z.enum(['server', 'proxy', 'bind']),
  /** The proxy as `scheme://host:port` (its secrets never leave the server), or the bind address; null for `server`. */
  egress_shown: z.string().nullable(),
  /** The IPs the trader registered with the broker (primary, then backup). */
  registered_ips: z.array(z.string()),
  family_group: z.string().nullable(),
  /** The last check of the egress: when, the public IP it found (null when it could not learn one), and the refusal. */
  egress_checked_at: IsoTimeSchema.nullable(),
  egress_public_ip: z.string().nullable(),
  egress_problem: z.string().nullable(),
  /** A Paper account (issue 32 item 3): it trades only paper strategies, from its virtual capital. */
  is_paper: z.boolean(),
  /** A Paper account's virtual capital in rupees; null on a broker account. */
  virtual_capital: z.number().nullable(),
  created_at: IsoTimeSchema,
});
export type UserBroker = z.infer<typeof UserBrokerSchema>;

/** Access tokens are sent in a request header: printable ASCII, no spaces (Kite's are letters and digits). */
const TOKEN_TEXT = /^[\x21-\x7E]*$/;
const brokerToken = z
  .string()
  .max(512, { error: 'Broker Token must be at most 512 characters' })
  .trim()
  .regex(TOKEN_TEXT, {
    error: 'Broker Token must be the token as the broker gave it: letters, digits and symbols, no spaces',
  })
  .optional()
  .nullable();

/** Kite Connect app credentials are short runs of letters and digits (api_key 16, api_secret 32 at Kite). */
const KITE_APP_CREDENTIAL = /^[A-Za-z0-9]{6,64}$/;

/** An api_key or api_secret: trimmed; empty means "none" (on update: remove the account's own app). */
const kiteAppCredential = (field: 'api_key' | 'api_secret') =>
  z
    .string({ error: `${labelOf(field)} must be text` })
    .trim()
    .refine((v) => v === '' || KITE_APP_CREDENTIAL.test(v), {
      error: `${labelOf(field)} must be 6 to 64 letters or digits`,
    })
    .optional();

/**
 * The account's own app comes as a pair: a key without its secret (or the reverse) cannot log in.
 * Both empty (or one empty, the other omitted) is the "remove" signal on update.
 */
function kiteAppPair(v: { api_key?: string | undefined; api_secret?: string | undefined }, ctx: z.RefinementCtx) {
  const key = v.api_key ?? '';
  const secret = v.api_secret ?? '';
  if ((key === '') === (secret === '')) return;
  ctx.addIssue({ code: 'custom', path: [key === '' ? 'api_key' : 'api_secret'], message: MSG.kiteAppPair });
}

const PROXY_SCHEMES = ['http:', 'https:', 'socks5:'];

/** An egress proxy: http, https or socks5, with a host; empty means "none". Stored sealed, never returned. */
const egressProxyUrl = z
  .string({ error: `${labelOf('egress_proxy_url')} must be text` })
  .trim()
  .max(512, { error: `${labelOf('egress_proxy_url')} must be at most 512 characters` })
  .refine((v) => v === '' || isProxyUrl(v), {
    error: `${labelOf('egress_proxy_url')} must be a URL like http://host:3128 or socks5://user:pass@host:1080`,
  })
  .optional();

function isProxyUrl(text: string): boolean {
  try {
    const url = new URL(text);
    const isBare = (url.pathname === '' || url.pathname === '/') && url.search === '' && url.hash === '';
    return PROXY_SCHEMES.includes(url.protocol) && url.hostname !== '' && isBare;
  } catch {
    return false;
  }
}

const ipAddress = z.union([z.ipv4(), z.ipv6()]);

/** One of this server's own addresses to send from; empty means "none". */
const egressBindAddress = z
  .string({ error: `${labelOf('egress_bind_address')} must be text` })
  .trim()
  .refine((v) => v === '' || ipAddress.safeParse(v).success, {
    error: `${labelOf('egress_bind_address')} must be an IP address of this server, like 203.0.113.7`,
  })
  .optional();

/** The primary and backup IPs registered with the broker: at most two, each an IP address, no repeats. */
const registeredIps = z
  .array(
    z
      .string({ error: `${labelOf('registered_ips')} must be IP addresses` })
      .trim()
      .refine((v) => ipAddress.safeParse(v).success, {
        error: `${labelOf('registered_ips')} must be IP addresses, like 203.0.113.7`,
      }),
    { error: `${labelOf('registered_ips')} must be a list of IP addresses` },
  )
  .max(2, { error: `${labelOf('registered_ips')} must be at most two (a primary and a backup)` })
  .refine((ips) => new Set(ips.map((ip) => ip.toLowerCase())).size === ips.length, {
    error: `${labelOf('registered_ips')} must not repeat an address`,
  })
  .optional();

/** Accounts that share an egress must declare the same family (SEBI lets only a family share an IP). */
const familyGroup = z
  .string({ error: `${labelOf('family_group')} must be text` })
  .trim()
  .max(64, { error: `${labelOf('family_group')} must be at most 64 characters` })
  .regex(/^[\p{L}\p{N} ._-]*$/u, {
    error: `${labelOf('family_group')} must be letters, digits, spaces, dots or dashes`,
  })
  .optional();

/** An account leaves through a proxy or from a bind address, not both. */
function oneEgress(
  v: { egress_proxy_url?: string | undefined; egress_bind_address?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (!v.egress_proxy_url || !v.egress_bind_address) return;
  ctx.addIssue({
    code: 'custom',
    path: ['egress_bind_address'],
    message: `Set ${labelOf('egress_proxy_url')} or ${labelOf('egress_bind_address')}, not both`,
  });
}

/** A Paper account's virtual capital: above zero, two decimals at most. */
const virtualCapital = rupees('virtual_capital')
  .refine((v) => v > 0, { error: `${labelOf('virtual_capital')} must be more than 0` })
  .refine((v) => v <= LIMITS.maxVirtualCapitalRupees, {
    error: `${labelOf('virtual_capital')} must be at most ${LIMITS.maxVirtualCapitalRupees.toLocaleString('en-IN')}`,
  })
  .optional();

const userBrokerFields = z.object({
  broker_id: idField('broker_id', 'Broker is required'),
  /** A Kite user ID is upper case (AB1234); typed in lower case it would fail at the login, so it is stored upper. */
  broker_username: requiredText('broker_username', 128)
    .regex(/^[A-Za-z0-9]+$/, { error: MSG.brokerUsernameForm })
    .toUpperCase(),
  /** Optional; an empty string means "no token". */
  broker_token: brokerToken,
  /** Optional: the account's own Kite Connect app key, with api_secret. Stored sealed, never returned. */
  api_key: kiteAppCredential('api_key'),
  /** Optional: the account's own Kite Connect app secret, with api_key. Stored sealed, never returned. */
  api_secret: kiteAppCredential('api_secret'),
  /** Optional: the proxy the account's order calls leave through (issue 31). Stored sealed, never returned. */
  egress_proxy_url: egressProxyUrl,
  /** Optional: the server address the account's order calls leave from. */
  egress_bind_address: egressBindAddress,
  registered_ips: registeredIps,
  family_group: familyGroup,
  /** A Paper account's capital (required there, refused elsewhere: the server knows which broker is Paper). */
  virtual_capital: virtualCapital,
});

export const CreateUserBrokerSchema = userBrokerFields.superRefine(kiteAppPair).superRefine(oneEgress);
export type CreateUserBroker = z.infer<typeof CreateUserBrokerSchema>;

/**
 * Omitted or empty broker_token keeps the stored one; null clears it. api_key and api_secret: omitted keeps
 * the account's own app, both set replace it, empty removes it (the console's app is used again). The egress
 * fields: omitted keeps, empty (or `[]`) removes.
 */
export const UpdateUserBrokerSchema = userBrokerFields.partial().superRefine(kiteAppPair).superRefine(oneEgress);
export type UpdateUserBroker = z.infer<typeof UpdateUserBrokerSchema>;

export const UserIdParamsSchema = z.object({ userId: rowId('User must be a positive whole number', true) });

export const GenerateBrokerTokenSchema = z.object({
  password: z
    .string({ error: 'Password and app code are required' })
    .min(1, { error: 'Password and app code are required' }),
  appcode: z
    .string({ error: 'Password and app code are required' })
    .trim()
    .regex(/^\d{6}$/, { error: 'App Code must be the 6-digit code' }),
});

export const GenerateKiteTokenSchema = z.object({
  appCode: z
    .string({ error: 'App Code is required' })
    .trim()
    .min(1, { error: 'App Code is required' })
    .regex(/^\d{6}$/, { error: 'App Code must be the 6-digit code' }),
});

/**
 * One broker account's funds as its broker reports them (issue 32 item 3), rupees with two decimals: the cash in
 * the account, the margin its positions and open orders hold, and what new orders may still use. Null figures
 * with a `problem` when the broker could not be asked (no access token, the broker not answering).
 */
export const AccountFundsSchema = z.object({
  user_broker_id: z.number().int(),
  broker_username: z.string(),
  broker_name: z.string(),
  available: z.number().nullable(),
  used_margin: z.number().nullable(),
  available_margin: z.number().nullable(),
  /**
   * A Paper account: `available` is its virtual capital plus its strategies' booked P&L after charges; its used
   * margin what its open paper positions would hold at the broker (the market-data login's margin calculator).
   */
  is_paper: z.boolean(),
  /** A Paper account's virtual capital; null on a broker account. */
  virtual_capital: z.number().nullable(),
  /** When the broker answered (ISO); the figures move with every fill and price. */
  checked_at: z.string().nullable(),
  problem: z.string().nullable(),
  /** Why the used margin is not known while the cash is (a Paper account whose margin could not be priced). */
  margin_problem: z.string().nullable(),
});
export type AccountFunds = z.infer<typeof AccountFundsSchema>;
export const FundsSchema = z.object({ accounts: z.array(AccountFundsSchema) });
export type Funds = z.infer<typeof FundsSchema>;

export const brokersRoutes = {
  /** The caller's broker accounts' funds and margin, each asked of its broker now. */
  funds: defineRoute({ method: 'GET', path: '/accounts/funds', access: 'user', data: FundsSchema }),
  list: defineRoute({ method: 'GET', path: '/brokers/list', access: 'user', data: z.array(BrokerSchema) }),
  listMine: defineRoute({
    method: 'GET',
    path: '/brokers/user-brokers',
    access: 'user',
    data: z.array(UserBrokerSchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/brokers/user-brokers',
    access: 'user',
    body: CreateUserBrokerSchema,
    data: UserBrokerSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/brokers/user-brokers/:id',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    body: UpdateUserBrokerSchema,
    data: UserBrokerSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/brokers/user-brokers/:id',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: z.object({ id: z.number().int() }),
  }),
  listForUser: defineRoute({
    method: 'GET',
    path: '/brokers/admin/user-brokers/:userId',
    access: 'admin',
    params: UserIdParamsSchema,
    data: z.array(UserBrokerSchema),
  }),
};

/** Token generation calls, completed by the market-data issue. */
/**
 * The console's market-data token (the admin's Kite login) as the brokers tab shows it: none, valid until its
 * 06:00 IST end, expired, or refused by Kite before that. Never the token itself.
 */
export const MarketDataTokenSchema = z.object({
  state: z.enum(['none', 'valid', 'expired', 'refused']),
  /** The Kite user the token was generated for. */
  user_id: z.string().nullable(),
  generated_at: IsoTimeSchema.nullable(),
  /** The next 06:00 IST after it was generated, when Kite ends every access token. */
  expires_at: IsoTimeSchema.nullable(),
  refused_at: IsoTimeSchema.nullable(),
  /** The sandbox exchange's accounts: the console logs market data in by itself, no App Code needed. */
  logs_in_by_itself: z.boolean(),
});
export type MarketDataToken = z.infer<typeof MarketDataTokenSchema>;

export const brokerTokenRoutes = {
  generateKiteToken: defineRoute({
    method: 'POST',
    path: '/brokers/generate-kite-token',
    access: 'admin',
    body: GenerateKiteTokenSchema,
    data: z.object({ user_id: z.string(), login_time: IsoTimeSchema.nullable() }),
  }),
  generateUserToken: defineRoute({
    method: 'POST',
    path: '/brokers/user-brokers/:id/generate-token',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    body: GenerateBrokerTokenSchema,
    data: UserBrokerSchema,
  }),
  /** The market-data token's state for the admin brokers tab (issue 27). */
  marketDataToken: defineRoute({
    method: 'GET',
    path: '/brokers/kite-token',
    access: 'admin',
    data: MarketDataTokenSchema,
  }),
};
