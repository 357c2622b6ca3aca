import { describe, expect, it } from 'vitest';
import { exportPath, filterQuery, isFiltered, NO_FILTERS } from './transaction-filters';

describe('transaction filters', () => {
  it('sends only the filters set, the symbol trimmed', () => {
    expect(filterQuery(NO_FILTERS)).toEqual({});
    expect(filterQuery({ from: '2026-11-23', to: '', mappingId: '7', symbol: ' 24500 ce ' })).toEqual({
      from: '2026-11-23',
      mapping_id: '7',
      symbol: '24500 ce',
    });
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, symbol: '  ' })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, to: '2026-11-24' })).toBe(true);
  });

  it('downloads the CSV of the same rows', () => {
    expect(exportPath(NO_FILTERS)).toBe('/transactions/export.csv');
    expect(exportPath({ from: '2026-11-23', to: '2026-11-24', mappingId: '', symbol: '24500CE' })).toBe(
      '/transactions/export.csv?from=2026-11-23&to=2026-11-24&symbol=24500CE',
    );
  });
});
