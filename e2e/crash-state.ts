// The one state of these stories no screen can make: what a console leaves when it crashed (or was down
// overnight) after sending an order and before the broker's reply. Written straight into the e2e console's
// SQLite database (e2e/server.mjs: `.data-<port>/console.db`), as the crash would have left it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { E2E_PORT } from './playwright.config.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DAY_MS = 86_400_000;

/**
 * A SELL that opens the strategy's CE leg, sent a day ago and never settled: Kite's order book (the day's)
 * no longer holds it. Returns the symbol it names.
 */
export function orderSentYesterday(mappingId: number, quantity: number): string {
  const db = new Database(path.join(here, `.data-${E2E_PORT}`, 'console.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const m = db.prepare('select user_id, user_broker_id from user_strategy_mappings where id = ?').get(mappingId) as
      { user_id: number; user_broker_id: number | null } | undefined;
    if (!m) throw new Error(`no strategy ${mappingId} in the e2e console's database`);
    const sentAt = Date.now() - DAY_MS;
    const symbol = 'SANDBOX26D0110000CE';
    db.prepare(
      `insert into broker_orders (mapping_id, user_id, user_broker_id, leg_id, tag, trading_symbol, exchange, side,
         quantity, status, intent, option_type, strike_paise, expiry, broker_order_id, fill_price_paise, error,
         created_at, updated_at)
       values (?, ?, ?, null, ?, ?, 'NFO', 'SELL', ?, 'pending', 'open', 'CE', 1000000, '2026-12-01', null, null, null,
         ?, ?)`,
    ).run(mappingId, m.user_id, m.user_broker_id, `rdxcrash${mappingId}`, symbol, quantity, sentAt, sentAt);
    return symbol;
  } finally {
    db.close();
  }
}
