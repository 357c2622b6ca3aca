import type { Holiday } from '@app/contract';
import type { Selectable } from 'kysely';
import type { MarketHolidaysTable } from '../../db/schema.js';

export const toHoliday = (row: Selectable<MarketHolidaysTable>): Holiday => ({
  id: row.id,
  exchange: row.exchange,
  date: row.holidayDate,
  description: row.description,
  source: row.source,
});
