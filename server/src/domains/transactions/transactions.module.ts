import type { Exchange } from '@app/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { RegisterRoutes } from '../../platform/http.js';
import { createTransactionsRepository } from './transactions.repository.js';
import { registerTransactionsRoutes } from './transactions.routes.js';
import { createTransactionsService, type StrategyPnlSource } from './transactions.service.js';

/** Reading fills back: a user's transactions, every user's for admins, the summary. */
export function createTransactionsModule(deps: {
  db: Kysely<DB>;
  pnl: StrategyPnlSource;
  clock: Clock;
  /** Where this console's orders go: the CSV export names it on every row. */
  exchange: Exchange;
}) {
  const repo = createTransactionsRepository(deps.db);
  const transactions = createTransactionsService({ repo, pnl: deps.pnl });
  // The CSV export only streams keyset batches of the book: its route reads the repository directly.
  const routes: RegisterRoutes = (app, authenticate) =>
    registerTransactionsRoutes(app, authenticate, transactions, repo, () => deps.clock.now(), deps.exchange);
  return { transactions, routes };
}
