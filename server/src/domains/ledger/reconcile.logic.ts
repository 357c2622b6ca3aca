import type { ReconcileSymbol } from '@app/contract';

/**
 * The console's open quantity per symbol beside the broker's, both in SPEC's sign (> 0 short). Kite's
 * positions count long as positive, so the broker side arrives negated. A symbol in `inFlight`
 * (`EXCHANGE:SYMBOL`: an order on it is settling, issue 28) is shown with both sides as they are, marked in
 * flight, and drift 0: mid-trade the broker may hold the fill before the console books it, which is no drift.
 * Drifting symbols first.
 */
export function compareHoldings(
  consoleSide: ReadonlyArray<{ exchange: string; tradingSymbol: string; quantity: number }>,
  brokerSide: ReadonlyArray<{ exchange: string; tradingSymbol: string; quantity: number }>,
  inFlight: ReadonlySet<string> = new Set(),
): ReconcileSymbol[] {
  const rows = new Map<string, ReconcileSymbol>();
  const row = (exchange: string, symbol: string) => {
    const key = `${exchange}:${symbol}`;
    let r = rows.get(key);
    if (!r) {
      r = { trading_symbol: symbol, exchange, console_quantity: 0, broker_quantity: 0, drift: 0, in_flight: false };
      rows.set(key, r);
    }
    return r;
  };
  for (const l of consoleSide) row(l.exchange, l.tradingSymbol).console_quantity += l.quantity;
  for (const p of brokerSide) row(p.exchange, p.tradingSymbol).broker_quantity -= p.quantity;
  const out = [...rows.values()]
    .map((r) => {
      const isInFlight = inFlight.has(`${r.exchange}:${r.trading_symbol}`);
      const brokerQuantity = r.broker_quantity + 0; // no -0 on the wire
      return {
        ...r,
        broker_quantity: brokerQuantity,
        drift: isInFlight ? 0 : r.console_quantity - brokerQuantity,
        in_flight: isInFlight,
      };
    })
    .filter((r) => r.console_quantity !== 0 || r.broker_quantity !== 0);
  return out.sort(
    (a, b) => Number(b.drift !== 0) - Number(a.drift !== 0) || a.trading_symbol.localeCompare(b.trading_symbol),
  );
}

/**
 * Each symbol with the console's strategies holding it and how much (issue 27), so a trader whose broker holds
 * less can book the right strategy's leg as bought back. Legs of one strategy in one symbol are summed.
 */
export function withHolders(
  symbols: readonly ReconcileSymbol[],
  legs: ReadonlyArray<{
    exchange: string;
    tradingSymbol: string;
    quantity: number;
    mappingId: number;
    strategyName: string;
    instrumentName: string;
  }>,
): ReconcileSymbol[] {
  return symbols.map((s) => {
    const byMapping = new Map<number, NonNullable<ReconcileSymbol['holders']>[number]>();
    for (const l of legs) {
      if (l.exchange !== s.exchange || l.tradingSymbol !== s.trading_symbol) continue;
      const held = byMapping.get(l.mappingId) ?? {
        user_strategy_mapping_id: l.mappingId,
        strategy_name: l.strategyName,
        instrument_name: l.instrumentName,
        quantity: 0,
      };
      held.quantity += l.quantity;
      byMapping.set(l.mappingId, held);
    }
    return { ...s, holders: [...byMapping.values()] };
  });
}

/** "short 75", "long 25", "flat": a quantity in SPEC's sign (> 0 short), as the banner words it. */
export function holdingWords(quantity: number): string {
  if (quantity > 0) return `short ${quantity}`;
  if (quantity < 0) return `long ${-quantity}`;
  return 'flat';
}

/**
 * What a strategy paused on a broker difference names (issue 27): "NIFTY25D0424000CE: console short 75, broker
 * flat", for each symbol the console counts more of than the broker holds.
 */
export function driftPauseNote(
  symbols: ReadonlyArray<Pick<ReconcileSymbol, 'trading_symbol' | 'console_quantity' | 'broker_quantity'>>,
): string {
  return symbols
    .map(
      (s) =>
        `${s.trading_symbol}: console ${holdingWords(s.console_quantity)}, broker ${holdingWords(s.broker_quantity)}`,
    )
    .join('; ');
}

/**
 * One difference between an account and its broker, and since when it has been seen as it is: alerted once,
 * when it starts or changes, and never again while it stays the same (issue 27: the reconciliation worker
 * compares every minute).
 */
export interface DriftEpisode {
  /** The difference's shape (`driftShapeKey`). */
  shapeKey: string;
  since: number;
}

/**
 * The same difference (same symbols, same quantities on both sides) has one key, in any order; a changed
 * quantity another. Null when the account agrees with its broker. A symbol in flight is no difference.
 */
export function driftShapeKey(
  symbols: ReadonlyArray<
    Pick<ReconcileSymbol, 'exchange' | 'trading_symbol' | 'console_quantity' | 'broker_quantity' | 'in_flight'>
  >,
): string | null {
  const parts = symbols
    .filter((s) => s.in_flight !== true && s.console_quantity !== s.broker_quantity)
    .map((s) => `${s.exchange}:${s.trading_symbol}=${s.console_quantity}/${s.broker_quantity}`)
    .sort();
  return parts.length === 0 ? null : parts.join(',');
}

/**
 * What a comparison makes of the account's episode: agreement ends it; a difference not seen before (none was
 * open, or it was another shape) starts one, to be alerted; the same difference keeps the one it had.
 */
export function nextDriftEpisode(
  previous: DriftEpisode | null,
  shapeKey: string | null,
  now: number,
): { next: DriftEpisode | null; isNew: boolean } {
  if (shapeKey === null) return { next: null, isNew: false };
  if (previous?.shapeKey === shapeKey) return { next: previous, isNew: false };
  return { next: { shapeKey, since: now }, isNew: true };
}
