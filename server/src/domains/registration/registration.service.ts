import { BacktestSummarySchema } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { DownloadFile } from '../../platform/csv-route.js';
import { notFound } from '../../platform/errors.js';
import type { OrderLimits } from '../brokers/broker-port.js';
import { strategyTypeOf } from '../strategies/strategy-registry.js';
import { pdfFromLines } from './pdf-text.logic.js';
import { packMarkdown, packPdfLines, type PackFacts } from './registration-pack.logic.js';
import type { RegistrationRepository } from './registration.repository.js';

const IST = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const istWhen = (ms: number) => `${IST.format(ms)} IST`;
/** A share (0–1) as a whole percentage. */
const percent = (share: number) => share.toLocaleString('en-IN', { style: 'percent', maximumFractionDigits: 0 });
const rupees = (value: number) =>
  `Rs. ${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export interface RegistrationDeps {
  repo: RegistrationRepository;
  clock: Clock;
  /** The broker's order rate the console keeps each account under (the broker registry's). */
  orderLimits: OrderLimits;
  /** Whether the kill switch is engaged now. */
  killSwitchEngaged: () => Promise<boolean>;
  usernameOf: (userId: number) => Promise<string | null>;
  mode: 'sandbox' | 'live';
}

/**
 * A strategy type's registration pack (issue 31 item 9) for the caller: its documented rules and bounds, the
 * console's controls with their figures, and the caller's own latest evidence (a backtest, paper and sandbox
 * fills), as Markdown or PDF.
 */
export function createRegistrationService(deps: RegistrationDeps) {
  /** What the console does to every order of any strategy, with the figures in force now. */
  async function controls(): Promise<string[]> {
    const { perSecond, perMinute } = deps.orderLimits;
    const engaged = await deps.killSwitchEngaged();
    return [
      `Order rate: at most ${perSecond} orders a second and ${perMinute} a minute per broker account, queued in the console (never sent past the broker's limit); exits and square-offs overtake entries.`,
      "Market orders carry the instrument's market protection (set by the admin per instrument; -1, the broker's automatic band, by default), as exchanges require of API orders since 1 April 2026.",
      "Orders above the exchange's freeze quantity are sliced into whole lots within it (the NSE circular's table).",
      "Static IP: each broker account's orders leave from its own egress and are checked against the IPs registered with the broker at every save, token, Start and every 5 minutes while live; a mismatch refuses and pauses that account's strategies.",
      'Broker session: a live Start or Resume asks the broker for the session first and refuses when it has ended.',
      'Loss and profit limits: Max Loss and Target Profit per strategy, Daily Max Loss per trader (an admin can cap each); reaching one buys back every leg and stops.',
      `Kill switch: an admin stops every strategy and buys back every leg in one action; now ${engaged ? 'ENGAGED' : 'released'}.`,
      'No double orders: each order is written with its tag before it is sent; a lost reply is settled with the broker by that tag before any other order, under a per-strategy database lock.',
      'Traceability: every live order keeps its rules version, algo ID, the inputs it was decided on and its author, one click from the order book; the audit trail is hash-chained, verifiable end to end, and kept five years.',
    ];
  }

  async function backtestLines(userId: number, strategyId: number): Promise<string[] | null> {
    const run = await deps.repo.latestBacktest(userId, strategyId);
    if (!run) return null;
    const parsed = BacktestSummarySchema.safeParse(run.summary ? JSON.parse(run.summary) : null);
    const lines = [
      `Run #${run.id}: ${run.instrumentName ?? 'instrument'} from ${run.fromText} to ${run.toText}, ${run.interval} candles, prices ${run.priceSource}, fills ${run.fillModel}${run.finishedAt ? `, finished ${istWhen(run.finishedAt)}` : ''}.`,
    ];
    if (parsed.success) {
      const s = parsed.data;
      lines.push(
        `Trades: ${s.trades} over ${s.days} days; net P&L ${rupees(s.net_pnl)} after charges of ${rupees(s.charges)}.`,
        `Largest drawdown: ${rupees(s.max_drawdown)}; winning closes: ${s.win_rate === null ? 'none closed' : percent(s.win_rate)}.`,
        `Result hash: ${s.result_hash} (the same inputs give the same hash on any console).`,
      );
      if (s.missing_prices.count > 0) {
        lines.push(
          `Closes without an option price: ${s.missing_prices.count} (first ${s.missing_prices.first ?? '-'}).`,
        );
      }
    }
    return lines;
  }

  async function tradingLines(userId: number, strategyId: number): Promise<string[]> {
    const rows = await deps.repo.fillsByMode(userId, strategyId);
    const lines = [0, 1].map((isDummy) => {
      const mode = isDummy === 1 ? 'Paper' : deps.mode === 'sandbox' ? 'Live on the sandbox exchange' : 'Live';
      const row = rows.find((r) => Number(r.isDummy) === isDummy);
      if (!row || Number(row.fills) === 0) return `${mode}: no fills yet.`;
      return `${mode}: ${Number(row.fills)} fills across ${Number(row.strategies)} strategies, ${istWhen(Number(row.first))} to ${istWhen(Number(row.last))}.`;
    });
    lines.push(`Live orders the broker rejected: ${await deps.repo.refusedOrders(userId, strategyId)}.`);
    return lines;
  }

  return {
    async pack(userId: number, typeName: string, format: 'md' | 'pdf'): Promise<DownloadFile> {
      const type = strategyTypeOf(typeName);
      const row = type && (await deps.repo.strategyNamed(type.id));
      if (!type || !row) throw notFound('Strategy type');
      const facts: PackFacts = {
        strategy: type,
        controls: await controls(),
        backtest: await backtestLines(userId, row.id),
        trading: await tradingLines(userId, row.id),
        generatedAt: istWhen(deps.clock.now()),
        preparedFor: (await deps.usernameOf(userId)) ?? `user #${userId}`,
        mode: deps.mode,
      };
      const name = `${type.id.toLowerCase()}-v${type.version}-registration`;
      return format === 'pdf'
        ? { filename: `${name}.pdf`, contentType: 'application/pdf', body: pdfFromLines(packPdfLines(facts), name) }
        : { filename: `${name}.md`, contentType: 'text/markdown; charset=utf-8', body: packMarkdown(facts) };
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
