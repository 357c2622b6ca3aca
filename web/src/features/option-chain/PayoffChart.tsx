import type { Payoff } from '@app/contract';
import { useId } from 'react';
import { formatInr } from '../../lib/format';
import { formatStrike } from './chain-display';
import {
  areaPath,
  labelRows,
  linePath,
  linearScale,
  niceTicks,
  plotBox,
  rupeeAxisLabel,
  tickCount,
} from './chart-scale';
import { payoffDomains } from './payoff-chart-data';
import { useElementWidth } from './useElementWidth';

const HEIGHT = 300;
const MARGIN = { top: 24, right: 16, bottom: 34, left: 78 };

type Drawn = Pick<Payoff, 'at_expiry' | 'today' | 'breakevens' | 'underlying_price'>;

/**
 * The payoff (docs/ANALYTICS.md): P&L in rupees against where the underlying stands, at expiry (exact) and today
 * (Black-76 at each leg's IV), the zero line, the breakevens on it and the underlying marked; profit tinted green
 * and loss red under the expiry line.
 */
export function PayoffChart({ payoff }: { payoff: Drawn }) {
  const { ref, width } = useElementWidth<HTMLDivElement>(640);
  const clip = useId().replace(/:/g, '');
  const domains = payoffDomains(payoff);
  if (!domains) return <div ref={ref} className="oc-chart" />;
  const box = plotBox(width, HEIGHT, MARGIN);
  const x = linearScale(domains.x, [box.left, box.right]);
  const y = linearScale(domains.y, [box.bottom, box.top]);
  const zero = y(0);
  const expiry = payoff.at_expiry.map((p) => ({ x: p.underlying, y: p.pnl }));
  const today = payoff.today.map((p) => ({ x: p.underlying, y: p.pnl }));
  const xTicks = niceTicks(domains.x[0], domains.x[1], tickCount(box.right - box.left, 100));
  const yTicks = niceTicks(domains.y[0], domains.y[1], tickCount(box.bottom - box.top, 45));
  const spot = payoff.underlying_price;
  const rows = labelRows(
    payoff.breakevens.map((b) => x(b)),
    76,
  );
  return (
    <div ref={ref} className="oc-chart">
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-label="Payoff: P&L against the underlying, at expiry and today"
        data-testid="payoff-chart"
      >
        <defs>
          <clipPath id={`${clip}-up`}>
            <rect x={box.left} y={box.top} width={box.right - box.left} height={Math.max(0, zero - box.top)} />
          </clipPath>
          <clipPath id={`${clip}-down`}>
            <rect x={box.left} y={zero} width={box.right - box.left} height={Math.max(0, box.bottom - zero)} />
          </clipPath>
        </defs>
        <g className="oc-grid">
          {yTicks.map((t) => (
            <g key={`y${t}`}>
              <line x1={box.left} x2={box.right} y1={y(t)} y2={y(t)} />
              <text x={box.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
                {rupeeAxisLabel(t)}
              </text>
            </g>
          ))}
          {xTicks.map((t) => (
            <text key={`x${t}`} x={x(t)} y={box.bottom + 18} textAnchor="middle">
              {formatStrike(t)}
            </text>
          ))}
        </g>
        <path className="oc-area-up" d={areaPath(expiry, x, y, 0)} clipPath={`url(#${clip}-up)`} />
        <path className="oc-area-down" d={areaPath(expiry, x, y, 0)} clipPath={`url(#${clip}-down)`} />
        <line className="oc-zero" x1={box.left} x2={box.right} y1={zero} y2={zero} />
        <g className="oc-marker oc-marker-spot">
          <line x1={x(spot)} x2={x(spot)} y1={box.top} y2={box.bottom} />
          <text x={x(spot)} y={box.top - 8} textAnchor="middle">
            Spot {formatStrike(spot)}
          </text>
        </g>
        <path className="oc-line oc-line-today" d={linePath(today, x, y)} />
        <path className="oc-line oc-line-expiry" d={linePath(expiry, x, y)} />
        <g className="oc-breakevens">
          {payoff.breakevens.map((b, i) => (
            <g key={b}>
              <line x1={x(b)} x2={x(b)} y1={zero} y2={box.bottom} />
              <circle cx={x(b)} cy={zero} r={4} />
              <text x={x(b)} y={box.bottom - 6 - (rows[i] ?? 0) * 14} textAnchor="middle">
                {formatStrike(b)}
              </text>
            </g>
          ))}
        </g>
      </svg>
      <div className="oc-legend">
        <span className="oc-key oc-key-expiry">At expiry</span>
        <span className="oc-key oc-key-today">Today (T+0)</span>
        <span className="oc-key oc-key-breakeven">Breakeven</span>
        <span className="oc-key oc-key-spot">Underlying {formatInr(spot)}</span>
      </div>
    </div>
  );
}
