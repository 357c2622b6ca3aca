import type { Broker, CreateUserBroker, UpdateUserBroker, UserBroker } from '@app/contract';
import { MSG } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { ownedOr404, type Actor } from '../../platform/ownership.js';
import type { SecretBox } from '../../platform/secrets.js';
import { toUserBroker } from './brokers.presenter.js';
import type { BrokersRepository } from './brokers.repository.js';

export interface BrokersServiceDeps {
  repo: BrokersRepository;
  secrets: SecretBox;
  clock: Clock;
}

export function createBrokersService({ repo, secrets, clock }: BrokersServiceDeps) {
  async function load(actor: Actor, id: number) {
    return ownedOr404(actor, await repo.findById(id), 'Broker configuration');
  }

  async function assertBroker(brokerId: number) {
    if (!(await repo.findBroker(brokerId))) throw badRequest('Broker not found');
  }

  /** Sealed token for storage: empty means none. */
  const seal = (token: string | null | undefined) => (token ? secrets.encrypt(token) : null);

  return {
    async listBrokers(): Promise<Broker[]> {
      return (await repo.listBrokers()).map(({ id, name }) => ({ id, name }));
    },

    async listFor(userId: number): Promise<UserBroker[]> {
      return (await repo.listForUser(userId)).map(toUserBroker);
    },

    async listForUserAsAdmin(userId: number): Promise<UserBroker[]> {
      if (!(await repo.userExists(userId))) throw notFound('User');
      return this.listFor(userId);
    },

    async create(actor: Actor, input: CreateUserBroker): Promise<UserBroker> {
      await assertBroker(input.broker_id);
      const now = clock.now();
      const sealed = seal(input.broker_token);
      const id = await repo.insertUnlessTaken({
        userId: actor.userId,
        brokerId: input.broker_id,
        brokerUsername: input.broker_username,
        brokerTokenSealed: sealed,
        tokenUpdatedAt: sealed ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      if (id === null) throw conflict(MSG.brokerAccountExists);
      return toUserBroker(await load(actor, id));
    },

    async update(actor: Actor, id: number, patch: UpdateUserBroker): Promise<UserBroker> {
      const current = await load(actor, id);
      if (patch.broker_id !== undefined) await assertBroker(patch.broker_id);
      const key = {
        userId: current.userId,
        brokerId: patch.broker_id ?? current.brokerId,
        brokerUsername: patch.broker_username ?? current.brokerUsername,
      };
      if (await repo.isTaken(key, id)) throw conflict(MSG.brokerAccountExists);
      const now = clock.now();
      // Omitted or empty keeps the stored token; an explicit null clears it.
      const tokenChange =
        patch.broker_token === null
          ? { brokerTokenSealed: null, tokenUpdatedAt: null }
          : patch.broker_token
            ? { brokerTokenSealed: seal(patch.broker_token), tokenUpdatedAt: now }
            : {};
      await repo.update(id, {
        ...(patch.broker_id !== undefined ? { brokerId: patch.broker_id } : {}),
        ...(patch.broker_username !== undefined ? { brokerUsername: patch.broker_username } : {}),
        ...tokenChange,
        updatedAt: now,
      });
      return toUserBroker(await load(actor, id));
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
  };
}

export type BrokersService = ReturnType<typeof createBrokersService>;
