import { useMappings } from './useMappings';

/**
 * A filter's 'Strategy' select over the trader's own strategies ("" is all of them): each named by what it
 * trades and its id, since two can share a name.
 */
export function StrategySelect({ value, onChange }: { value: string; onChange: (mappingId: string) => void }) {
  const mappings = useMappings('mine');
  return (
    <label>
      Strategy
      <select value={value} onChange={(ev) => onChange(ev.target.value)}>
        <option value="">All strategies</option>
        {(mappings.data ?? []).map((m) => (
          <option key={m.id} value={String(m.id)}>
            {m.strategy_name} · {m.instrument_name} (#{m.id})
          </option>
        ))}
      </select>
    </label>
  );
}
