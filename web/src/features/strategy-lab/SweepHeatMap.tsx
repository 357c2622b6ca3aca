import { formatPnl } from '../positions/pnl-display';
import { fieldLabel, HEAT_GAIN, HEAT_LOSS, HEAT_ZERO, type HeatMap } from './sweep-display';

const rgb = (c: readonly number[]) => `rgb(${c.join(', ')})`;

/**
 * Net P&L by two varied settings: rows one's values, columns the other's, each square a run coloured red (loss)
 * to green (gain) with its figure inside, an unfinished run shown as pending. A square opens its run. It scrolls
 * sideways in its own box on a phone, the row values pinned at the left.
 */
export function SweepHeatMap({
  map,
  selectedId,
  onOpen,
}: {
  map: HeatMap;
  selectedId: number | null;
  onOpen: (id: number) => void;
}) {
  const rowName = fieldLabel(map.rowField);
  const colName = fieldLabel(map.colField);
  return (
    <section aria-labelledby="lab-heat-title">
      <h3 id="lab-heat-title">
        Net P&amp;L by {rowName} and {colName}
      </h3>
      <div className="lab-heat-wrap">
        <table className="lab-heat" aria-label={`Net P&L by ${rowName} and ${colName}`} data-testid="sweep-heatmap">
          <thead>
            <tr>
              <th scope="col" className="lab-heat-corner" rowSpan={2}>
                {rowName}
              </th>
              <th scope="colgroup" colSpan={map.cols.length} className="lab-heat-axis">
                {colName}
              </th>
            </tr>
            <tr>
              {map.cols.map((col) => (
                <th key={col.text} scope="col">
                  {col.text}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {map.rows.map((row, r) => (
              <tr key={row.text}>
                <th scope="row">{row.text}</th>
                {map.cells[r]!.map((cell, c) => {
                  const where = `${rowName} ${row.text}, ${colName} ${map.cols[c]!.text}`;
                  if (!cell.run) {
                    return (
                      <td key={c}>
                        <span className="lab-heat-cell lab-heat-empty" aria-label={`${where}: no run`}>
                          -
                        </span>
                      </td>
                    );
                  }
                  const { id } = cell.run;
                  const classes = [
                    'lab-heat-cell',
                    cell.color === null ? 'lab-heat-pending' : '',
                    cell.isBest ? 'lab-heat-best' : '',
                  ];
                  return (
                    <td key={c}>
                      <button
                        type="button"
                        className={classes.filter(Boolean).join(' ')}
                        style={cell.color ? { background: cell.color } : undefined}
                        aria-label={`${where}: ${cell.text}${cell.isBest ? ' (best)' : ''}`}
                        aria-pressed={id === selectedId}
                        title={`${where}: ${cell.text}`}
                        data-testid="heat-cell"
                        onClick={() => onOpen(id)}
                      >
                        {cell.text}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted lab-line lab-heat-legend" data-testid="heat-legend">
        <span>{map.largest > 0 ? formatPnl(-map.largest).text : formatPnl(0).text}</span>
        <span
          className="lab-heat-scale"
          aria-hidden="true"
          style={{ background: `linear-gradient(to right, ${rgb(HEAT_LOSS)}, ${rgb(HEAT_ZERO)}, ${rgb(HEAT_GAIN)})` }}
        />
        <span>{formatPnl(map.largest).text}</span>
        <span>
          Net P&amp;L after charges; the best run outlined, a dashed square still running. A square opens its run.
        </span>
      </p>
    </section>
  );
}
