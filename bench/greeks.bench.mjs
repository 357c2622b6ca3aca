// Issue 34 item 6: greeks for an 80-leg chain on one tick (target ≤ 1 ms): every option's implied volatility
// solved from its last price and its Black-76 greeks at it (analytics/chain-greeks.logic.ts, what the chain call
// and the positions' greeks run), beside a baseline in the same run: the same 80 options' Black-76 greeks at a
// volatility already known (no solving), the least any greeks figure can cost.
import { black76 } from '../server/dist/domains/analytics/black76.logic.js';
import { chainRows } from '../server/dist/domains/analytics/chain-greeks.logic.js';

const STRIKES = 40; // × CE and PE = 80 legs
const TICKS = 3000;
const FORWARD = 24_500_00; // paise
const STEP = 50_00;
const model = { years: 5 / 252, rate: 0.0525 };

/** A smile: 12% at the money, rising a point per 500 points away. */
const volAt = (strike) => 0.12 + Math.abs(strike - FORWARD) / 500_00 / 100;

const window = [];
for (let i = 0; i < STRIKES; i++) {
  const strikePaise = FORWARD + (i - STRIKES / 2) * STEP;
  for (const optionType of ['CE', 'PE']) {
    window.push({
      tradingSymbol: `NIFTY${strikePaise / 100}${optionType}`,
      exchange: 'NFO',
      expiry: '2026-12-01',
      strikePaise,
      optionType,
    });
  }
}
const quotes = new Map(
  window.map((o) => {
    const input = {
      optionType: o.optionType,
      forward: FORWARD,
      strike: o.strikePaise,
      years: model.years,
      rate: model.rate,
    };
    return [o.tradingSymbol, Math.max(5, Math.round(black76({ ...input, vol: volAt(o.strikePaise) }).price))];
  }),
);

/** Per-tick milliseconds of `tick` over TICKS ticks, each tick's last prices moved by a paisa or two. */
function perTick(tick) {
  const times = [];
  for (let n = 0; n < TICKS; n++) {
    const wiggle = n % 3;
    const start = process.hrtime.bigint();
    tick(wiggle);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(TICKS / 2)], p99: times[Math.floor(TICKS * 0.99)] };
}

export async function run() {
  let solved = 0;
  const ours = perTick((wiggle) => {
    const rows = chainRows(window, (o) => quotes.get(o.tradingSymbol) + wiggle, FORWARD, model);
    solved = rows.reduce((n, r) => n + (r.ce.vol === null ? 0 : 1) + (r.pe.vol === null ? 0 : 1), 0);
  });
  const baseline = perTick((wiggle) => {
    for (const o of window) {
      black76({
        optionType: o.optionType,
        forward: FORWARD + wiggle,
        strike: o.strikePaise,
        years: model.years,
        rate: model.rate,
        vol: volAt(o.strikePaise),
      });
    }
  });
  const fmt = (x) => x.toFixed(3);
  console.log(
    `80-leg chain, IV solved and greeks per tick (${solved} of 80 solved): median ${fmt(ours.median)} ms, p99 ${fmt(ours.p99)} ms (target ≤ 1 ms)`,
  );
  console.log(
    `baseline, Black-76 greeks at a known volatility: median ${fmt(baseline.median)} ms, p99 ${fmt(baseline.p99)} ms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
