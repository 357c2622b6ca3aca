import type { DataSource, LiveDataConfig } from '@app/contract';

const SOURCE_LABELS: Record<DataSource, string> = { kite: 'Kite', binance: 'Binance' };

/** A data source as a trader names it: "Kite", "Binance". */
export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source as DataSource] ?? source;
}

/** A stored series by name, not token: "NIFTY 50 · 5m · Kite"; the raw token only when nothing is registered. */
export function seriesTitle(name: string | null | undefined, token: string, interval: string, source: string): string {
  return `${name ?? token} · ${interval} · ${sourceLabel(source)}`;
}

/** One live config in a report line: "NIFTY 50 5m (Kite)". */
export function configLabel(
  config: Pick<LiveDataConfig, 'instrument_name' | 'instrument_token' | 'interval' | 'source'>,
) {
  return `${config.instrument_name ?? config.instrument_token} ${config.interval} (${sourceLabel(config.source)})`;
}

/** An instrument in a list: "NIFTY 50 (256265)", or just "BTCUSDT" when its name is its symbol. */
export function instrumentLabel(name: string | null | undefined, token: string): string {
  if (!name) return token;
  return name === token ? name : `${name} (${token})`;
}
