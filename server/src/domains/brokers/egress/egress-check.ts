import type { Clock } from '../../../platform/clock.js';
import { badRequest } from '../../../platform/errors.js';
import type { DomainEventBus } from '../../../platform/domain-events.js';
import { fetchWithTimeout, type OutboundRoute } from '../../../platform/outbound.js';
import type { SecretBox } from '../../../platform/secrets.js';
import type { BrokersRepository, UserBrokerWithName } from '../brokers.repository.js';
import type { BrokerRegistry } from '../broker-registry.js';
import {
  egressIdentity,
  egressOf,
  egressRefusal,
  familyRefusal,
  ipFromEcho,
  isCheckedInSession,
  isEgressChecked,
  normalIp,
  registeredIpsOf,
  type Egress,
} from './egress.logic.js';
import type { EgressRoutes } from './egress-routes.js';

/** The column's size: a refusal's words are kept whole in the reply, cut to fit on the row. */
const cut = (problem: string | null) => (problem === null ? null : problem.slice(0, 300));

/** An echo answers at once or not at all: a check holds up a save, a Start or a token. */
const ECHO_TIMEOUT_MS = 5_000;

/**
 * When the console checks an egress (issue 31 item 2). 'first-order': before a broker session's first order (the
 * engine's), answered from the account's row when it was checked in that session.
 */
