import { StrategyOptions } from '../strategies/StrategyOptions';
import type { TransactionFilters } from './transaction-filters';

/**
 * The trade book's filters (issue 32 item 4): IST days, one strategy (the trader's own list; an admin reads
 * everyone's, so no strategy select there), and part of a trading symbol. Each change goes back to page 1.
 */
export function TransactionFiltersForm({
  filters,
  onChange,
  withStrategy,
  label,
}: {
  filters: TransactionFilters;
  onChange: (next: TransactionFilters) => void;
  withStrategy: boolean;
  label: string;
}) {
  const set = (patch: Partial<TransactionFilters>) => onChange({ ...filters, ...patch });
  return (
    <form className="form-grid transaction-filters" aria-label={label} onSubmit={(ev) => ev.preventDefault()}>
      <label>
        From (IST)
        <input type="date" value={filters.from} onChange={(ev) => set({ from: ev.target.value })} />
      </label>
      <label>
        To (IST)
        <input type="date" value={filters.to} onChange={(ev) => set({ to: ev.target.value })} />
      </label>
      {withStrategy && (
        <label>
          Strategy
          <select value={filters.mappingId} onChange={(ev) => set({ mappingId: ev.target.value })}>
            <option value="">All strategies</option>
            <StrategyOptions />
          </select>
        </label>
      )}
      <label>
        Symbol contains
        <input
          type="search"
          value={filters.symbol}
          placeholder="e.g. 24500CE"
          maxLength={40}
          onChange={(ev) => set({ symbol: ev.target.value })}
        />
      </label>
    </form>
  );
}
