import type { RdxConfig } from '@app/contract';
import { iso, isoOrNull, toRupees } from '../../platform/time.js';
import type { RdxConfigWithInterval } from './rdx-config.repository.js';

export function toRdxConfig(row: RdxConfigWithInterval): RdxConfig {
  return {
    id: row.id,
    user_strategy_mapping_id: row.mappingId,
    rdx_lot_count: row.rdxLotCount,
    atm_value: toRupees(row.atmValuePaise),
    offset_value: toRupees(row.offsetValuePaise),
    interval: row.interval,
    atm_last_updated: isoOrNull(row.atmLastUpdated),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
