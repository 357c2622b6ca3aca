import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkedDay, compareDay, type BookedFill, type BrokerTrade } from './ledger-check.logic.js';
import { differenceTable, exitCodeOf, reportText, type AccountResult } from './ledger-check.report.js';

const ist = (local: string) => Date.parse(`${local}+05:30`);
/** A Tuesday on the rates from 2026-04-01: STT 0.15% of the premium sold, exchange + IPFT 0.03553%. */
const DAY_START = ist('2026-05-05T00:00:00');
const at = (time: string) => ist(`2026-05-05T${time}`);
const CE = 'NIFTY26MAY24300CE';
const PE = 'NIFTY26MAY23700PE';

const trade = (orderId: string, symbol: string, side: 'BUY' | 'SELL', quantity: number, pricePaise: number) =>
  ({
    tradeId: `${orderId}-${quantity}-${pricePaise}`,
    orderId,
    tradingSymbol: symbol,
    side,
    quantity,
    pricePaise,
    at: at('10:00:00'),
  }) satisfies BrokerTrade;

/** The console's booking of a broker trade, on the console's order number `orderId`. */
const booked = (t: BrokerTrade, orderId: number, pricePaise = t.pricePaise): BookedFill => ({
  tradingSymbol: t.tradingSymbol,
  quantity: t.side === 'SELL' ? t.quantity : -t.quantity,
  pricePaise,
  at: t.at,
  kind: 'trade',
  orderId,
});

describe("a day's ledger beside the broker's trades", () => {
  it('agrees when the console booked every trade at its price, in any order, on its own order numbers', () => {
    const tradeArb = fc.record({
      order: fc.integer({ min: 1, max: 6 }),
      symbol: fc.constantFrom(CE, PE),
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      lots: fc.integer({ min: 1, max: 27 }),
      ticks: fc.integer({ min: 1, max: 20_000 }),
    });
    fc.assert(
      fc.property(fc.array(tradeArb, { maxLength: 30 }), fc.integer({ min: 100, max: 10_000 }), (rows, offset) => {
        const trades = rows.map((r) => trade(`2605050000${r.order}`, r.symbol, r.side, r.lots * 65, r.ticks * 5));
        const fills = trades.map((t) => booked(t, Number(t.orderId.slice(-1)) + offset)).reverse();
        const result = compareDay(fills, trades, DAY_START);
        expect(result.differences).toEqual([]);
        expect(result.consoleNote).toEqual(result.brokerNote);
      }),
    );
  });

  it("shows a fill ₹0.05 off in its contract's position value only: the note's roundings absorb it", () => {
    const sold = trade('1', CE, 'SELL', 130, 10_000);
    const other = trade('2', PE, 'SELL', 130, 9_000);
    const result = compareDay([booked(sold, 1, 10_005), booked(other, 2)], [sold, other], DAY_START);
    // 130 units × ₹0.05. STT ₹19.50 → ₹20 either way; exchange ₹4.62 + ₹4.16 either way.
    expect(result.differences).toEqual([{ contract: CE, component: 'value', console: 1_300_650, broker: 1_300_000 }]);
  });

  it("shows a fill ₹1 off in its contract's value and STT and in the note's lines it moves, worked by hand", () => {
    const sold = trade('1', CE, 'SELL', 1755, 10_000);
    const result = compareDay([booked(sold, 1, 10_100)], [sold], DAY_START);
    expect(result.differences).toEqual([
      // 1,755 × ₹1.00.
      { contract: CE, component: 'value', console: 17_725_500, broker: 17_550_000 },
      // 0.15% of ₹1,77,255.00 = ₹265.88 → ₹266; of ₹1,75,500.00 = ₹263.25 → ₹263 (to the rupee per contract).
      { contract: CE, component: 'stt', console: 26_600, broker: 26_300 },
      { contract: null, component: 'stt', console: 26_600, broker: 26_300 },
      // 0.03553%: ₹62.9787 → ₹62.98; ₹62.35515 → ₹62.36.
      { contract: null, component: 'exchange', console: 6_298, broker: 6_236 },
      // SEBI ₹0.18 both. 18% of (₹20 + ₹62.98 + ₹0.18) = ₹14.9688 → ₹14.97; of (₹20 + ₹62.36 + ₹0.18) → ₹14.86.
      { contract: null, component: 'gst', console: 1_497, broker: 1_486 },
      {
        contract: null,
        component: 'total',
        console: 2_000 + 26_600 + 6_298 + 18 + 1_497,
        broker: 2_000 + 26_300 + 6_236 + 18 + 1_486,
      },
    ]);
  });

  it('shows a trade the console never booked in units, value, brokerage and every line it adds to', () => {
    const entry = trade('1', CE, 'SELL', 65, 10_000);
    const exit = trade('2', CE, 'BUY', 65, 8_000);
    const result = compareDay([booked(entry, 1)], [entry, exit], DAY_START);
    const ofContract = result.differences.filter((d) => d.contract === CE);
    expect(ofContract).toEqual([
      { contract: CE, component: 'bought', console: 0, broker: 65 },
      { contract: CE, component: 'value', console: 650_000, broker: 650_000 - 520_000 },
    ]);
    const noteLines = result.differences
      .filter((d) => d.contract === null)
      .map((d) => [d.component, d.console - d.broker]);
    // One order less: ₹20 brokerage and its 18% GST; stamp duty on ₹5,200 bought: ₹0.156 → ₹0 (to the rupee).
    expect(noteLines).toContainEqual(['brokerage', -2_000]);
    expect(noteLines.find(([c]) => c === 'stamp')).toBeUndefined();
    expect(result.consoleTrades).toBe(1);
    expect(result.brokerTrades).toBe(2);
  });

  it("carries the console's expiry settlements on both notes: Kite lists no trade for them", () => {
    const entry = trade('1', CE, 'BUY', 65, 10_000);
    const settled: BookedFill = {
      ...booked(entry, 1),
      quantity: 65,
      pricePaise: 25_000,
      kind: 'settlement',
      orderId: null,
    };
    const result = compareDay([booked(entry, 1), settled], [entry], DAY_START);
    expect(result.differences).toEqual([]);
    expect(result.settlements).toBe(1);
    // The in-the-money settlement's brokerage is on the note: two orders' worth.
    expect(result.consoleNote.brokeragePaise).toBe(4_000);
  });
});