export type EgressMoment = 'save' | 'token' | 'start' | 'recheck' | 'first-order';

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
  /** Each account's first-order check of a session not checked yet (see `firstOrderCheck`), by account. */
  const firstOrderChecks = new Map<number, { session: number | null; result: Promise<string | null> }>();

  function planOf(row: UserBrokerWithName): EgressPlan {
    const proxyUrl = row.egressProxyUrlSealed ? secrets.decrypt(row.egressProxyUrlSealed) : null;
    return {
      egress: egressOf({ proxyUrl, bindAddress: row.egressBindAddress }),
      registeredIps: registeredIpsOf(row.registeredIps),
      familyGroup: row.familyGroup,
    };
  }

  /**
   * The public IP `egress` leaves from, or why it could not be learned (a trader's words, no address). Asked of the
   * echo through the egress itself, a bind address too (behind a cloud NAT an interface's address is not the one the
   * broker sees); without an echo a bind address is taken as it is. `route` is the dispatcher to ask through.
   */
  async function publicIpOf(
    egress: Egress,
    route: OutboundRoute | undefined,
  ): Promise<{ ip: string | null; because?: string }> {
    if (!deps.echoUrl) {
      if (egress.kind === 'bind') return { ip: normalIp(egress.address) };
      return { ip: null, because: 'the console has no IP echo address to ask (its admin sets EGRESS_ECHO_URL)' };
    }
    const through =
      egress.kind === 'proxy' ? 'through its proxy' : egress.kind === 'bind' ? 'from its address' : 'from this server';
    try {
      const res = await fetchWithTimeout(deps.echoUrl, { route }, ECHO_TIMEOUT_MS);
      const ip = res.ok ? ipFromEcho(await res.text()) : null;
      return ip ? { ip } : { ip: null, because: `the IP echo answered ${through} without an IP` };
    } catch {
      return { ip: null, because: `the IP echo could not be reached ${through}` };
    }
  }

  /** Every other account that leaves from a place of its own or registered IPs: the family rule's neighbours. */
  async function neighboursOf(row: CheckedAccount) {
    const others = (await repo.listWithEgress()).filter((other) => other.id !== row.id);
    return others.flatMap((other) => {
      try {
        return [
          {
            userId: other.userId,
            brokerUsername: other.brokerUsername,
            familyGroup: other.familyGroup,
            identity: egressIdentity(planOf(other).egress),
            publicIp: other.egressPublicIp,
          },
        ];
      } catch {
        return []; // a proxy sealed under a key no longer known: that account's own checks say so
      }
    });
  }

  /**
   * Why `plan` may not be used by account `row` (another family on its address, or an unregistered IP), null when
   * it may; `isDefinite` false when the IP could not be learned (a recheck then keeps what it knew). `route` is the
   * dispatcher to learn the IP through.
   */
  async function refusalOf(row: CheckedAccount, plan: EgressPlan, route: OutboundRoute | undefined) {
    const isChecked = isEgressChecked(plan);
    if (!isChecked) return { problem: null, ip: null, isDefinite: true, isChecked };
    const learned = await publicIpOf(plan.egress, route);
    const family = familyRefusal(
      {
        userId: row.userId,
        brokerUsername: row.brokerUsername,
        familyGroup: plan.familyGroup,
        identity: egressIdentity(plan.egress),
        publicIp: learned.ip,
      },
      await neighboursOf(row),
    );
    if (family) return { problem: family, ip: learned.ip, isDefinite: true, isChecked };
    const problem = egressRefusal({
      brokerUsername: row.brokerUsername,
      brokerLabel: deps.registry.forKind(row.brokerKind)?.label ?? row.brokerName,
      registeredIps: plan.registeredIps,
      publicIp: learned.ip,
      unknownBecause: learned.because,
    });
    return { problem, ip: learned.ip, isDefinite: learned.ip !== null || problem === null, isChecked };
  }

  /** The owner hears of it (an account that exists), and the trail keeps it (whoever or whatever was checking). */
  function tellRefused(row: CheckedAccount, problem: string, moment: EgressMoment, actorUserId: number | null) {
    const at = clock.now();
    // A save's refusal is the trader's own 409 at that moment: kept on the trail, not alerted as well.
    if (row.id !== null && moment !== 'save') {
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

  /** A check of the stored account `row` (see `check`), its finding kept. */
  async function checkRow(
    row: UserBrokerWithName,
    plan: EgressPlan,
    moment: EgressMoment,
    actorUserId: number | null,
  ): Promise<string | null> {
    const { problem, ip, isDefinite } = await refusalOf(row, plan, deps.routes.routeOf(plan.egress));
    const mayWait = moment === 'recheck' || moment === 'first-order' || moment === 'token';
    if (!isDefinite && mayWait) return moment === 'token' ? null : row.egressProblem;
    await repo.keepEgressFinding(row, {
      egressCheckedAt: clock.now(),
      egressPublicIp: ip,
      egressProblem: cut(problem),
    });
    if (problem && problem !== row.egressProblem) tellRefused(row, problem, moment, actorUserId);
    return problem;
  }

  /**
   * Before the first order of account `row`'s broker session (issue 31 item 2): one checked in this session answers
   * with what was found (a refusal stands until a save, a token or a Resume checks again); one not checked yet (a
   * token pasted by hand, a console started after the check) is checked now, once per session however many of
   * its strategies close together, and not again while an echo that could not answer let this session's orders
   * go (an echo down would otherwise hold up every candle close). The session is the time its token was set.
   */
  function firstOrderCheck(row: UserBrokerWithName, plan: EgressPlan, actorUserId: number | null) {
    if (isCheckedInSession(row)) return Promise.resolve(row.egressProblem);
    const known = firstOrderChecks.get(row.id);
    if (known && known.session === row.tokenUpdatedAt) return known.result;
    // Forgotten on a refusal (kept on the row: the next order reads it there, a Resume checks afresh) or a failure.
    const forget = () => {
      if (firstOrderChecks.get(row.id)?.result === result) firstOrderChecks.delete(row.id);
    };
    const result: Promise<string | null> = checkRow(row, plan, 'first-order', actorUserId).then(
      (refusal) => {
        if (refusal) forget();
        return refusal;
      },
      (err: unknown) => {
        forget();
        throw err;
      },
    );
    firstOrderChecks.set(row.id, { session: row.tokenUpdatedAt, result });
    return result;
  }

  return {
    planOf,

    /**
     * Checks the egress a save would give account `row` (nothing is written): the refusal, told and kept on the
     * trail, or null. The columns a passing check leaves on the row come back with it.
     */
    async checkPlanned(row: CheckedAccount, plan: EgressPlan, actorUserId: number) {
      // A dispatcher of its own, closed after: a refused proxy (its password with it) is never kept.
      let route: OutboundRoute | undefined;
      try {
        route = deps.routes.build(plan.egress);
      } catch {
        // undici refuses what the URL parser let by (characters its user or password cannot carry).
        throw badRequest('Egress Proxy cannot be used: check the characters of its user and password');
      }
      try {
        const { problem, ip, isChecked } = await refusalOf(row, plan, route);
        if (problem) tellRefused(row, problem, 'save', actorUserId);
        const columns = isChecked
          ? { egressCheckedAt: clock.now(), egressPublicIp: ip, egressProblem: cut(problem) }
          : { egressCheckedAt: null, egressPublicIp: null, egressProblem: null };
        return { problem, columns };
      } finally {
        await route?.close().catch(() => undefined);
      }
    },

    /**
     * Checks account `id` as it is stored and keeps the finding on its row; returns the refusal or null. A token
     * or a recheck that could not learn the IP (the echo down a moment) refuses nothing new: a recheck keeps the
     * last finding, a token goes on (it places no order). A refusal already kept is told again only when it
     * changed, so a strategy re-checked every few minutes does not alert every time. The finding is written only
     * if the account's egress is still the one checked (a save meanwhile wins). 'first-order' answers what the
     * row keeps when the account was checked in its session, and otherwise checks once per session as a recheck.
     */
    async check(id: number, moment: EgressMoment, actorUserId: number | null): Promise<string | null> {
      const row = await repo.findById(id);
      if (!row) return null;
      const plan = planOf(row);
      if (!isEgressChecked(plan)) return null;
      if (moment === 'first-order') return firstOrderCheck(row, plan, actorUserId);
      return checkRow(row, plan, moment, actorUserId);
    },
  };
}

export type EgressCheck = ReturnType<typeof createEgressCheck>;
