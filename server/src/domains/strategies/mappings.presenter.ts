import type { Mapping } from '@app/contract';
import { iso } from '../../platform/time.js';
import type { MappingView } from './mappings.repository.js';

export function toMapping(row: MappingView): Mapping {
  return {
    id: row.id,
    user_id: row.userId,
    strategy_id: row.strategyId,
    instrument_id: row.instrumentId,
    user_broker_id: row.userBrokerId,
    is_active: row.isActive,
    is_dummy: row.isDummy,
    ce_count: row.ceCount,
    pe_count: row.peCount,
    start_time: row.startTime,
    end_time: row.endTime,
    running_status: row.runningStatus,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    strategy_name: row.strategyName,
    strategy_description: row.strategyDescription,
    instrument_name: row.instrumentName,
    instrument_ticker: row.instrumentTicker,
    broker_username: row.brokerUsername,
    user_username: row.userUsername,
  };
}
