// What a trader does in Kite's own app, outside the console: signs in (password and TOTP, as on Kite's login
// page) and places an order on their account. The console's sandbox exchange stands in for Kite; it listens on
// E2E_SANDBOX_PORT so a story can reach it as the trader would reach Kite.
import { E2E_SANDBOX_PORT } from './playwright.config.js';
import { sandboxTotp } from './sandbox.js';
import { kiteSessionChecksum } from '../server/src/protocols/kite-rest.js';
import { SANDBOX_KITE_API_KEY, SANDBOX_KITE_API_SECRET } from '../server/src/sandbox/sandbox-accounts.js';
import { SANDBOX_BROKER_PASSWORD } from './trading-api.js';

const ROOT = `http://127.0.0.1:${E2E_SANDBOX_PORT}`;
const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** Kite's login (user id, password, TOTP), then an app session: the access token Kite's own app would hold. */
async function signInToKite(userId: string): Promise<string> {
  const login = await fetch(`${ROOT}/kite-login/api/login`, {
    method: 'POST',
    ...form({ user_id: userId, password: SANDBOX_BROKER_PASSWORD }),
  });
  const requestId = String(((await login.json()) as { data: { request_id: string } }).data.request_id);
  const twofa = await fetch(`${ROOT}/kite-login/api/twofa`, {
    method: 'POST',
    ...form({ user_id: userId, request_id: requestId, twofa_value: sandboxTotp(), twofa_type: 'totp' }),
  });
  const cookie = (twofa.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const connect = await fetch(`${ROOT}/kite-login/connect/login?api_key=${SANDBOX_KITE_API_KEY}&v=3`, {
    headers: { Cookie: cookie },
    redirect: 'manual',
  });
  const requestToken = new URL(connect.headers.get('location') ?? 'http://x/').searchParams.get('request_token') ?? '';
  const checksum = kiteSessionChecksum(SANDBOX_KITE_API_KEY, requestToken, SANDBOX_KITE_API_SECRET);
  const session = await fetch(`${ROOT}/kite/session/token`, {
    method: 'POST',
    ...form({ api_key: SANDBOX_KITE_API_KEY, request_token: requestToken, checksum }),
  });
  const body = (await session.json()) as { data?: { access_token?: string }; message?: string };
  if (!body.data?.access_token) throw new Error(`Kite sign-in failed: ${body.message ?? session.status}`);
  return body.data.access_token;
}

/** A market buy of `quantity` of `tradingsymbol` placed in Kite's app (a leg bought back by hand). */
export async function buyInKite(userId: string, tradingsymbol: string, quantity: number): Promise<void> {
  const token = await signInToKite(userId);
  const res = await fetch(`${ROOT}/kite/orders/regular`, {
    method: 'POST',
    headers: {
      'X-Kite-Version': '3',
      Authorization: `token ${SANDBOX_KITE_API_KEY}:${token}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      exchange: 'NFO',
      tradingsymbol,
      transaction_type: 'BUY',
      quantity: String(quantity),
      product: 'NRML',
      order_type: 'MARKET',
      market_protection: '-1',
    }).toString(),
  });
  if (res.status !== 200) throw new Error(`Kite refused the order: ${await res.text()}`);
}
