import type { TestApp } from './test-app.js';

/**
 * What the console holds of a mapping: its open legs, its fills, and the symbols whose fills do not net to
 * zero (DESIGN §9's invariant: fills net per symbol = open legs).
 */
export async function booksOf(t: TestApp, mappingId: number) {
  const legs = await t.services.engineRepo.openLegsOf(mappingId);
  const txs = await t.database.db.selectFrom('transactions').selectAll().where('mappingId', '=', mappingId).execute();
  const net = new Map<string, number>();
  for (const x of txs) net.set(x.tradingSymbol, (net.get(x.tradingSymbol) ?? 0) + x.quantity);
  return { legs: legs.length, unsettled: [...net].filter(([, q]) => q !== 0), fills: txs.length };
}

/** A sandbox Kite account's net positions that are not flat, as the broker reports them. */
export async function brokerNetPositions(t: TestApp, accessToken: string) {
  const res = await fetch(`${t.sandbox.urls.kiteApi}/portfolio/positions`, {
    headers: { 'X-Kite-Version': '3', Authorization: `token sandbox_api_key:${accessToken}` },
  });
  const { net } = ((await res.json()) as { data: { net: Array<{ tradingsymbol: string; quantity: number }> } }).data;
  return net.filter((p) => p.quantity !== 0);
}
