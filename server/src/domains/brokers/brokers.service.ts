import type { Broker, CreateUserBroker, UpdateUserBroker, UserBroker } from '@app/contract';
import { MSG } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { ownedOr404, type Actor } from '../../platform/ownership.js';
import type { SecretBox } from '../../platform/secrets.js';
import { toUserBroker } from './brokers.presenter.js';
import { NOT_REFUSED, type BrokersRepository, type UserBrokerWithName } from './brokers.repository.js';
import { BrokerTokenExpired, type Broker as BrokerAdapter, type BrokerAccount } from './broker-port.js';
import { brokerWords, sessionEndedWords } from './broker-words.logic.js';
import { credentialsOfRow, type BrokerCredentials } from './broker-accounts.service.js';
import { brokerLabelFor, isPaperKind, tokenExpiryOf, type BrokerRegistry } from './broker-registry.js';
import { paperColumnsOf } from './paper-accounts.logic.js';
import { appRequestOf, ownAppOf, sealApp, type AppRequest, type SealedApp } from './own-apps.js';
import type { EgressCheck } from './egress/egress-check.js';
import type { EgressRoutes } from './egress/egress-routes.js';
import { egressPlanOf, egressColumnsOf, isEgressChange } from './egress/egress-request.js';

export type { BrokerCredentials };

export interface BrokersServiceDeps {
  repo: BrokersRepository;
  secrets: SecretBox;
  clock: Clock;
  /** `broker.token_refused` when Kite first refuses an account's token (alerts tell its owner). */
  events: Pick<DomainEventBus, 'publish'>;
  /** The brokers the console trades through (broker-registry.ts), chosen by an account's `brokers.kind`. */
  registry: BrokerRegistry;
  /** Where each account's calls leave from, and the check of it against its registered IPs (issue 31). */
  egress: EgressCheck;
  routes: EgressRoutes;
}

/** A broker account as the port reaches it: its broker, and its calls while it holds an access token. */
export interface AccountAccess {
  broker: BrokerAdapter;
  /** Null: the account holds no access token. */
  account: BrokerAccount | null;
}