describe('the day asked for', () => {
  it('is an IST calendar day from its midnight to the next; anything else is refused', () => {
    expect(checkedDay('2026-05-05')).toEqual({ day: '2026-05-05', start: DAY_START, end: DAY_START + 86_400_000 });
    for (const bad of ['2026-02-30', '2026-5-5', 'today', '']) expect(checkedDay(bad)).toBeNull();
  });
});

describe('the report', () => {
  const sold = trade('1', CE, 'SELL', 1755, 10_000);
  const agreeing: AccountResult = {
    label: 'AB1234 (console user asha)',
    comparison: compareDay([booked(sold, 1)], [sold], DAY_START),
    error: null,
  };
  const differing: AccountResult = {
    label: 'CD5678 (console user ravi)',
    comparison: compareDay([booked(sold, 1, 10_100)], [sold], DAY_START),
    error: null,
  };
  const unchecked: AccountResult = {
    label: 'EF9012 (console user meena)',
    comparison: null,
    error: 'Kite could not be reached; check the connection and try again',
  };

  it('exits 0 when every account agrees, 1 when one differs, 2 when one could not be checked', () => {
    expect(exitCodeOf([agreeing])).toBe(0);
    expect(exitCodeOf([agreeing, differing])).toBe(1);
    expect(exitCodeOf([differing, unchecked])).toBe(2);
    expect(exitCodeOf([])).toBe(0);
  });

  it('tables the differences in rupees with two decimals, units as units, console minus broker', () => {
    const [sold] = [trade('1', CE, 'SELL', 65, 10_000)];
    const lines = differenceTable(compareDay([], [sold], DAY_START).differences);
    expect(lines[0]).toMatch(/^Contract\s+Component\s+Console\s+Broker\s+Difference$/);
    expect(lines[1]).toMatch(new RegExp(`^${CE}\\s+units sold\\s+0\\s+65\\s+-65$`));
    expect(lines[2]).toMatch(new RegExp(`^${CE}\\s+position value\\s+0.00\\s+6500.00\\s+-6500.00$`));
    expect(lines.some((l) => /^contract note\s+exchange \+ IPFT\s+0.00\s+2.31\s+-2.31$/.test(l))).toBe(true);
  });

  it('says per account whether it agrees, and ends with the verdict', () => {
    const text = reportText('Ledger check for 2026-05-05 (IST)', [agreeing, differing, unchecked]);
    expect(text).toContain(
      'AB1234 (console user asha): agrees (1 fill booked, 1 trade at the broker, 1 contract; charges ₹',
    );
    expect(text).toContain('CD5678 (console user ravi): differs');
    expect(text).toContain('+1755.00');
    expect(text).toContain('EF9012 (console user meena): could not be checked: Kite could not be reached');
    expect(text.trim().split('\n').at(-1)).toBe('1 of 3 accounts differs from the broker; 1 could not be checked.');
  });
});
