import type { Mapping, SymbolPosition } from '@app/contract';
import { formatInr, formatQuantity } from '../../lib/format';
import { DAY_PNL_TITLE, formatPnl, type PnlTone } from './pnl-display';
import { positionKeys } from './position-cache';

/*
 * The Positions view (issue 32 item 1): the trader's open contracts netted across their strategies, as Kite's
 * positions screen shows them. The figures come ready from the server (GET /positions/by-symbol); this only
 * words them.
 */

/** Under `positionKeys.all`, so what refreshes every positions list (a match with the broker) refreshes it. */
export const bySymbolKey = () => [...positionKeys.all, 'by-symbol'] as const;

/**
 * A fill changes the rows and a price their figures: the socket's price and fill events read them again as
 * they come (RealtimeBridge); this poll only covers a socket that is down or a quiet market.
 */
export const BY_SYMBOL_POLL_MS = 30_000;

export interface HolderLabel {
  id: number;
  /** "RDX · NIFTY (paper)"; "Strategy 12" when the strategy is no longer listed. */
  label: string;
}

export interface SymbolRowText {
  symbol: string;
  /** Kite's sign: "−130" short, "+65" long. */
  quantity: string;
  isShort: boolean;
  average: string;
  ltp: string;
  /** Why the LTP may be old, when it is its last fill's price rather than a quote. */
  ltpNote: string | null;
  dayPnl: { text: string; tone: PnlTone | null; title: string };
  mtm: { text: string; tone: PnlTone };
  holders: HolderLabel[];
}

const STALE_NOTE = 'No live quote: the price of its last fill';
const DAY_UNKNOWN = 'Held overnight and its previous close is not known, so its day P&L is not either';

/** A strategy as the trader named it on the Strategies screen, with its mode. */
export function holderLabel(
  id: number,
  mapping: Pick<Mapping, 'strategy_name' | 'instrument_name' | 'is_dummy'> | undefined,
) {
  if (!mapping) return `Strategy ${id}`;
  return `${mapping.strategy_name} · ${mapping.instrument_name} (${mapping.is_dummy === 1 ? 'paper' : 'live'})`;
}

/** One row's words; `mappings` are the trader's strategies, to name those holding the contract. */
export function symbolRowText(p: SymbolPosition, mappings: ReadonlyMap<number, Mapping>): SymbolRowText {
  const mtm = formatPnl(p.mtm);
  const day = p.day_pnl === null ? null : formatPnl(p.day_pnl);
  return {
    symbol: p.trading_symbol,
    quantity: p.quantity > 0 ? `+${formatQuantity(p.quantity)}` : `−${formatQuantity(Math.abs(p.quantity))}`,
    isShort: p.quantity < 0,
    average: formatInr(p.average_price),
    ltp: p.ltp === null ? '-' : formatInr(p.ltp),
    ltpNote: p.ltp !== null && p.ltp_is_stale ? STALE_NOTE : null,
    dayPnl: day
      ? { text: day.text, tone: day.tone, title: DAY_PNL_TITLE }
      : { text: '-', tone: null, title: DAY_UNKNOWN },
    mtm: { text: mtm.text, tone: mtm.tone },
    holders: p.mapping_ids.map((id) => ({ id, label: holderLabel(id, mappings.get(id)) })),
  };
}
