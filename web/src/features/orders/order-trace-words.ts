import type { BookOrder, OrderTrace } from '@app/contract';
import { formatDateTimeIn, formatInr, formatQuantity, formatTimeIn, IST_ZONE, sideOf } from '../../lib/format';

type Decision = NonNullable<OrderTrace['decision']>;
type Author = OrderTrace['author'];

/** Shown instead of the strategy and decision lines for an order written before traces were kept. */
export const NO_TRACE_WORDS = 'This order was placed before the console kept traces.';

/** The panel's name: "Trace of order 250101000000123", or the console's own number before the broker gave one. */
export function traceTitle(order: Pick<BookOrder, 'broker_order_id' | 'id'>): string {
  return `Trace of order ${order.broker_order_id ?? `#${order.id ?? '?'}`}`;
}

const ACTION_WORDS: Record<Decision['action'], string> = {
  enter: 'Entry',
  realign: 'Realign',
  squareOff: 'Square-off',
};

/** Why a square-off squared off, as a trader says it; unknown reasons read with spaces for underscores. */
const REASON_WORDS: Record<string, string> = {
  exit: "the trader's Exit",
  'window end': "the trading window's end",
  max_loss: 'Max Loss reached',
  target_profit: 'Target Profit reached',
  daily_max_loss: 'Daily Max Loss reached',
  portfolio_limit: 'a portfolio limit reached (reduce on breach)',
  kill_switch: 'the kill switch',
  expiry: "the contracts' expiry",
};

/** A square-off's reason in words: "the trader's Exit", "Max Loss reached", or "window end" for one unnamed here. */
export function reasonWords(reason: string): string {
  return REASON_WORDS[reason] ?? reason.replace(/_/g, ' ');
}

/** "10:30 IST (23 Nov 2026)": the clock time first, as a trader reads a candle, then its day. */
export function istMoment(at: string): string {
  const time = formatTimeIn(at, IST_ZONE, { seconds: false });
  const dateTime = formatDateTimeIn(at, IST_ZONE, { seconds: false });
  // formatDateTimeIn says "23 Nov 2026, 10:30 IST": the day is what comes before its last comma.
  const day = dateTime.slice(0, dateTime.lastIndexOf(', '));
  return `${time} (${day})`;
}

/** "Strategy: RDX rules v1 · algo ID RDX-1". */
export function strategyLine(strategy: NonNullable<OrderTrace['strategy']>): string {
  return `Strategy: ${strategy.type} rules v${strategy.version} · algo ID ${strategy.algo_id}`;
}

/**
 * "Decided: Entry at the candle closing 10:30 IST (23 Nov 2026) on NIFTY at ₹24,500.00 · ATM ₹24,500.00". The
 * engine decides on a candle's close; a person's or the console's action is dated at its own moment.
 */
export function decisionLine(decision: Decision, author: Author, instrumentName: string | null): string {
  const action =
    decision.action === 'squareOff' && decision.reason
      ? `${ACTION_WORDS.squareOff} (${reasonWords(decision.reason)})`
      : ACTION_WORDS[decision.action];
  const when =
    author?.kind === 'engine' ? `at the candle closing ${istMoment(decision.at)}` : `at ${istMoment(decision.at)}`;
  const parts = [`Decided: ${action} ${when}`];
  if (instrumentName) parts.push(`on ${instrumentName}`);
  if (decision.underlying_price !== null) parts.push(`at ${formatInr(decision.underlying_price)}`);
  const line = parts.join(' ');
  return decision.atm === null ? line : `${line} · ATM ${formatInr(decision.atm)}`;
}

/** "By: the engine (candle close)", "By: asha", or "By: the console (…)"; null when the trace names nobody. */
export function authorLine(author: Author): string | null {
  if (!author) return null;
  if (author.kind === 'engine') return 'By: the engine (candle close)';
  if (author.kind === 'console') return 'By: the console (a limit, the kill switch or the chase)';
  return `By: ${author.username ?? 'a user no longer on the console'}`;
}

function settingValue(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** "Settings: lotCount 1 · atm 24500 · offset 100 · interval 15m (version 1a2b3c4d5e6f)", any type's settings. */
export function settingsLine(decision: Pick<Decision, 'config' | 'config_version'>): string {
  const entries = Object.entries(decision.config).map(([key, value]) => `${key} ${settingValue(value)}`);
  const settings = entries.length > 0 ? entries.join(' · ') : 'none';
  return `Settings: ${settings} (version ${decision.config_version})`;
}

/** The trace's lines in the order a trader asks: which rules, what was decided, by whom, under what settings. */
export function traceLines(trace: Pick<OrderTrace, 'order' | 'strategy' | 'decision' | 'author'>): string[] {
  if (!trace.strategy || !trace.decision) return [NO_TRACE_WORDS];
  const by = authorLine(trace.author);
  return [
    strategyLine(trace.strategy),
    decisionLine(trace.decision, trace.author, trace.order.instrument_name),
    ...(by ? [by] : []),
    settingsLine(trace.decision),
  ];
}

/** A fill's signed quantity as its side and size: "SELL 65" (a sale is positive), "BUY 1,300". */
export function fillQuantityText(quantity: number): string {
  const { side, quantity: size } = sideOf(quantity);
  return `${side} ${formatQuantity(size)}`;
}
