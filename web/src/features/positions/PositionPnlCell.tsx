import type { Position } from '@app/contract';
import { formatPnl, pnlClass } from './pnl-display';
import './positions.css';

/** Says what the Net P&L column holds, where the header cannot: net of charges, today's an estimate. */
export const NET_PNL_TITLE =
  "Mark-to-market: realized + unrealized P&L, net of charges (rupees); today's charges are an estimate until the day closes";

/**
 * The Net P&L of one Active Strategies row, live from `positions_updated`, and under it the disclosure
 * that expands the row into its legs (once the strategy has traded). A dash until the positions are
 * known (or when the server lists none).
 */
export function PositionPnlCell({
  position,
  isExpanded,
  onToggle,
  detailId,
}: {
  position: Position | undefined;
  isExpanded: boolean;
  onToggle: () => void;
  detailId: string;
}) {
  if (!position) {
    return (
      <span className="pnl-cell-empty" title="No P&L reported for this strategy yet">
        -
      </span>
    );
  }
  const legCount = position.legs.length;
  // A strategy that never traded has nothing to break down.
  const hasTraded = legCount > 0 || position.realized_pnl !== 0 || position.charges !== 0;
  if (!hasTraded) {
    return (
      <span className="pnl-cell">
        <span className={pnlClass(0)} data-testid="strategy-net-pnl" title="No fills yet">
          {formatPnl(0).text}
        </span>
      </span>
    );
  }
  return (
    <span className="pnl-cell">
      <span className={pnlClass(position.net_pnl)} data-testid="strategy-net-pnl" title={NET_PNL_TITLE}>
        {formatPnl(position.net_pnl).text}
      </span>
      <button
        type="button"
        className="disclosure"
        aria-expanded={isExpanded}
        aria-controls={detailId}
        title={isExpanded ? 'Hide legs and P&L' : `Show ${legCount === 1 ? '1 leg' : `${legCount} legs`} and P&L`}
        onClick={onToggle}
      >
        <span className="disclosure-chevron" aria-hidden="true">
          ▸
        </span>
        Legs
      </button>
    </span>
  );
}
