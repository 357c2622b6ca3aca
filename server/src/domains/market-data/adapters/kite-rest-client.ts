import { parseKiteInstrumentsCsv, type KiteInstrument } from '../../../protocols/kite-instruments-csv.js';
import {
  formatKiteDateTime,
  KiteApiError,
  kiteSessionChecksum,
  parseKiteHistoricalData,
  unwrapKiteEnvelope,
  type KiteCandle,
  type KiteInterval,
} from '../../../protocols/kite-rest.js';
import { RetryableError, retryAfterMs, withRetry, type RetryOptions } from './retry.js';

export interface KiteRestOptions {
  apiRoot: string;
  apiKey: string;
  /** The access token to send, if any (market data or a user's broker token). */
  accessToken?: () => string | null;
  retry?: RetryOptions;
}

export interface KiteOrderRequest {
  exchange: string;
  tradingsymbol: string;
  transaction_type: 'BUY' | 'SELL';
  quantity: number;
  product: 'NRML' | 'MIS' | 'CNC';
  order_type: 'MARKET' | 'LIMIT';
  tag: string;
}

export interface KiteOrder {
  order_id: string;
  status: string;
  tag: string | null;
  tradingsymbol: string;
  transaction_type: string;
  quantity: number;
  filled_quantity: number;
  average_price: number;
  status_message: string | null;
}

/**
 * Kite Connect REST over fetch. We do not use the official client here because retrying by HTTP
 * status and Retry-After needs the status, which it drops from rejected replies.
 */
export function createKiteRest(options: KiteRestOptions) {
  const root = options.apiRoot.replace(/\/$/, '');

  async function once(method: 'GET' | 'POST', path: string, form?: Record<string, string>) {
    const headers: Record<string, string> = { 'X-Kite-Version': '3' };
    const token = options.accessToken?.();
    if (token) headers.Authorization = `token ${options.apiKey}:${token}`;
    if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(`${root}${path}`, {
      method,
      headers,
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    if (res.status === 429 || res.status >= 500) {
      throw new RetryableError(`Kite answered ${res.status}`, retryAfterMs(res.headers.get('retry-after')));
    }
    return res;
  }

  async function json<T>(method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<T> {
    return withRetry(async () => {
      const res = await once(method, path, form);
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw new KiteApiError('DataException', `Kite sent an unreadable reply (${res.status})`, res.status);
      }
      return unwrapKiteEnvelope<T>(body, res.status);
    }, options.retry);
  }

  return {
    async historical(token: string, interval: KiteInterval, from: number, to: number): Promise<KiteCandle[]> {
      const q = new URLSearchParams({ from: formatKiteDateTime(from), to: formatKiteDateTime(to) });
      const data = await json<unknown>(
        'GET',
        `/instruments/historical/${encodeURIComponent(token)}/${interval}?${q.toString()}`,
      );
      return parseKiteHistoricalData(data);
    },

    /** `i` keys as Kite takes them: `NFO:NIFTY25D0924500CE` or a token. */
    async ltp(keys: string[]): Promise<Record<string, { instrument_token: number; last_price: number }>> {
      const q = keys.map((k) => `i=${encodeURIComponent(k)}`).join('&');
      return json('GET', `/quote/ltp?${q}`);
    },

    async instruments(): Promise<KiteInstrument[]> {
      return withRetry(async () => {
        const res = await once('GET', '/instruments');
        const text = await res.text();
        if (!res.ok) unwrapKiteEnvelope(JSON.parse(text) as unknown, res.status);
        return parseKiteInstrumentsCsv(text);
      }, options.retry);
    },

    /** Places an order; not retried here, because only the caller can tell a lost reply from a refusal. */
    async placeOrder(order: KiteOrderRequest): Promise<string> {
      const res = await once('POST', '/orders/regular', {
        ...order,
        quantity: String(order.quantity),
        validity: 'DAY',
      });
      const data = unwrapKiteEnvelope<{ order_id: string }>(await res.json(), res.status);
      return data.order_id;
    },

    orders(): Promise<KiteOrder[]> {
      return json('GET', '/orders');
    },

    orderHistory(orderId: string): Promise<KiteOrder[]> {
      return json('GET', `/orders/${encodeURIComponent(orderId)}`);
    },

    /** Exchanges a request token for an access token (the checksum proves we hold the app secret). */
    async generateSession(requestToken: string, apiSecret: string) {
      return json<{ access_token: string; user_id: string; login_time: string | null }>('POST', '/session/token', {
        api_key: options.apiKey,
        request_token: requestToken,
        checksum: kiteSessionChecksum(options.apiKey, requestToken, apiSecret),
      });
    },
  };
}

export type KiteRest = ReturnType<typeof createKiteRest>;
