/**
 * What `npm run ledger:check` prints: per account, agreement in one line or its differences as a table
 * (contract, component, the console's figure, the broker's, console minus broker), money in rupees with two
 * decimals, units as they are. Pure: text in, text out.
 */
import { rupeesText } from '@app/contract';
import { isUnits, type Component, type DayComparison, type Difference } from './ledger-check.logic.js';

export interface AccountResult {
  /** How a trader names the account: its broker user id and the console user it belongs to. */
  label: string;
  /** Null when it could not be checked (`error` says why). */
  comparison: DayComparison | null;
  error: string | null;
}

/** 0: every account agrees; 1: some account differs; 2: some account could not be checked (as diff(1)). */
export function exitCodeOf(results: readonly AccountResult[]): 0 | 1 | 2 {
  if (results.some((r) => r.error !== null)) return 2;
  return results.some((r) => (r.comparison?.differences.length ?? 0) > 0) ? 1 : 0;
}

const COMPONENT_WORDS: Record<Component, string> = {
  bought: 'units bought',
  sold: 'units sold',
  value: 'position value',
  stt: 'STT',
  brokerage: 'brokerage',
  exchange: 'exchange + IPFT',
  sebi: 'SEBI fee',
  stamp: 'stamp duty',
  gst: 'GST',
  total: 'total charges',
};

const amount = (component: Component, n: number) => (isUnits(component) ? String(n) : rupeesText(n));
const signed = (component: Component, n: number) => `${n > 0 ? '+' : ''}${amount(component, n)}`;

/** The differences as aligned rows under a header. */
export function differenceTable(differences: readonly Difference[]): string[] {
  const rows = differences.map((d) => [
    d.contract ?? 'contract note',
    COMPONENT_WORDS[d.component],
    amount(d.component, d.console),
    amount(d.component, d.broker),
    signed(d.component, d.console - d.broker),
  ]);
  const all = [['Contract', 'Component', 'Console', 'Broker', 'Difference'], ...rows];
  const widths = all[0]!.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  // Names left, figures right, so the paise line up.
  return all.map((r) => r.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
}

function accountLines(r: AccountResult): string[] {
  if (r.comparison === null) return [`${r.label}: could not be checked: ${r.error ?? 'no reason given'}`];
  const c = r.comparison;
  const counts =
    `${c.consoleTrades} fill${c.consoleTrades === 1 ? '' : 's'} booked, ${c.brokerTrades} trade` +
    `${c.brokerTrades === 1 ? '' : 's'} at the broker, ${c.contracts} contract${c.contracts === 1 ? '' : 's'}` +
    (c.settlements > 0 ? `, ${c.settlements} expiry settlement${c.settlements === 1 ? '' : 's'} (on both notes)` : '');
  if (c.differences.length === 0) {
    return [`${r.label}: agrees (${counts}; charges ₹${rupeesText(c.consoleNote.totalPaise)})`];
  }
  return [`${r.label}: differs (${counts})`, ...differenceTable(c.differences).map((line) => `  ${line}`)];
}

/** The last line: agreement, or how many accounts differ and how many could not be checked. */
function verdictOf(results: readonly AccountResult[]): string {
  const differing = results.filter((r) => (r.comparison?.differences.length ?? 0) > 0).length;
  const unchecked = results.filter((r) => r.error !== null).length;
  if (differing === 0 && unchecked === 0) return 'The ledger agrees with the broker.';
  const of = `of ${results.length} account${results.length === 1 ? '' : 's'}`;
  const parts = [
    ...(differing > 0 ? [`${differing} ${of} differ${differing === 1 ? 's' : ''} from the broker`] : []),
    ...(unchecked > 0 ? [`${unchecked}${differing > 0 ? '' : ` ${of}`} could not be checked`] : []),
  ];
  return `${parts.join('; ')}.`;
}

/** The whole report: a heading, each account, and a last line with the verdict. */
export function reportText(heading: string, results: readonly AccountResult[]): string {
  const lines = [heading, ''];
  if (results.length === 0) lines.push('No live trades on that day, at the console or at the broker.');
  for (const r of results) lines.push(...accountLines(r));
  lines.push('', verdictOf(results));
  return `${lines.join('\n')}\n`;
}
