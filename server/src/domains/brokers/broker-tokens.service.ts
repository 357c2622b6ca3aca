import type { MarketDataToken, UserBroker } from '@app/contract';
import type { SettingsRepository } from '../../db/settings.repository.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, badRequest, conflict } from '../../platform/errors.js';
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
import type { BrokerRegistry } from './broker-registry.js';
import { NOT_REFUSED, type BrokersRepository, type UserBrokerWithName } from './brokers.repository.js';
import { ownAppOf } from './own-apps.js';
import { createBrokerLoginAttempts } from './broker-login-attempts.js';

interface StoredToken {
  sealed: string;
  userId: string;
  loginTime: string | null;
}

/** What is kept once the broker refused the token: the token is gone, when and for whom it was made is not. */
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

/** The broker whose market data the console streams, and the admin's account market data logs in as. */
export interface MarketDataLogin {
  /** Its adapter: the login, and the token rules the market-data token follows. */
  broker: Broker;
  /** The admin's account there; null: not configured. */
  account: { userId: string; password: string } | null;
  /** What the admin is told to configure while `account` is null (the environment's names). */
  unconfigured: string;
}

/**
 * Broker access tokens: the admin's market-data token (DESIGN §8) and users' broker tokens, each logged in
 * through its broker's adapter (the port's `login`). Login runs the automated flow with the TOTP code;
 * passwords are used once and never stored or logged.
 */
export function createBrokerTokenService(deps: {
  /** The brokers users' accounts log in at, by the account's `brokers.kind`. */
  registry: Pick<BrokerRegistry, 'forKind'>;
  marketData: MarketDataLogin;
  settings: SettingsRepository;
  secrets: SecretBox;
  clock: Clock;
  brokers: BrokersRepository;
  /** The API view of an account (the brokers service's). */
  present: (row: UserBrokerWithName) => UserBroker;
  /** Why the account's egress would be refused now (issue 31: checked before a token is made), or null. */
  egressRefusal: (userBrokerId: number, actorUserId: number) => Promise<string | null>;
  /** Sandbox only: the current TOTP of the sandbox accounts, so market data works before anyone logs in. */
  sandboxTotp?: () => string;
  /** Where attempts are counted across instances (the failed-login store). */
  loginAttempts: LoginFailureStore;
}) {
  const { broker: dataBroker, account: dataAccount } = deps.marketData;
  const attempts = createBrokerLoginAttempts(deps.loginAttempts, () => deps.clock.now());
  /** The settings key of the market-data token, named by its broker (reseal-secrets.ts re-seals it). */
  const MARKET_TOKEN_KEY = `${dataBroker.kind}.marketDataToken`;
  let cached: string | null = null;

  /** The sandbox's accounts: a market-data token can be had without a person typing a code. */
  const logsInByItself = (): boolean => Boolean(deps.sandboxTotp && dataAccount);

  /**
   * Logs in at `broker` through `app` (null: the console's app there): its key opens the login, its secret
   * signs the session request. Failures are AppErrors in a trader's words.
   */
  async function login(
    broker: Broker,
    person: { userId: string; password: string; totp: string },
    app: BrokerApp | null,
  ) {
    return broker.login(app, person).catch((err: unknown) => {
      throw loginFailure(err, broker.label);
    });
  }
  const { tokenExpiresAt } = dataBroker.rules;

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
      if (deps.sandboxTotp && dataAccount) {
        await storeMarketToken(await login(dataBroker, { ...dataAccount, totp: deps.sandboxTotp() }, null));
        return cached ?? '';
      }
      const stored = await deps.settings.get<MarketTokenSetting>(MARKET_TOKEN_KEY);
      if (isStoredToken(stored)) {
        cached = deps.secrets.decrypt(stored.sealed);
        return cached;
      }
      throw badRequest(`No ${dataBroker.label} access token: generate one on the brokers tab`);
    },

    /** Whether a market-data token can be had without a person (the sandbox logs in with its own TOTP). */
    canLogInByItself: logsInByItself,

    /** The token already in memory, for synchronous header building. */
    cachedMarketDataToken: (): string | null => cached,

    /**
     * After the broker refused it: forget the token so the next call logs in again (or asks for it); the
     * brokers tab still says the broker refused it, and when.
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
     * Admin: log in as the configured market-data account with the TOTP app code and keep the token for
     * market data. Limited per admin and per broker account (broker-login-attempts.ts).
     */
    async generateMarketDataToken(actor: Actor, appCode: string) {
      if (!dataAccount) throw badRequest(deps.marketData.unconfigured);
      const session = await attempts.attempt(actor.userId, dataBroker, dataAccount.userId, () =>
        login(dataBroker, { ...dataAccount, totp: appCode }, null),
      );
      await storeMarketToken(session);
      return { user_id: session.user_id, login_time: session.login_time };
    },

    /**
     * User: log in at the account's broker (its adapter by `brokers.kind`) as the account's username, through
     * the account's own app when it has one (a personal app logs in only its owner), else the console's; the
     * token is sealed onto that account. Limited per user and per broker account (broker-login-attempts.ts).
     */
    async generateUserToken(
      actor: Actor,
      userBrokerId: number,
      input: { password: string; appcode: string },
    ): Promise<UserBroker> {
      const account = ownedOr404(actor, await deps.brokers.findById(userBrokerId), 'Broker configuration');
      const broker = deps.registry.forKind(account.brokerKind);
      if (!broker) throw badRequest(`Token generation is not available for ${account.brokerName} accounts`);
      const egressProblem = await deps.egressRefusal(userBrokerId, actor.userId);
      if (egressProblem) throw conflict(egressProblem);
      const person = { userId: account.brokerUsername, password: input.password, totp: input.appcode };
      const { access_token: accessToken } = await attempts.attempt(actor.userId, broker, person.userId, () =>
        login(broker, person, ownAppOf(deps.secrets, account)),
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
      return deps.present(updated);
    },
  };
}

export type BrokerTokenService = ReturnType<typeof createBrokerTokenService>;
