import { api } from '@app/contract';

/** The trade book's filters as the form holds them: blank is "any". */
export interface TransactionFilters {
  /** IST days, `YYYY-MM-DD`, both inclusive. */
  from: string;
  to: string;
  /** A strategy's id, as the select's value. */
  mappingId: string;
  /** Part of a trading symbol ("24500CE"); the server drops spaces and upper-cases it. */
  symbol: string;
}

export const NO_FILTERS: TransactionFilters = { from: '', to: '', mappingId: '', symbol: '' };

/** The filters the server takes, blank ones left out (an empty `symbol` would still be sent otherwise). */
export function filterQuery(filters: TransactionFilters): Record<string, string> {
  const symbol = filters.symbol.trim();
  return {
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.mappingId ? { mapping_id: filters.mappingId } : {}),
    ...(symbol ? { symbol } : {}),
  };
}

/** Whether any filter narrows the book (the empty-list words differ). */
export const isFiltered = (filters: TransactionFilters) => Object.keys(filterQuery(filters)).length > 0;

/** The CSV export's path for the same filters: the rows the list shows, every page of them. */
export function exportPath(filters: TransactionFilters): string {
  const query = new URLSearchParams(filterQuery(filters)).toString();
  return query ? `${api.transactions.exportCsv.path}?${query}` : api.transactions.exportCsv.path;
}