export function createBrokersService({ repo, secrets, clock, events, registry, egress, routes }: BrokersServiceDeps) {
  async function load(actor: Actor, id: number) {
    return ownedOr404(actor, await repo.findById(id), 'Broker configuration');
  }

  async function assertBroker(brokerId: number) {
    const broker = await repo.findBroker(brokerId);
    if (!broker) throw badRequest('Broker not found');
    return broker;
  }

  /** Whether accounts of `brokerKind` can log in through an app of their own: every adapter's `login()` takes one. */
  const takesOwnApp = (brokerKind: string): boolean => registry.forKind(brokerKind) !== undefined;

  /** Refuses an own app on an account at a broker no adapter serves, naming those an adapter does ("Zerodha (Kite)"). */
  async function assertAppFits(request: AppRequest, brokerKind: string) {
    if (request.kind !== 'set' || takesOwnApp(brokerKind)) return;
    const served = (await repo.listBrokers()).filter((b) => takesOwnApp(b.kind));
    const names = served.map((b) => `${b.name} (${registry.forKind(b.kind)?.label ?? b.kind})`).join(' or ');
    throw badRequest(`API Key and API Secret are for ${names} accounts only`);
  }

  /**
   * The own-app columns an update writes, and whether the app key changes: an access token is issued for
   * one app's key, so after a change the stored token is refused by the broker and is dropped.
   */
  function appUpdate(current: UserBrokerWithName, request: AppRequest, brokerKind: string) {
    const oldKey = ownAppOf(secrets, current)?.apiKey ?? null;
    // Moving the account to a broker without adapter drops its app: nothing there could use it.
    const wanted = takesOwnApp(brokerKind) ? request : ({ kind: 'clear' } as const);
    if (wanted.kind === 'keep' || (wanted.kind === 'clear' && oldKey === null))
      return { columns: {}, keyChanged: false };
    const columns: SealedApp = sealApp(secrets, wanted.kind === 'set' ? wanted.app : null);
    const newKey = wanted.kind === 'set' ? wanted.app.apiKey : null;
    return { columns, keyChanged: newKey !== oldKey };
  }

  /** The API view of an account, its token's end by its own broker's rule. */
  const expiryOf = tokenExpiryOf(registry);
  const present = (row: UserBrokerWithName): UserBroker =>
    toUserBroker(row, expiryOf(row.brokerKind), egress.planOf(row).egress);

  /** A save's egress, checked before anything is written: a refusal is a 409 with its reason. */
  async function checkedEgress(
    account: Parameters<EgressCheck['checkPlanned']>[0],
    plan: ReturnType<typeof egressPlanOf>,
    actorUserId: number,
  ) {
    const { problem, columns } = await egress.checkPlanned(account, plan, actorUserId);
    if (problem) throw conflict(problem);
    return columns;
  }

  /** Sealed token for storage: empty means none. */
  const seal = (token: string | null | undefined) => (token ? secrets.encrypt(token) : null);

  const service = {
    /** The API view of an account (the token screens answer with it too). */
    present,

    /** Why account `id`'s egress would be refused now (checked and kept on its row; egress-check.ts), or null. */
    egressRefusal: (id: number, moment: 'token' | 'recheck' | 'first-order', actorUserId: number | null) =>
      egress.check(id, moment, actorUserId),

    /** An account's token rule by its `brokers.kind` (its adapter's `rules.tokenExpiresAt`). */
    tokenExpiryOf: expiryOf,

    async listBrokers(): Promise<Broker[]> {
      return (await repo.listBrokers()).map(({ id, name, kind }) => ({ id, name, is_paper: isPaperKind(kind) }));
    },

    async listFor(userId: number): Promise<UserBroker[]> {
      return (await repo.listForUser(userId)).map(present);
    },

    async listForUserAsAdmin(userId: number): Promise<UserBroker[]> {
      if (!(await repo.userExists(userId))) throw notFound('User');
      return this.listFor(userId);
    },

    async create(actor: Actor, input: CreateUserBroker): Promise<UserBroker> {
      const broker = await assertBroker(input.broker_id);
      const paper = paperColumnsOf(isPaperKind(broker.kind), input, 'create');
      const app = appRequestOf(input);
      await assertAppFits(app, broker.kind);
      const plan = egressPlanOf(null, input);
      const checked = await checkedEgress(
        {
          id: null,
          userId: actor.userId,
          brokerUsername: input.broker_username,
          brokerKind: broker.kind,
          brokerName: broker.name,
        },
        plan,
        actor.userId,
      );
      const now = clock.now();
      const sealed = seal(input.broker_token);
      const id = await repo.insertUnlessTaken({
        userId: actor.userId,
        brokerId: input.broker_id,
        brokerUsername: input.broker_username,
        brokerTokenSealed: sealed,
        tokenUpdatedAt: sealed ? now : null,
        ...sealApp(secrets, app.kind === 'set' ? app.app : null),
        ...egressColumnsOf(secrets, plan),
        ...checked,
        ...paper,
        createdAt: now,
        updatedAt: now,
      });
      if (id === null) throw conflict(MSG.brokerAccountExists);
      return present(await load(actor, id));
    },

    async update(actor: Actor, id: number, patch: UpdateUserBroker): Promise<UserBroker> {
      const current = await load(actor, id);
      const broker = patch.broker_id !== undefined ? await assertBroker(patch.broker_id) : { kind: current.brokerKind };
      if (isPaperKind(broker.kind) !== isPaperKind(current.brokerKind)) throw badRequest(MSG.paperStaysPaper);
      const paper = paperColumnsOf(isPaperKind(broker.kind), patch, 'update');
      const appRequest = appRequestOf(patch);
      await assertAppFits(appRequest, broker.kind);
      const key = {
        userId: current.userId,
        brokerId: patch.broker_id ?? current.brokerId,
        brokerUsername: patch.broker_username ?? current.brokerUsername,
      };
      if (await repo.isTaken(key, id)) throw conflict(MSG.brokerAccountExists);
      const plan = egressPlanOf(egress.planOf(current), patch);
      const egressChange = isEgressChange(patch)
        ? { ...egressColumnsOf(secrets, plan), ...(await checkedEgress(current, plan, actor.userId)) }
        : {};
      const now = clock.now();
      const app = appUpdate(current, appRequest, broker.kind);
      // Omitted or empty keeps the stored token (unless the app key changed); an explicit null clears it.
      // A new token (or none) starts without Kite's refusal of the old one.
      const tokenChange = patch.broker_token
        ? { brokerTokenSealed: seal(patch.broker_token), tokenUpdatedAt: now, ...NOT_REFUSED }
        : patch.broker_token === null || app.keyChanged
          ? { brokerTokenSealed: null, tokenUpdatedAt: null, ...NOT_REFUSED }
          : {};
      await repo.update(id, {
        ...(patch.broker_id !== undefined ? { brokerId: patch.broker_id } : {}),
        ...(patch.broker_username !== undefined ? { brokerUsername: patch.broker_username } : {}),
        ...app.columns,
        ...tokenChange,
        ...egressChange,
        ...paper,
        updatedAt: now,
      });
      return present(await load(actor, id));
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await load(actor, id);
      if ((await repo.countMappings(id)) > 0) throw conflict(MSG.brokerInUse);
      await repo.remove(id);
    },

    /** The decrypted token of a broker account, for the order path only; never sent to clients. */
    async tokenOf(id: number): Promise<string | null> {
      const row = await repo.findById(id);
      if (!row?.brokerTokenSealed) return null;
      return secrets.decrypt(row.brokerTokenSealed);
    },

    /** The token and the app key live orders on an account send (`token <api_key>:<access_token>`). */
    async credentialsOf(id: number): Promise<BrokerCredentials | null> {
      const row = await repo.findById(id);
      return row ? credentialsOfRow(secrets, row) : null;
    },

    /**
     * An account's broker (its adapter by `brokers.kind`) and, while it holds an access token, its calls
     * through the port. An account without a token (or no account) still names a broker, so a message can.
     */
    async accessOf(id: number | null): Promise<AccountAccess> {
      const row = id === null ? null : await repo.findById(id);
      // No account (a strategy never given one): the first registered broker, the console's default.
      const broker = row ? registry.forKind(row.brokerKind) : registry.all()[0];
      if (!broker) throw badRequest(`Live orders through ${row?.brokerName ?? 'this broker'} are not supported`);
      const credentials = row ? credentialsOfRow(secrets, row) : null;
      if (!row || !credentials) return { broker, account: null };
      const tokenRefused = (userBrokerId: number, used: BrokerCredentials, reason: string) =>
        service.tokenRefused(userBrokerId, used, reason);
      const route = routes.routeOf(egress.planOf(row).egress);
      return { broker, account: broker.account({ userBrokerId: row.id, credentials, tokenRefused, route }) };
    },

    /**
     * Why a live strategy on account `id` may not start or resume now: the broker no longer honours its session
     * (a new login elsewhere ends it before 06:00), or could not be asked; null while the broker answers for it.
     * Asked of the broker itself (its profile), so a Start never finds out only at its first order. An account
     * without a token is the start check's own refusal, not this one's.
     */
    async sessionRefusal(id: number, actorUserId: number | null = null): Promise<string | null> {
      const row = await repo.findById(id);
      const { broker, account } = await service.accessOf(id);
      if (!row || !account) return null;
      // Orders from an address the broker has not registered would be refused one by one: refuse the Start now.
      const egressProblem = await egress.check(id, 'start', actorUserId);
      if (egressProblem) return egressProblem;
      try {
        await account.profile();
        return null;
      } catch (err) {
        if (err instanceof BrokerTokenExpired) {
          return sessionEndedWords(row.brokerUsername);
        }
        return `Could not check the broker session for ${row.brokerUsername} before starting: ${brokerWords(err, broker.label)}`;
      }
    },

    /**
     * Kite refused an account's token (TokenException) on an order, a look at an order or its positions: the
     * account keeps the refusal (its row on Profile says so, its live strategies pause) until a new token is
     * written. The first refusal of a token is told once.
     */
    async tokenRefused(id: number, used: Pick<BrokerCredentials, 'tokenUpdatedAt'>, reason: string): Promise<void> {
      const at = clock.now();
      if (!(await repo.markTokenRefused(id, used.tokenUpdatedAt, reason, at))) return;
      const row = await repo.findById(id);
      if (row) {
        void events.publish('broker.token_refused', {
          userBrokerId: id,
          userId: row.userId,
          broker: brokerLabelFor(row.brokerKind),
          brokerUsername: row.brokerUsername,
          reason,
          at,
        });
      }
    },
  };
  return service;
}

export type BrokersService = ReturnType<typeof createBrokersService>;
