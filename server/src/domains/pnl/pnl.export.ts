import { api, istDay, MODE_LABELS, rupeesText, type PnlDailyQuery } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { csvCell, csvLine, inertText } from '../../platform/csv.js';
import { mountCsv } from '../../platform/csv-route.js';
import type { Authenticate } from '../../platform/http.js';
import type { DayTotals } from './pnl-daily.logic.js';
import type { PnlService } from './pnl.service.js';

/** The header row; money in rupees with two decimals, as the trade book's export writes it. */
export const PNL_COLUMNS = [
  'day',
  'user_strategy_mapping_id',
  'strategy',
  'mode',
  'realized_pnl',
  'charges',
  'net_pnl',
] as const;

/** What a day's total row says in the strategy column: a spreadsheet filter on it keeps one row a day. */
export const TOTAL_ROW = 'Total';

/** A day's rows: one per strategy, then its total. */
export function dayLines(d: DayTotals): string {
  const day = istDay(d.dayStart);
  let out = '';
  for (const s of d.perStrategy) {
    const cells = [
      day,
      String(s.mappingId),
      csvCell(inertText(s.strategyName)),
      s.isDummy === 1 ? MODE_LABELS.paper : MODE_LABELS.live,
      rupeesText(s.realizedPaise),
      rupeesText(s.chargesPaise),
      rupeesText(s.realizedPaise - s.chargesPaise),
    ];
    out += `${cells.join(',')}\r\n`;
  }
  const total = [
    day,
    '',
    TOTAL_ROW,
    '',
    rupeesText(d.realizedPaise),
    rupeesText(d.chargesPaise),
    rupeesText(d.netPaise),
  ];
  return out + `${total.join(',')}\r\n`;
}

/** The whole file: a window is at most five years of days, so it is built at once. */
export const pnlCsv = (days: readonly DayTotals[]) => csvLine(PNL_COLUMNS) + days.map(dayLines).join('');

export const pnlFilename = (q: PnlDailyQuery) => `pnl-daily-${q.from}-to-${q.to}.csv`;

/** GET /api/pnl/daily/export.csv: the caller's own days, as the screen shows them. */
export function registerPnlExport(app: FastifyInstance, authenticate: Authenticate, pnl: PnlService): void {
  mountCsv(app, authenticate, api.pnl.exportCsv, async ({ auth, query }) => ({
    filename: pnlFilename(query),
    body: pnlCsv(await pnl.days(auth.userId, query)),
  }));
}
