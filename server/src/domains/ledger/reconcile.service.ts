import type { ReconcileAccount, ReconcileReply } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { Actor } from '../../platform/ownership.js';
import { iso } from '../../platform/time.js';
import { createAccountKiteRest, type TokenRefused } from '../market-data/adapters/account-kite-rest.js';
import type { KitePosition } from '../market-data/adapters/kite-rest-client.js';
import { marketDataFailure } from '../market-data/market-data.errors.js';
import type { LedgerRepository } from './ledger.repository.js';
import { compareHoldings, withHolders } from './reconcile.logic.js';
import type { BrokerCredentials } from '../brokers/brokers.service.js';

/** Why an account with orders being placed is not compared yet. */
export const ORDERS_IN_FLIGHT = 'an order is still being placed; compared again once it settles';

/**
 * Reconciliation (issue 11): for each live broker account, what the console holds open beside what the
 * broker says it holds (Kite `GET /portfolio/positions`). A broker that cannot be asked is reported with
 * its reason, never as agreement.
 */
export function createReconcileService(deps: {
  repo: LedgerRepository;
  /** The account's access token and, when it has its own Kite app, that app's key (else the console's). */
  brokerCredentials: (userBrokerId: number) => Promise<BrokerCredentials | null>;
  /** Kite refused an account's token: the account keeps it (the brokers domain's). */
  tokenRefused?: TokenRefused;
  kite: { apiRoot: string; apiKey: string };
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Drift found is published (`reconciliation.drift`): the alerts domain tells the owner and admins. */
  events: Pick<DomainEventBus, 'publish'>;
}) {
  async function brokerPositions(userBrokerId: number): Promise<KitePosition[]> {
    const credentials = await deps.brokerCredentials(userBrokerId);
    if (!credentials) throw new Error('No access token: generate one on the Profile page');
    const rest = createAccountKiteRest({
      kite: deps.kite,
      userBrokerId,
      credentials,
      tokenRefused: deps.tokenRefused,
      logger: deps.logger,
    });
    return rest.positions();
  }

  return {
    async reconcile(actor: Actor): Promise<ReconcileReply> {
      const scope = actor.role === 'admin' ? ({ everyone: true } as const) : { userId: actor.userId };
      const [accounts, paperStrategies] = await Promise.all([
        deps.repo.liveAccounts(scope),
        deps.repo.paperStrategyCount(scope),
      ]);
      const ids = accounts.map((a) => a.id);
      const [legs, inFlight] = await Promise.all([deps.repo.liveLegs(ids), deps.repo.accountsWithOrdersInFlight(ids)]);
      const checked = await Promise.all(
        accounts.map(async (a): Promise<ReconcileAccount> => {
          const mine = legs.filter((l) => l.userBrokerId === a.id);
          let broker: KitePosition[] = [];
          let error: string | null = null;
          try {
            // Mid-trade (an order filled at the broker, not yet booked here) the two differ for a moment: no
            // drift, so the account is compared again once its orders settle.
            if (inFlight.has(a.id)) error = ORDERS_IN_FLIGHT;
            else broker = await brokerPositions(a.id);
          } catch (err) {
            error = marketDataFailure(err).message;
            deps.logger.info({ userBrokerId: a.id, err }, 'reconciliation could not ask the broker');
          }
          const symbols = withHolders(
            compareHoldings(
              mine,
              broker.map((p) => ({ exchange: p.exchange, tradingSymbol: p.tradingsymbol, quantity: p.quantity })),
            ),
            mine,
          );
          return {
            user_broker_id: a.id,
            user_id: a.userId,
            user_username: a.username,
            broker_username: a.brokerUsername,
            symbols,
            in_sync: error === null && symbols.every((s) => s.drift === 0),
            error,
          };
        }),
      );
      const drifting = checked.filter((a) => a.error === null && !a.in_sync);
      if (drifting.length > 0) {
        void deps.events.publish('reconciliation.drift', {
          accounts: drifting.map((a) => ({
            userBrokerId: a.user_broker_id,
            userId: a.user_id,
            username: a.user_username,
            brokerUsername: a.broker_username,
            symbols: a.symbols.filter((s) => s.drift !== 0),
          })),
          at: deps.clock.now(),
        });
      }
      return { accounts: checked, checked_at: iso(deps.clock.now()), paper_strategies: paperStrategies };
    },
  };
}

export type ReconcileService = ReturnType<typeof createReconcileService>;
