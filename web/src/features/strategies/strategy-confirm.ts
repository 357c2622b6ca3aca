import { MSG, type Exchange, type Mapping } from '@app/contract';
import type { ConfirmQuestion } from '../../components/ConfirmDialog';
import { formatQuantity as qty } from '../../lib/format';
import type { EntryPlan } from './entry-plan';
import { limitsLabel, windowLabel } from './strategy-display';
import type { StrategyAction } from './useStrategyActions';

type ConfirmFacts = Pick<
  Mapping,
  | 'is_dummy'
  | 'open_legs'
  | 'broker_username'
  | 'instrument_name'
  | 'start_time'
  | 'end_time'
  | 'max_loss'
  | 'target_profit'
>;

/** "a", "a and b", "a, b and c". */
function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function buyBackText(m: ConfirmFacts): string {
  return listOf(m.open_legs.map((leg) => `${qty(Math.abs(leg.quantity))} ${leg.trading_symbol}`));
}

function sellText(plan: EntryPlan): string {
  if (plan.sells.length === 0) return `sells nothing ${plan.whyNothing}`;
  return `sells ${listOf(plan.sells)} ${plan.how}`;
}

/** The account and instrument every LIVE question names first. */
const where = (m: ConfirmFacts) => [`Account: ${m.broker_username ?? 'none'}`, `Instrument: ${m.instrument_name}`];

/** What a LIVE start or resume commits to: where, how much per side, when, and its limits. */
function tradingSpecifics(m: ConfirmFacts, plan: EntryPlan): string[] {
  return [
    ...where(m),
    ...plan.sideLines,
    `Interval: ${plan.interval ?? 'not configured'}`,
    `Window: ${windowLabel(m.start_time, m.end_time)}`,
    `Limits: ${limitsLabel(m) ?? 'none'}`,
  ];
}

function startQuestion(m: ConfirmFacts, plan: EntryPlan, exchange: Exchange | undefined, isResume: boolean) {
  const entry = plan.sells.length > 0 ? `sells ${listOf(plan.sells)} at market when it holds nothing` : 'sells nothing';
  const holds = m.open_legs.length > 0 ? `It holds ${buyBackText(m)}. ` : '';
  // On the built-in exchange a LIVE strategy sends real orders but moves no real money: say which.
  const money = exchange === 'sandbox' ? 'on the sandbox exchange (simulated, no real money)' : 'real money';
  const from = isResume ? `It trades ${money} again` : `It trades ${money}`;
  const question: ConfirmQuestion = {
    title: `${isResume ? 'Resume' : 'Start'} this LIVE strategy?`,
    text: `${holds}${from} from the next ${plan.interval ? `${plan.interval} ` : ''}candle close: it ${entry}, and ${plan.thenWhat}.`,
    details: tradingSpecifics(m, plan),
    confirmLabel: isResume ? 'Resume LIVE' : 'Start LIVE',
    isDanger: true,
  };
  return question;
}

/**
 * The question asked before a row action, or null when the action goes ahead at once. LIVE money is named
 * in quantities: Start and Resume what they will sell, per side, where and when; Exit the legs it buys
 * back; Realign what it closes and what it sells (`plan`: what the row's strategy type says its entry trades;
 * `exchange`: where LIVE orders go, the built-in sandbox moving no real money). Paper strategies keep SPEC's
 * Exit question and start, resume and realign at once.
 */
export function actionConfirmation(
  action: StrategyAction,
  m: ConfirmFacts,
  plan: EntryPlan,
  exchange?: Exchange,
): ConfirmQuestion | null {
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
    const sell = sellText(plan);
    const text =
      m.open_legs.length === 0 ? `It ${sell}, at market.` : `Buys back ${buyBackText(m)}, then ${sell}, at market.`;
    return { title: 'Realign this LIVE strategy?', text, details: where(m), confirmLabel: 'Realign', isDanger: true };
  }
  if (action === 'start' || action === 'resume') return startQuestion(m, plan, exchange, action === 'resume');
  return null;
}
