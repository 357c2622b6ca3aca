import { MSG, type Exchange, type Mapping } from '@app/contract';
import type { ConfirmQuestion } from '../../components/ConfirmDialog';
import { formatQuantity as qty } from '../../lib/format';
import { limitsLabel, windowLabel } from './strategy-display';
import type { StrategyAction } from './useStrategyActions';

type ConfirmFacts = Pick<
  Mapping,
  | 'is_dummy'
  | 'open_legs'
  | 'ce_count'
  | 'pe_count'
  | 'lot_size'
  | 'broker_username'
  | 'instrument_name'
  | 'start_time'
  | 'end_time'
  | 'max_loss'
  | 'target_profit'
>;

/** What the row's RDX configuration adds to a LIVE question: its lot count and candle interval. */
export interface RdxFacts {
  lotCount: number;
  interval: string | null;
  /** Where LIVE orders go: on the built-in sandbox exchange a LIVE strategy moves no real money. */
  exchange?: Exchange;
}

/** "a", "a and b", "a, b and c". */
function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const lotsText = (n: number) => `${n} lot${n === 1 ? '' : 's'}`;

/** Quantity an entry sells per side: count × RDX lot count × the instrument's lot size. */
export function sellQuantities(m: ConfirmFacts, lotCount: number): { ce: number; pe: number } {
  return { ce: m.ce_count * lotCount * m.lot_size, pe: m.pe_count * lotCount * m.lot_size };
}

function buyBackText(m: ConfirmFacts): string {
  return listOf(m.open_legs.map((leg) => `${qty(Math.abs(leg.quantity))} ${leg.trading_symbol}`));
}

function sides(m: ConfirmFacts, lotCount: number): string[] {
  const { ce, pe } = sellQuantities(m, lotCount);
  return [ce > 0 ? `${qty(ce)} CE` : null, pe > 0 ? `${qty(pe)} PE` : null].filter((s) => s !== null);
}

function sellText(m: ConfirmFacts, lotCount: number): string {
  const sold = sides(m, lotCount);
  if (sold.length === 0) return 'sells nothing (CE Count and PE Count are both 0)';
  return `sells ${listOf(sold)} at the current ATM (count × ${lotsText(lotCount)} × lot size ${qty(m.lot_size)})`;
}

/** One side of an entry: "1 × 2 lots × lot size 65 = 130", or none. */
function sideLine(side: 'CE' | 'PE', count: number, m: ConfirmFacts, lotCount: number): string {
  if (count === 0) return `${side}: none (${side} Count 0)`;
  return `${side}: ${count} × ${lotsText(lotCount)} × lot size ${qty(m.lot_size)} = ${qty(count * lotCount * m.lot_size)}`;
}

/** The account and instrument every LIVE question names first. */
const where = (m: ConfirmFacts) => [`Account: ${m.broker_username ?? 'none'}`, `Instrument: ${m.instrument_name}`];

/** What a LIVE start or resume commits to: where, how much per side, when, and its limits. */
function tradingSpecifics(m: ConfirmFacts, rdx: RdxFacts): string[] {
  return [
    ...where(m),
    sideLine('CE', m.ce_count, m, rdx.lotCount),
    sideLine('PE', m.pe_count, m, rdx.lotCount),
    `Interval: ${rdx.interval ?? 'not configured'}`,
    `Window: ${windowLabel(m.start_time, m.end_time)}`,
    `Limits: ${limitsLabel(m) ?? 'none'}`,
  ];
}

function startQuestion(m: ConfirmFacts, rdx: RdxFacts, isResume: boolean): ConfirmQuestion {
  const sold = sides(m, rdx.lotCount);
  const entry = sold.length > 0 ? `sells ${listOf(sold)} at market when it holds nothing` : 'sells nothing';
  const holds = m.open_legs.length > 0 ? `It holds ${buyBackText(m)}. ` : '';
  // On the built-in exchange a LIVE strategy sends real orders but moves no real money: say which.
  const money = rdx.exchange === 'sandbox' ? 'on the sandbox exchange (simulated, no real money)' : 'real money';
  const from = isResume ? `It trades ${money} again` : `It trades ${money}`;
  return {
    title: `${isResume ? 'Resume' : 'Start'} this LIVE strategy?`,
    text: `${holds}${from} from the next ${rdx.interval ? `${rdx.interval} ` : ''}candle close: it ${entry}, and realigns as the ATM moves.`,
    details: tradingSpecifics(m, rdx),
    confirmLabel: isResume ? 'Resume LIVE' : 'Start LIVE',
    isDanger: true,
  };
}

/**
 * The question asked before a row action, or null when the action goes ahead at once. LIVE money is named
 * in quantities: Start and Resume what they will sell, per side, where and when; Exit the legs it buys
 * back; Realign what it closes and what it sells (`rdx`: the mapping's RDX lot count and interval). Paper
 * strategies keep SPEC's Exit question and start, resume and realign at once.
 */
export function actionConfirmation(action: StrategyAction, m: ConfirmFacts, rdx: RdxFacts): ConfirmQuestion | null {
  const isLive = m.is_dummy !== 1;
  if (action === 'exit') {
    if (!isLive) return { title: MSG.confirmExitStrategy, confirmLabel: 'Exit', isDanger: true };
    const text =
      m.open_legs.length === 0
        ? 'It holds no open positions, so it only stops.'
        : `Buys back ${buyBackText(m)} at market.`;
    return { title: 'Exit this LIVE strategy?', text, details: where(m), confirmLabel: 'Exit', isDanger: true };
  }
  if (!isLive) return null;
  if (action === 'realign') {
    const sell = sellText(m, rdx.lotCount);
    const text =
      m.open_legs.length === 0 ? `It ${sell}, at market.` : `Buys back ${buyBackText(m)}, then ${sell}, at market.`;
    return { title: 'Realign this LIVE strategy?', text, details: where(m), confirmLabel: 'Realign', isDanger: true };
  }
  if (action === 'start' || action === 'resume') return startQuestion(m, rdx, action === 'resume');
  return null;
}
