import { api, type Exchange } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, type Authenticate } from '../../platform/http.js';
import { registerTransactionsExport, type TransactionBook } from './transactions.export.js';
import type { TransactionsService } from './transactions.service.js';

export function registerTransactionsRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  transactions: TransactionsService,
  book: TransactionBook,
  now: () => number,
  exchange: Exchange,
): void {
  mount(app, authenticate, api.transactions.listMine, ({ auth, query }) => transactions.listFor(auth.userId, query));
  mount(app, authenticate, api.transactions.summary, ({ auth }) => transactions.summary(auth.userId));
  mount(app, authenticate, api.transactions.listAll, ({ query }) => transactions.listAll(query));
  registerTransactionsExport(app, authenticate, book, now, exchange);
}
