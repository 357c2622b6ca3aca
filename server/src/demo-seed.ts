import { RUNNING_STATUS } from '@app/contract';
import { SANDBOX_INSTRUMENT } from './db/seed.js';
import type { AppModules } from './app.js';

export const DEMO_USERNAME = 'demo';

/**
 * First start in sandbox mode: a `demo` user with a sandbox broker account and a running paper RDX
 * strategy on SANDBOX 24x7 at 1m, and the RDX service switched on, so a newcomer sees trades arrive
 * within a couple of minutes. `SEED_DEMO=0` turns it off.
 */
export async function seedDemo(m: AppModules, password: string) {
  const user = await m.users.users.create({ username: DEMO_USERNAME, password, role: 'user' });
  const actor = { userId: user.id, role: user.role };
  const broker = await m.brokers.brokers.create(actor, { broker_id: 1, broker_username: 'DM0001', broker_token: null });
  const instrument = (await m.instruments.instruments.list()).find(
    (i) => i.instrument_token === SANDBOX_INSTRUMENT.instrumentToken,
  );
  if (!instrument) throw new Error('SANDBOX 24x7 is not seeded');
  const mapping = await m.strategies.mappings.create(actor, {
    strategy_id: 1,
    instrument_id: instrument.id,
    user_broker_id: broker.id,
    is_active: 1,
    is_dummy: 1,
    ce_count: 1,
    pe_count: 1,
    start_time: null,
    end_time: null,
  });
  await m.rdx.rdxConfigs.create(actor, mapping.id, {
    rdx_lot_count: 1,
    atm_value: 0,
    offset_value: 100,
    interval: '1m',
  });
  await m.strategies.mappings.setRunningStatus(actor, mapping.id, RUNNING_STATUS.RUNNING);
  await m.engine.engine.start();
  return { username: DEMO_USERNAME, password };
}
