import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseKiteInstrumentsCsv } from '../protocols/kite-instruments-csv.js';
import { readJsonFixture } from '../../test/provider-fixtures.js';
import { kiteGet, kitePost, loginThroughKite, startTestSandbox } from '../../test/sandbox-helpers.js';
import type { SandboxExchange } from './sandbox-exchange.js';

let sandbox: SandboxExchange;
let token: string;

beforeEach(async () => {
  ({ sandbox } = await startTestSandbox());
  token = sandbox.control.issueKiteAccessToken('AB1234');
});
afterEach(async () => {
  await sandbox.close();
});

const niftyOption = async () => {
  const rows = parseKiteInstrumentsCsv(await (await fetch(`${sandbox.urls.kiteApi}/instruments/NFO`)).text());
  const option = rows.find((r) => r.name === 'NIFTY' && r.expiry === '2025-12-16');
  if (!option) throw new Error('no NIFTY option listed');
  return option;
};

describe('reply shapes match the kiteconnect-mocks payloads', () => {
  const keysOf = (value: object) => Object.keys(value).sort();

  it('quotes, orders, order history and positions carry every field Kite sends', async () => {
    const quoteMock = readJsonFixture<{ data: Record<string, object> }>('kite', 'quote.json').data['NSE:INFY'] ?? {};
    const quote = (await kiteGet(sandbox, '/quote?i=NSE:NIFTY%2050', token)).body.data['NSE:NIFTY 50'];
    expect(keysOf(quote)).toEqual(expect.arrayContaining(keysOf(quoteMock)));
    expect(quote.depth.buy).toHaveLength(5);

    const option = await niftyOption();
    const placed = await kitePost(sandbox, '/orders/regular', token, {
      exchange: 'NFO',
      tradingsymbol: option.tradingsymbol,
      transaction_type: 'BUY',
      quantity: 65, // one NIFTY lot
      product: 'NRML',
      order_type: 'MARKET',
      market_protection: -1,
    });
    expect(keysOf(placed.body.data)).toEqual(
      keysOf(readJsonFixture<{ data: object }>('kite', 'order_response.json').data),
    );
    const orderMock = readJsonFixture<{ data: object[] }>('kite', 'orders.json').data[0] ?? {};
    const order = (await kiteGet(sandbox, '/orders', token)).body.data[0];
    expect(keysOf(order)).toEqual(expect.arrayContaining(keysOf(orderMock)));
    const historyMock = readJsonFixture<{ data: object[] }>('kite', 'order_info.json').data[0] ?? {};
    const history = (await kiteGet(sandbox, `/orders/${placed.body.data.order_id}`, token)).body.data;
    expect(keysOf(history[0])).toEqual(expect.arrayContaining(keysOf(historyMock)));
    const positionsMock = readJsonFixture<{ data: { net: object[] } }>('kite', 'positions.json').data;
    const positions = (await kiteGet(sandbox, '/portfolio/positions', token)).body.data;
    expect(keysOf(positions)).toEqual(keysOf(positionsMock));
    expect(keysOf(positions.net[0])).toEqual(expect.arrayContaining(keysOf(positionsMock.net[0] ?? {})));
  });

  it('the session reply has the fields of generate_session.json', async () => {
    const mock = readJsonFixture<{ data: object }>('kite', 'generate_session.json').data;
    const { adminUserId, adminPassword } = sandbox.credentials;
    const { body } = await loginThroughKite(sandbox, adminUserId, adminPassword, sandbox.control.totpCode());
    expect(keysOf(body.data)).toEqual(keysOf(mock));
  });
});
