import type { APIRequestContext } from '@playwright/test';
import { adminToken, expect } from './fixtures.js';

let seq = 0;

/**
 * A numeric (Kite-style) instrument token of at most 12 digits that no other test uses. Never in Kite's index
 * (9) or NFO (2) segment (the token's low byte): the console refuses those unless the exchange lists them.
 */
export function uniqueToken(): string {
  seq = (seq + 1) % 100;
  const pid = String(process.pid % 1000).padStart(3, '0');
  const time = String(Date.now() % 1_000_000).padStart(6, '0');
  const token = Number(`9${pid}${time}${String(seq).padStart(2, '0')}`);
  return String([2, 9].includes(token % 256) ? token + 1 : token);
}

async function authHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await adminToken(request)}` };
}

export interface InstrumentSeed {
  name: string;
  instrument_token: string;
  lot_size?: number;
  market_open_time?: string;
  market_close_time?: string;
  timezone?: string;
  trading_days?: string;
}

/** Registers an instrument through the API, for specs that are not about creating one. */
export async function createInstrumentViaApi(request: APIRequestContext, seed: InstrumentSeed) {
  const res = await request.post('/api/instruments', {
    data: { lot_size: 25, ...seed },
    headers: await authHeaders(request),
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: number; instrument_token: string } }).data;
}

/** The instrument list as the API reports it (market status included). */
export async function listInstrumentsViaApi(request: APIRequestContext) {
  const res = await request.get('/api/instruments/list', { headers: await authHeaders(request) });
  expect(res.ok()).toBe(true);
  return (
    (await res.json()) as {
      data: Array<{ id: number; instrument_token: string; name: string; market_status: { isOpen: boolean } }>;
    }
  ).data;
}

export interface LiveConfigSeed {
  source: 'kite' | 'binance';
  instrument_token: string;
  interval: string;
}

export async function createLiveConfigViaApi(request: APIRequestContext, seed: LiveConfigSeed) {
  const res = await request.post('/api/data/live-configs', { data: seed, headers: await authHeaders(request) });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data;
}

export async function listLiveConfigsViaApi(request: APIRequestContext) {
  const res = await request.get('/api/data/live-configs', { headers: await authHeaders(request) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: Array<LiveConfigSeed & { id: number }> }).data;
}

/** Live configs are shared by all admins: a spec that needs none removes them all first. */
export async function deleteAllLiveConfigsViaApi(request: APIRequestContext) {
  const headers = await authHeaders(request);
  for (const config of await listLiveConfigsViaApi(request)) {
    const res = await request.delete(`/api/data/live-configs/${config.id}`, { headers });
    expect(res.ok()).toBe(true);
  }
}
