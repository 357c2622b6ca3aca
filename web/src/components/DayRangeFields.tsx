/** A filter's IST day range: 'From (IST)' and 'To (IST)' date inputs, `YYYY-MM-DD` or blank for open. */
export function DayRangeFields({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (patch: { from?: string; to?: string }) => void;
}) {
  return (
    <>
      <label>
        From (IST)
        <input type="date" value={from} onChange={(ev) => onChange({ from: ev.target.value })} />
      </label>
      <label>
        To (IST)
        <input type="date" value={to} onChange={(ev) => onChange({ to: ev.target.value })} />
      </label>
    </>
  );
}
