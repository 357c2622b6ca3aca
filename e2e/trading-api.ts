// Names and lookups the trading stories share; the stories themselves go through the screens.
import type { APIRequestContext } from '@playwright/test';
import {
  accountIdFor,
  addBrokerViaApi,
  addMappingViaApi,
  addRdxConfigViaApi,
  apiAs,
  type TestUser,
} from './user-api.js';

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

/** The SANDBOX 24x7 option as the mapping form lists it. */
export const SANDBOX_OPTION = 'SANDBOX 24x7 (SANDBOX)';

/** The sandbox's password for every user broker login (docs/SANDBOX.md). */
export const SANDBOX_BROKER_PASSWORD = 'sandbox-user';

/**
 * A paper RDX mapping on SANDBOX 24x7 (open around the clock) with an RDX configuration, stopped:
 * arranged through the API for stories about the row, not about creating it. Start is always pressed
 * on the screen.
 */
export async function configuredPaperMapping(request: APIRequestContext, user: TestUser): Promise<number> {
  const broker = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'z'));
  const id = await addMappingViaApi(request, user, {
    user_broker_id: broker.id,
    instrument_id: await sandboxInstrumentId(request, user),
    is_dummy: 1,
    ce_count: 1,
    pe_count: 1,
  });
  await addRdxConfigViaApi(request, user, id, { offset_value: 100 });
  return id;
}
