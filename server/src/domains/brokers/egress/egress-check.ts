import type { Clock } from '../../../platform/clock.js';
import type { DomainEventBus } from '../../../platform/domain-events.js';
import { fetchWithTimeout } from '../../../platform/outbound.js';
import type { SecretBox } from '../../../platform/secrets.js';
import type { BrokersRepository, UserBrokerWithName } from '../brokers.repository.js';
import type { BrokerRegistry } from '../broker-registry.js';
import {
  egressIdentity,
  egressOf,
  egressRefusal,
  familyRefusal,
  ipFromEcho,
  registeredIpsOf,
  type Egress,
} from './egress.logic.js';
import type { EgressRoutes } from './egress-routes.js';

/** An echo answers at once or not at all: a check holds up a save, a Start or a token. */
const ECHO_TIMEOUT_MS = 5_000;

/** When the console checks an egress (issue 31 item 2). */
export type EgressMoment = 'save' | 'token' | 'start' | 'recheck';

/** The account a check is about (one being created has no id yet). */
export type CheckedAccount = Pick<UserBrokerWithName, 'userId' | 'brokerUsername' | 'brokerKind' | 'brokerName'> & {
  id: number | null;
};

/** What an account's egress is, as a check sees it: where it leaves from and what it registered. */
export interface EgressPlan {
  egress: Egress;
  registeredIps: string[];
  familyGroup: string | null;
}

export interface EgressCheckDeps {
  repo: BrokersRepository;
  secrets: SecretBox;
  clock: Clock;
  events: Pick<DomainEventBus, 'publish'>;
  registry: Pick<BrokerRegistry, 'forKind'>;
  routes: EgressRoutes;
  /**
   * A URL that answers with the caller's IP (EGRESS_ECHO_URL; the sandbox's `/control/whoami` in sandbox mode).
   * Null: only a bind address is known without asking.
   */
  echoUrl: string | null;
}

/**
 * Learns which IP an account's order calls leave from and compares it with the IPs the trader registered with the
 * broker: at a save that changes the egress, at token generation, at a live Start or Resume, and again while its
 * live strategies run (the engine's tick). A refusal is kept on the account (its row says so, the engine pauses its
 * running live strategies), told to its owner as an alert and written to the audit trail.
 */
export function createEgressCheck(deps: EgressCheckDeps) {
  const { repo, secrets, clock, events } = deps;

  function planOf(row: UserBrokerWithName): EgressPlan {
    const proxyUrl = row.egressProxyUrlSealed ? secrets.decrypt(row.egressProxyUrlSealed) : null;
    return {
      egress: egressOf({ proxyUrl, bindAddress: row.egressBindAddress }),
      registeredIps: registeredIpsOf(row.registeredIps),
      familyGroup: row.familyGroup,
    };
  }

  /** The public IP `egress` leaves from, or why it could not be learned (a trader's words, no address). */
  async function publicIpOf(egress: Egress): Promise<{ ip: string | null; because?: string }> {
    if (egress.kind === 'bind') return { ip: egress.address };
    if (!deps.echoUrl) return { ip: null, because: 'no EGRESS_ECHO_URL is set to ask' };
    const through = egress.kind === 'proxy' ? 'through its proxy' : 'from this server';
    try {
      const res = await fetchWithTimeout(deps.echoUrl, { route: deps.routes.routeOf(egress) }, ECHO_TIMEOUT_MS);
      const ip = res.ok ? ipFromEcho(await res.text()) : null;
      return ip ? { ip } : { ip: null, because: `the IP echo answered ${through} without an IP` };
    } catch {
      return { ip: null, because: `the IP echo could not be reached ${through}` };
    }
  }

  /** Why `plan` may not be used by account `row` (another family on its egress, or an unregistered IP); null: fine. */
  async function refusalOf(
    row: CheckedAccount,
    plan: EgressPlan,
  ): Promise<{ problem: string | null; ip: string | null }> {
    if (plan.registeredIps.length === 0) return { problem: null, ip: null };
    const identity = egressIdentity(plan.egress);
    const neighbours = (await repo.listWithRegisteredIps())
      .filter((other) => other.id !== row.id)
      .map((other) => ({
        userId: other.userId,
        brokerUsername: other.brokerUsername,
        familyGroup: other.familyGroup,
        identity: egressIdentity(planOf(other).egress),
      }));
    const family = familyRefusal(
      { userId: row.userId, brokerUsername: row.brokerUsername, familyGroup: plan.familyGroup, identity },
      neighbours,
    );
    if (family) return { problem: family, ip: null };
    const learned = await publicIpOf(plan.egress);
    const problem = egressRefusal({
      brokerUsername: row.brokerUsername,
      brokerLabel: deps.registry.forKind(row.brokerKind)?.label ?? row.brokerName,
      registeredIps: plan.registeredIps,
      publicIp: learned.ip,
      unknownBecause: learned.because,
    });
    return { problem, ip: learned.ip };
  }

  /** The owner hears of it (an account that exists), and the trail keeps it (whoever or whatever was checking). */
  function tellRefused(row: CheckedAccount, problem: string, moment: EgressMoment, actorUserId: number | null) {
    const at = clock.now();
    if (row.id !== null) {
      void events.publish('broker.egress_refused', {
        userBrokerId: row.id,
        userId: row.userId,
        brokerUsername: row.brokerUsername,
        reason: problem,
        at,
      });
    }
    void events.publish('audit.action', {
      at,
      actorUserId,
      ...(actorUserId === null ? { actor: 'system' } : {}),
      action: 'broker_account.egress_refused',
      objectType: 'user_broker',
      objectId: row.id,
      ownerUserId: row.userId,
      changes: {},
      detail: { broker_username: row.brokerUsername, reason: problem, moment },
      ip: null,
    });
  }

  return {
    planOf,

    /**
     * Checks the egress a save would give account `row` (nothing is written): the refusal, told and kept on the
     * trail, or null. The columns a passing check leaves on the row come back with it.
     */
    async checkPlanned(row: CheckedAccount, plan: EgressPlan, actorUserId: number) {
      const { problem, ip } = await refusalOf(row, plan);
      if (problem) tellRefused(row, problem, 'save', actorUserId);
      return { problem, columns: { egressCheckedAt: clock.now(), egressPublicIp: ip, egressProblem: problem } };
    },

    /**
     * Checks account `id` as it is stored and keeps the finding on its row; returns the refusal or null. A refusal
     * already kept is told again only when it changed, so a strategy re-checked every minute does not alert every
     * minute.
     */
    async check(id: number, moment: EgressMoment, actorUserId: number | null): Promise<string | null> {
      const row = await repo.findById(id);
      if (!row) return null;
      const { problem, ip } = await refusalOf(row, planOf(row));
      await repo.update(id, { egressCheckedAt: clock.now(), egressPublicIp: ip, egressProblem: problem });
      if (problem && problem !== row.egressProblem) tellRefused(row, problem, moment, actorUserId);
      return problem;
    },
  };
}

export type EgressCheck = ReturnType<typeof createEgressCheck>;
