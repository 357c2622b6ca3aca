// The Strategy Lab (issue 30): one year of 1-minute NIFTY candles (NSE hours) through RDX with modelled options,
// beside a bare loop over the same candles that calls only RDX's decide and prices the legs it holds.
import pino from 'pino';
import { NSE_HOLIDAYS } from '../server/dist/domains/calendar/nse-holidays.js';
import { rdxStrategy } from '../server/dist/domains/rdx/rdx-strategy.logic.js';
import { runBacktest } from '../server/dist/domains/backtest/backtest-engine.js';
import { backtestResults } from '../server/dist/domains/backtest/backtest-results.logic.js';
import { createModelMarket } from '../server/dist/domains/backtest/model-market.logic.js';
import { listedRoot } from '../server/dist/domains/backtest/option-roots.logic.js';
import { modelPriceSource } from '../server/dist/domains/backtest/price-sources.js';
import { ms } from './support.mjs';

const MINUTE = 60_000;
const TARGET_MS = 5_000;

/** NSE trading days from `from` for a year, each 375 one-minute candles, a seeded random walk from ₹24,000. */
function yearOfMinutes(from) {
  const holidays = new Set(NSE_HOLIDAYS.map((h) => h.date));
  const candles = [];
  let price = 2_400_000;
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const start = Date.parse(`${from}T00:00:00Z`);
  for (let d = 0; d < 365; d++) {
    const date = new Date(start + d * 86_400_000);
    const day = date.toISOString().slice(0, 10);
    const weekday = date.getUTCDay();
    if (weekday === 0 || weekday === 6 || holidays.has(day)) continue;
    const open = Date.parse(`${day}T09:15:00+05:30`);
    for (let m = 0; m < 375; m++) {
      const next = Math.max(100_000, price + Math.round((random() - 0.5) * 2_000));
      candles.push({ ts: open + m * MINUTE, openPaise: price, closePaise: next });
      price = next;
    }
  }
  return candles;
}

function spec(candles) {
  const root = listedRoot('NIFTY', NSE_HOLIDAYS);
  return {
    type: rdxStrategy,
    configValues: [1, 0, 20_000],
    interval: '1m',
    mapping: { ceCount: 1, peCount: 1, startTime: null, endTime: null },
    instrument: {
      name: 'NIFTY 50',
      ticker: 'NIFTY',
      instrumentToken: '256265',
      marketOpenTime: '09:15',
      marketCloseTime: '15:30',
      timezone: 'Asia/Kolkata',
      tradingDays: '1,2,3,4,5',
      marketProtection: 2,
    },
    lotSizeOn: (day) => root.lotOn(root.expiriesOn(day, 1)[0].date, day),
    candles,
    prices: modelPriceSource(createModelMarket(root, 0.14)),
    fillModel: 'close',
    slippageTicks: 0,
    holidays: NSE_HOLIDAYS,
    logger: pino({ level: 'silent' }),
  };
}

/** The baseline: RDX's decide on every close and the held legs priced, nothing booked (legs kept in an array). */
function bareLoop(candles) {
  const root = listedRoot('NIFTY', NSE_HOLIDAYS);
  const market = createModelMarket(root, 0.14);
  let legs = [];
  let atmPaise = 0;
  let marked = 0;
  let day = '';
  let lotSize = 0;
  for (const c of candles) {
    const at = c.ts + MINUTE;
    const chain = market.chainAt(at, c.closePaise);
    const today = new Date(at + 19_800_000).toISOString().slice(0, 10);
    if (today !== day) [day, lotSize] = [today, root.lotOn(root.expiriesOn(today, 1)[0].date, today)];
    const decision = rdxStrategy.decide({
      mapping: { ceCount: 1, peCount: 1, startTime: null, endTime: null, runningStatus: 1 },
      config: { lotCount: 1, atmPaise, offsetPaise: 20_000, interval: '1m' },
      instrument: {
        lotSize,
        hours: {
          marketOpenTime: '09:15',
          marketCloseTime: '15:30',
          timezone: 'Asia/Kolkata',
          tradingDays: '1,2,3,4,5',
        },
      },
      legs,
      pricePaise: c.closePaise,
      chain,
      at,
    });
    if (decision.action === 'enter' || decision.action === 'realign') {
      atmPaise = decision.atmPaise;
      const closed = new Set((decision.close ?? []).map((l) => l.id));
      legs = legs.filter((l) => !closed.has(l.id));
      for (const o of decision.open) legs.push({ id: legs.length + marked + 1, ...o.option, quantity: o.quantity });
    }
    for (const l of legs) marked += market.pricePaise(l.tradingSymbol, at, c.closePaise) ?? 0;
  }
  return marked;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run() {
  const candles = yearOfMinutes('2025-12-01');
  // Both warmed on a month first (the JIT compiles the shared rules once), then each the median of three.
  bareLoop(candles.slice(0, 8_000));
  await runBacktest(spec(candles.slice(0, 8_000)));
  const bare = [];
  const engine = [];
  let results;
  for (let round = 0; round < 3; round++) {
    let start = performance.now();
    bareLoop(candles);
    bare.push(performance.now() - start);
    start = performance.now();
    const outcome = await runBacktest(spec(candles));
    results = backtestResults(outcome.fills, outcome.equity.points(), 0, 10);
    engine.push(performance.now() - start);
  }
  const [bareMs, engineMs] = [median(bare), median(engine)];
  console.log(
    `backtest, one year of 1-minute NIFTY closes (${candles.length.toLocaleString('en-US')}) through RDX, modelled ` +
      `options: median of 3 ${ms(engineMs)}, ${results.summary.trades} fills (target ≤ ${TARGET_MS} ms: ` +
      `${engineMs <= TARGET_MS ? 'meets' : 'MISSES'})`,
  );
  const overhead = engineMs / bareMs;
  console.log(
    `  bare loop (decide + price the legs, nothing booked) on the same closes: median of 3 ${ms(bareMs)}; the ` +
      `engine ${overhead.toFixed(2)}× it (target ≤ 2×: ${overhead <= 2 ? 'meets' : 'MISSES'})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
