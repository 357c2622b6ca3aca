import type { Mapping } from '@app/contract';

/** A complete mapping reply for component tests: a running paper RDX strategy on NIFTY 50. */
export function mappingFixture(overrides: Partial<Mapping> = {}): Mapping {
  return {
    id: 11,
    user_id: 3,
    strategy_id: 1,
    instrument_id: 1,
    user_broker_id: 4,
    is_active: 1,
    is_dummy: 1,
    ce_count: 1,
    pe_count: 2,
    start_time: null,
    end_time: null,
    running_status: 1,
    max_loss: null,
    admin_max_loss: null,
    target_profit: null,
    stop_reason: null,
    stopped_at: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    strategy_name: 'RDX',
    strategy_description: 'Short strangle',
    instrument_name: 'NIFTY 50',
    instrument_ticker: 'NIFTY',
    broker_username: 'AB1234',
    user_username: 'trader1',
    lot_size: 65, // NIFTY's lot from the January 2026 expiries
    broker_has_token: true,
    broker_token_expires_at: '2025-01-02T00:30:00.000Z',
    open_legs: [],
    status_detail: 'Waiting for the 15m candle closing at 10:30 IST to enter',
    available_actions: ['pause', 'realign', 'exit'],
    orders_to_settle: 0,
    ...overrides,
  };
}
