import type { MarketDataToken, UserBroker } from '@app/contract';
import type { MarketConfig } from '../../config/market.js';
import type { SettingsRepository } from '../../db/settings.repository.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { ownedOr404, type Actor } from '../../platform/ownership.js';
import type { SecretBox } from '../../platform/secrets.js';
import { iso, isoOrNull } from '../../platform/time.js';
import type { LoginFailureStore } from '../auth/login-failures.types.js';
import {
  BrokerRejected,
  BrokerUnknownOutcome,
  type Broker,
  type BrokerApp,
  type BrokerSession,
} from './broker-port.js';
import { toUserBroker } from './brokers.presenter.js';
import { NOT_REFUSED, type BrokersRepository } from './brokers.repository.js';
import { ownAppOf } from './own-apps.js';
import { createKiteLoginAttempts } from './kite-login-attempts.js';

const MARKET_TOKEN_KEY = 'kite.marketDataToken';

interface StoredToken {
  sealed: string;
  userId: string;
  loginTime: string | null;
}

/** What is kept once Kite refused the token: the token is gone, when and for whom it was made is not. */
interface RefusedToken {
  refusedAt: number;
  generatedAt: number | null;
  userId: string | null;
}

type MarketTokenSetting = StoredToken | RefusedToken | null;
const isStoredToken = (v: MarketTokenSetting | undefined): v is StoredToken => Boolean(v && 'sealed' in v);

/** A failed login as the screen says it: the broker's refusal (400) or its silence (502), in the adapter's words. */
function loginFailure(err: unknown, label: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof BrokerRejected) return new AppError(400, 'UPSTREAM_FAILED', err.message);
  if (err instanceof BrokerUnknownOutcome) return new AppError(502, 'UPSTREAM_FAILED', err.message);
  return new AppError(502, 'UPSTREAM_FAILED', `${label} login is unreachable; try again shortly`);
}

/**
 * Kite access tokens: the admin's market-data token (DESIGN §8) and users' broker tokens.
 * Login runs the automated flow with the TOTP code; passwords are used once and never stored or logged.
 */
