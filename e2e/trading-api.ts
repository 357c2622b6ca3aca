// Arranges running RDX strategies for the trading stories, through the API.
import type { APIRequestContext } from '@playwright/test';
import { addBrokerViaApi, addMappingViaApi, apiAs, setRunningStatusViaApi, type TestUser } from './user-api.js';

let seq = 0;
/** A Kite-style broker user id (two letters, four digits) the sandbox accepts. */
export function kiteUserId(): string {
  seq = (seq + 1) % 100;
  return `TR${String((process.pid % 100) * 100 + seq).padStart(4, '0')}`.slice(0, 6);
}

/** The sandbox's own index, open around the clock, so trading works at any hour. */
export async function sandboxInstrumentId(request: APIRequestContext, user: TestUser): Promise<number> {
  const list = await apiAs<Array<{ id: number; name: string }>>(request, user.token, 'GET', '/instruments/list');
  const found = list.find((i) => i.name === 'SANDBOX 24x7');
  if (!found) throw new Error('SANDBOX 24x7 is not seeded');
  return found.id;
}

/** A running RDX mapping on SANDBOX 24x7 with an RDX configuration; returns its id. */
export async function runningRdxMapping(
  request: APIRequestContext,
  user: TestUser,
  opts: { isDummy: 0 | 1; userBrokerId?: number },
): Promise<number> {
  const brokerId = opts.userBrokerId ?? (await addBrokerViaApi(request, user, 'Zerodha', kiteUserId())).id;
  const id = await addMappingViaApi(request, user, {
    user_broker_id: brokerId,
    instrument_id: await sandboxInstrumentId(request, user),
    is_dummy: opts.isDummy,
    ce_count: 1,
    pe_count: 1,
  });
  await apiAs(request, user.token, 'POST', `/strategies/user-mappings/${id}/rdx-config`, {
    rdx_lot_count: 1,
    atm_value: 0,
    offset_value: 50,
    interval: '15m',
  });
  await setRunningStatusViaApi(request, user, id, 1);
  return id;
}
