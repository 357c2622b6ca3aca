// The Kite order stories' shared sandbox and helpers: here so src/sandbox/kite-order*.test.ts need not repeat them.
import { afterEach, beforeEach } from 'vitest';
import { parseKiteInstrumentsCsv, type KiteInstrument } from '../src/protocols/kite-instruments-csv.js';
import type { SandboxExchange, SandboxExchangeOptions } from '../src/sandbox/sandbox-exchange.js';
import { form, jsonOf, kiteAuth, kiteGet, startTestSandbox, type ManualClock } from './sandbox-helpers.js';

/** NIFTY's lot (NSE, from the January 2026 expiries) and its largest whole-lot slice within the 1800 freeze. */
export const NIFTY_LOT = 65;
export const NIFTY_SLICE = 27 * NIFTY_LOT; // 1755

/** A sandbox with its clock and a signed-in Kite user (AB1234); a test may restart it with other options. */
export class KiteOrdersSandbox {
  sandbox!: SandboxExchange;
  clock!: ManualClock;
  token!: string;

  async start(options: Partial<SandboxExchangeOptions> = {}): Promise<void> {
    ({ sandbox: this.sandbox, clock: this.clock } = await startTestSandbox(options));
    this.token = this.sandbox.control.issueKiteAccessToken('AB1234');
  }

  /** A fresh sandbox in place of this one (same seed), e.g. with other rate limits. */
  async restart(options: Partial<SandboxExchangeOptions> = {}): Promise<void> {
    await this.sandbox.close();
    await this.start(options);
  }

  /** The listed option of `name` and `expiry` nearest the money. */
  async atmOption(name = 'NIFTY', expiry = '2025-12-16', type = 'CE'): Promise<KiteInstrument> {
    const rows = parseKiteInstrumentsCsv(await (await fetch(`${this.sandbox.urls.kiteApi}/instruments/NFO`)).text());
    const index = name === 'NIFTY' ? 'NIFTY 50' : 'NIFTY BANK';
    const spot = (await kiteGet(this.sandbox, `/quote/ltp?i=NSE:${encodeURIComponent(index)}`, this.token)).body.data[
      `NSE:${index}`
    ].last_price as number;
    const chain = rows.filter((r) => r.name === name && r.expiry === expiry && r.instrumentType === type);
    chain.sort((a, b) => Math.abs(a.strike - spot) - Math.abs(b.strike - spot));
    const option = chain[0];
    if (!option) throw new Error(`no ${name} ${expiry} option listed`);
    return option;
  }

  async quoteOf(option: KiteInstrument) {
    const key = `NFO:${option.tradingsymbol}`;
    return (await kiteGet(this.sandbox, `/quote?i=${key}`, this.token)).body.data[key];
  }

  async lastState(orderId: string) {
    return (await kiteGet(this.sandbox, `/orders/${orderId}`, this.token)).body.data.at(-1);
  }

  async send(method: 'PUT' | 'DELETE', path: string, fields: Record<string, string | number> = {}) {
    const f = form(fields);
    const res = await fetch(`${this.sandbox.urls.kiteApi}${path}`, {
      method,
      headers: { ...f.headers, ...kiteAuth(this.sandbox, this.token) },
      ...(method === 'PUT' ? { body: f.body } : {}),
    });
    return { status: res.status, body: await jsonOf(res) };
  }
}

/** A fresh sandbox for each test of the file, closed after it. */
export function useKiteOrdersSandbox(): KiteOrdersSandbox {
  const k = new KiteOrdersSandbox();
  beforeEach(() => k.start());
  afterEach(() => k.sandbox.close());
  return k;
}

/** A one-lot protected MARKET BUY of `option`, with `fields` over it. */
export const orderFields = (option: KiteInstrument, fields: Record<string, string | number> = {}) => ({
  exchange: 'NFO',
  tradingsymbol: option.tradingsymbol,
  transaction_type: 'BUY',
  quantity: option.lotSize,
  product: 'NRML',
  order_type: 'MARKET',
  market_protection: -1,
  ...fields,
});
