import { api } from '@app/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { mount, type RegisterRoutes } from '../../platform/http.js';
import { createOrderBookRepository } from './order-book.repository.js';
import { createOrderBookService } from './order-book.service.js';

/**
 * The order book (issue 32 item 2): every order a trader's strategies sent to a broker or simulated on paper,
 * with its status and the broker's reason. A read model over the engine's orders and the ledger's fills.
 */
export function createOrdersModule(deps: { db: Kysely<DB> }) {
  const book = createOrderBookService(createOrderBookRepository(deps.db));
  const routes: RegisterRoutes = (app, authenticate) => {
    mount(app, authenticate, api.orders.list, ({ auth, query }) => book.mine(auth.userId, query));
    mount(app, authenticate, api.orders.listAll, ({ query }) => book.all(query));
    mount(app, authenticate, api.orders.trace, ({ auth, params }) => book.trace(auth, params.id));
  };
  return { book, routes };
}
