import { engineRoutes, MSG, positionsRoutes } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, replied, type Authenticate } from '../../platform/http.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { toPaise } from '../../platform/time.js';
import { rupeesText } from '../risk/limits.logic.js';
import type { Engine } from './engine.service.js';

export function registerEngineRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  deps: { engine: Engine; events: Pick<DomainEventBus, 'publish'>; now: () => number },
): void {
  const { engine } = deps;
  mount(app, authenticate, engineRoutes.status, () => engine.status());
  mount(app, authenticate, engineRoutes.start, async ({ auth }) => replied(await engine.start(auth), MSG.rdxStarted));
  mount(app, authenticate, engineRoutes.stop, async ({ auth }) => replied(await engine.stop(auth), MSG.rdxStopped));
  mount(app, authenticate, engineRoutes.realign, async ({ auth, params }) => {
    const { strategy, message } = await engine.realign(auth, params.id);
    return replied({ strategy }, message);
  });
  mount(app, authenticate, engineRoutes.margin, ({ auth, params }) => engine.entryMargin(auth, params.id));
  mount(app, authenticate, engineRoutes.exit, async ({ auth, params }) => ({
    strategy: await engine.exit(auth, params.id),
  }));
  mount(app, authenticate, engineRoutes.unsettledOrders, ({ auth, params }) => engine.unsettledOrders(auth, params.id));
  mount(app, authenticate, engineRoutes.settleOrder, ({ auth, params, body }) =>
    engine.settleOrder(auth, params.id, params.orderId, body),
  );
  // Issue 27: a leg the trader closed in Kite by hand, booked as bought back (the route is the positions').
  mount(app, authenticate, positionsRoutes.matchBroker, async ({ auth, params, body }) => {
    const reply = await engine.matchBroker(auth, params.id, body);
    const price = rupeesText(toPaise(body.price));
    return replied(reply, `Booked ${reply.closed_quantity} ${body.trading_symbol} as bought back at ${price}`);
  });
  mount(app, authenticate, engineRoutes.testEvent, ({ body }) => {
    void deps.events.publish('realtime.test_event', {
      userId: body.userId,
      message: body.message,
      sentAt: new Date(deps.now()).toISOString(),
    });
    return Promise.resolve({ delivered: true });
  });
}
