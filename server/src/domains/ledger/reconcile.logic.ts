import type { ReconcileSymbol } from '@app/contract';

/**
 * The console's open quantity per symbol beside the broker's, both in SPEC's sign (> 0 short). Kite's
 * positions count long as positive, so the broker side arrives negated. Drifting symbols first.
 */
export function compareHoldings(
  consoleSide: ReadonlyArray<{ exchange: string; tradingSymbol: string; quantity: number }>,
  brokerSide: ReadonlyArray<{ exchange: string; tradingSymbol: string; quantity: number }>,
): ReconcileSymbol[] {
  const rows = new Map<string, ReconcileSymbol>();
  const row = (exchange: string, symbol: string) => {
    const key = `${exchange}:${symbol}`;
    let r = rows.get(key);
    if (!r) {
      r = { trading_symbol: symbol, exchange, console_quantity: 0, broker_quantity: 0, drift: 0 };
      rows.set(key, r);
    }
    return r;
  };
  for (const l of consoleSide) row(l.exchange, l.tradingSymbol).console_quantity += l.quantity;
  for (const p of brokerSide) row(p.exchange, p.tradingSymbol).broker_quantity -= p.quantity;
  const out = [...rows.values()]
    .map((r) => ({ ...r, broker_quantity: r.broker_quantity + 0, drift: r.console_quantity - r.broker_quantity }))
    .filter((r) => r.console_quantity !== 0 || r.broker_quantity !== 0);
  return out.sort(
    (a, b) => Number(b.drift !== 0) - Number(a.drift !== 0) || a.trading_symbol.localeCompare(b.trading_symbol),
  );
}
