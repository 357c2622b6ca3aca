import type { RdxConfig } from '@app/contract';
import type { RdxConfigRow } from '../../db/schema.js';
import { iso, isoOrNull, toRupees } from '../../platform/time.js';

export function toRdxConfig(row: RdxConfigRow): RdxConfig {
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
