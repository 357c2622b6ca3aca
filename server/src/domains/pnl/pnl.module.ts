import { api } from '@app/contract';
import { mount, type RegisterRoutes } from '../../platform/http.js';
import { registerPnlExport } from './pnl.export.js';
import { createPnlService, type PnlReads } from './pnl.service.js';

/**
 * P&L by day (issue 32 item 4): a read model over the ledger's fills, each day's realized P&L and charges per
 * strategy and in total, for the caller's own strategies, and as CSV.
 */
export function createPnlModule(deps: { reads: PnlReads }) {
  const pnl = createPnlService(deps.reads);
  const routes: RegisterRoutes = (app, authenticate) => {
    mount(app, authenticate, api.pnl.daily, ({ auth, query }) => pnl.dailyReply(auth.userId, query));
    registerPnlExport(app, authenticate, pnl);
  };
  return { pnl, routes };
}
