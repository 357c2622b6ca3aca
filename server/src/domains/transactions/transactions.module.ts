import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { RegisterRoutes } from '../../platform/http.js';
import { createTransactionsRepository } from './transactions.repository.js';
import { registerTransactionsRoutes } from './transactions.routes.js';
import { createTransactionsService } from './transactions.service.js';

/** Reading fills back: a user's transactions, every user's for admins, the summary. */
export function createTransactionsModule(deps: { db: Kysely<DB> }) {
  const transactions = createTransactionsService({ repo: createTransactionsRepository(deps.db) });
  const routes: RegisterRoutes = (app, authenticate) => registerTransactionsRoutes(app, authenticate, transactions);
  return { transactions, routes };
}