export function createKiteTokenService(deps: {
  market: MarketConfig;
  /** The Kite broker adapter (the registry's `kite`): its logins and its token rules, through the port. */
  broker: Broker;
  settings: SettingsRepository;
  secrets: SecretBox;
  clock: Clock;
  brokers: BrokersRepository;
  /** Sandbox only: the current TOTP of the sandbox accounts, so market data works before anyone logs in. */
  sandboxTotp?: () => string;
  /** Where attempts are counted across instances (the failed-login store). */
  loginAttempts: LoginFailureStore;
}) {
  const { market } = deps;
  const attempts = createKiteLoginAttempts(deps.loginAttempts, () => deps.clock.now());
  let cached: string | null = null;

  /** The sandbox's accounts: a market-data token can be had without a person typing a code. */
  const logsInByItself = (): boolean => Boolean(deps.sandboxTotp && market.kite.userId && market.kite.password);
  const consoleApp = (): BrokerApp => ({ apiKey: market.kite.apiKey, apiSecret: market.kite.apiSecret });

  /**
   * Logs in through `app` (the console's by default): its key opens the login, its secret signs the checksum.
   * Failures are AppErrors in a trader's words.
   */
  async function login(userId: string, password: string, totp: string, app: BrokerApp = consoleApp()) {
    return deps.broker.login(app, { userId, password, totp }).catch((err: unknown) => {
      throw loginFailure(err, deps.broker.label);
    });
  }
  const { tokenExpiresAt } = deps.broker.rules;

  async function storeMarketToken(session: BrokerSession) {
    const stored: StoredToken = {
      sealed: deps.secrets.encrypt(session.access_token),
      userId: session.user_id,
      loginTime: session.login_time,
    };
    await deps.settings.set(MARKET_TOKEN_KEY, stored, deps.clock.now());
    cached = session.access_token;
  }

  return {
    /**
     * The access token market data uses. In sandbox mode it logs in by itself once per process:
     * the in-process sandbox forgets its tokens on restart, so a stored one would be stale.
     */
    async marketDataToken(): Promise<string> {
      if (cached) return cached;
      if (deps.sandboxTotp && market.kite.userId && market.kite.password) {
        await storeMarketToken(await login(market.kite.userId, market.kite.password, deps.sandboxTotp()));
        return cached ?? '';
      }
      const stored = await deps.settings.get<MarketTokenSetting>(MARKET_TOKEN_KEY);
      if (isStoredToken(stored)) {
        cached = deps.secrets.decrypt(stored.sealed);
        return cached;
      }
      throw badRequest('No Kite access token: generate one on the brokers tab');
    },

    /** Whether a market-data token can be had without a person (the sandbox logs in with its own TOTP). */
    canLogInByItself: logsInByItself,

    /** The token already in memory, for synchronous header building. */
    cachedMarketDataToken: (): string | null => cached,

    /**
     * After a TokenException: forget the token so the next call logs in again (or asks for it); the brokers
     * tab still says Kite refused it, and when.
     */
    async invalidateMarketDataToken(): Promise<void> {
      cached = null;
      const now = deps.clock.now();
      const previous = await deps.settings.getStamped<MarketTokenSetting>(MARKET_TOKEN_KEY);
      const refused: RefusedToken | null = isStoredToken(previous?.value)
        ? { refusedAt: now, generatedAt: previous.since, userId: previous.value.userId }
        : (previous?.value ?? null);
      await deps.settings.set(MARKET_TOKEN_KEY, refused, now);
    },

    /** The market-data token's state for the brokers tab; never the token. */
    async marketDataTokenStatus(): Promise<MarketDataToken> {
      const stamped = await deps.settings.getStamped<MarketTokenSetting>(MARKET_TOKEN_KEY);
      const value = stamped?.value ?? null;
      const none = { user_id: null, generated_at: null, expires_at: null, refused_at: null };
      if (value === null || !stamped) return { state: 'none', ...none, logs_in_by_itself: logsInByItself() };
      if (!isStoredToken(value)) {
        return {
          state: 'refused',
          user_id: value.userId,
          generated_at: isoOrNull(value.generatedAt),
          expires_at: value.generatedAt === null ? null : iso(tokenExpiresAt(value.generatedAt)),
          refused_at: iso(value.refusedAt),
          logs_in_by_itself: logsInByItself(),
        };
      }
      const expiresAt = tokenExpiresAt(stamped.since);
      return {
        state: deps.clock.now() >= expiresAt ? 'expired' : 'valid',
        user_id: value.userId,
        generated_at: iso(stamped.since),
        expires_at: iso(expiresAt),
        refused_at: null,
        logs_in_by_itself: logsInByItself(),
      };
    },

    /**
     * Admin: log in as KITE_USER_ID with the TOTP app code and keep the token for market data. Limited per
     * admin and per Kite account (kite-login-attempts.ts).
     */
    async generateMarketDataToken(actor: Actor, appCode: string) {
      const { userId, password } = market.kite;
      if (!userId || !password || !market.kite.apiKey) {
        throw badRequest('Kite is not configured: set KITE_API_KEY, KITE_API_SECRET, KITE_USER_ID and KITE_PASSWORD');
      }
      const session = await attempts.attempt(actor.userId, userId, () => login(userId, password, appCode));
      await storeMarketToken(session);
      return { user_id: session.user_id, login_time: session.login_time };
    },

    /**
     * User: log in as the broker account's username through the account's own Kite Connect app when it has
     * one (a personal app logs in only its owner), else the console's; the token is sealed onto that account.
     * Limited per user and per Kite account (kite-login-attempts.ts).
     */
    async generateUserToken(
      actor: Actor,
      userBrokerId: number,
      input: { password: string; appcode: string },
    ): Promise<UserBroker> {
      const account = ownedOr404(actor, await deps.brokers.findById(userBrokerId), 'Broker configuration');
      if (account.brokerKind !== 'kite') throw badRequest('Token generation is available for Zerodha accounts only');
      const app = ownAppOf(deps.secrets, account) ?? consoleApp();
      const { access_token: accessToken } = await attempts.attempt(actor.userId, account.brokerUsername, () =>
        login(account.brokerUsername, input.password, input.appcode, app),
      );
      const now = deps.clock.now();
      await deps.brokers.update(userBrokerId, {
        brokerTokenSealed: deps.secrets.encrypt(accessToken),
        tokenUpdatedAt: now,
        ...NOT_REFUSED,
        updatedAt: now,
      });
      const updated = await deps.brokers.findById(userBrokerId);
      if (!updated) throw badRequest('Broker configuration disappeared');
      return toUserBroker(updated, tokenExpiresAt);
    },
  };
}

export type KiteTokenService = ReturnType<typeof createKiteTokenService>;
