import { api, rupeesText, toPaise, type BacktestTrade } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { csvLine, inertText } from '../../platform/csv.js';
import { mountCsv } from '../../platform/csv-route.js';
import type { Authenticate } from '../../platform/http.js';
import type { BacktestsService } from './backtests.service.js';

/** The header row: the fields of `GET /backtests/:id/trades`, in its order, so the file and the JSON read alike. */
export const BACKTEST_CSV_COLUMNS = ['time', 'trading_symbol', 'side', 'quantity', 'price', 'charges', 'reason'];

/**
 * One fill as CSV fields, in `BACKTEST_CSV_COLUMNS` order. The quantity keeps its sign (SPEC §3: a sell
 * positive, a buy negative) as the JSON has it; money is rupees with exactly two decimals. The symbol and the
 * reason are text, so they are made inert against formula injection like the trade book's.
 */
export function tradeCells(trade: BacktestTrade): string[] {
  return [
    trade.time,
    inertText(trade.trading_symbol),
    trade.side,
    String(trade.quantity),
    rupeesText(toPaise(trade.price)),
    rupeesText(toPaise(trade.charges)),
    inertText(trade.reason),
  ];
}

/** The whole file: the header and one CRLF-terminated record per fill, in the run's order. */
export function tradesCsv(trades: readonly BacktestTrade[]): string {
  return csvLine(BACKTEST_CSV_COLUMNS) + trades.map((t) => csvLine(tradeCells(t))).join('');
}

/**
 * GET /api/backtests/:id/export.csv: `service.trades`' ownership check first (another user's run is a 404 in
 * the envelope). A run's fills are already one stored blob, so the file is written whole rather than streamed.
 */
export function registerBacktestsExport(app: FastifyInstance, authenticate: Authenticate, service: BacktestsService) {
  mountCsv(app, authenticate, api.backtests.exportCsv, async ({ auth, params }) => ({
    filename: `backtest-${params.id}.csv`,
    body: tradesCsv(await service.trades(auth, params.id)),
  }));
}
