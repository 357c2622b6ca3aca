import { useMappings } from './useMappings';

/**
 * The trader's strategies as a filter's `<option>`s: what each trades, and its id (two can share a name). The
 * caller's select carries the "all" option.
 */
export function StrategyOptions() {
  const mappings = useMappings('mine');
  return (
    <>
      {(mappings.data ?? []).map((m) => (
        <option key={m.id} value={String(m.id)}>
          {m.strategy_name} · {m.instrument_name} (#{m.id})
        </option>
      ))}
    </>
  );
}
