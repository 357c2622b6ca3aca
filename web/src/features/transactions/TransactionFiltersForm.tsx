import { DayRangeFields } from '../../components/DayRangeFields';
import { StrategySelect } from '../strategies/StrategySelect';
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
      <DayRangeFields from={filters.from} to={filters.to} onChange={set} />
      {withStrategy && <StrategySelect value={filters.mappingId} onChange={(mappingId) => set({ mappingId })} />}
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
