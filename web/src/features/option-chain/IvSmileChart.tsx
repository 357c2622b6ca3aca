import type { ChainStrike } from '@app/contract';
import { formatInr } from '../../lib/format';
import { formatStrike } from './chain-display';
import {
  linePath,
  linearScale,
  niceTicks,
  plotBox,
  tickCount,
  tickDigits,
  type ChartPoint,
  type LinearScale,
} from './chart-scale';
import { smileDomains, smileSeries } from './smile';
import { useElementWidth } from './useElementWidth';

const HEIGHT = 260;
const MARGIN = { top: 22, right: 16, bottom: 34, left: 46 };

function Dots({
  points,
  x,
  y,
  className,
}: {
  points: ChartPoint[];
  x: LinearScale;
  y: LinearScale;
  className: string;
}) {
  return (
    <g className={className}>
      {points.map((p) => (p.y === null ? null : <circle key={p.x} cx={x(p.x)} cy={y(p.y)} r={2.5} />))}
    </g>
  );
}

/**
 * The IV smile (docs/ANALYTICS.md): each listed option's implied volatility against its strike, calls and puts,
 * with the ATM strike and the underlying marked. Options without an IV are left out, the line joining the rest.
 */
export function IvSmileChart({
  strikes,
  underlying,
  atm,
}: {
  strikes: ChainStrike[];
  underlying: number;
  atm: number | null;
}) {
  const { ref, width } = useElementWidth<HTMLDivElement>(640);
  const domains = smileDomains(strikes, underlying);
  return (
    <div ref={ref} className="oc-chart">
      {domains ? (
        <SmilePlot strikes={strikes} underlying={underlying} atm={atm} width={width} domains={domains} />
      ) : (
        <p className="muted">No option of this expiry has an implied volatility to draw.</p>
      )}
    </div>
  );
}

function SmilePlot({
  strikes,
  underlying,
  atm,
  width,
  domains,
}: {
  strikes: ChainStrike[];
  underlying: number;
  atm: number | null;
  width: number;
  domains: { x: [number, number]; y: [number, number] };
}) {
  const box = plotBox(width, HEIGHT, MARGIN);
  const x = linearScale(domains.x, [box.left, box.right]);
  const y = linearScale(domains.y, [box.bottom, box.top]);
  const series = smileSeries(strikes);
  const xTicks = niceTicks(domains.x[0], domains.x[1], tickCount(box.right - box.left, 90));
  const yTicks = niceTicks(domains.y[0], domains.y[1], tickCount(box.bottom - box.top, 45));
  const yDigits = tickDigits(yTicks);
  return (
    <>
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-label="IV smile: implied volatility against strike, calls and puts"
        data-testid="iv-smile"
      >
        <g className="oc-grid">
          {yTicks.map((t) => (
            <g key={`y${t}`}>
              <line x1={box.left} x2={box.right} y1={y(t)} y2={y(t)} />
              <text x={box.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
                {t.toFixed(yDigits)}%
              </text>
            </g>
          ))}
          {xTicks.map((t) => (
            <text key={`x${t}`} x={x(t)} y={box.bottom + 18} textAnchor="middle">
              {formatStrike(t)}
            </text>
          ))}
          <line className="oc-axis" x1={box.left} x2={box.right} y1={box.bottom} y2={box.bottom} />
        </g>
        {atm !== null && (
          <g className="oc-marker oc-marker-atm">
            <line x1={x(atm)} x2={x(atm)} y1={box.top} y2={box.bottom} />
            <text x={x(atm)} y={box.top - 8} textAnchor="middle">
              ATM {formatStrike(atm)}
            </text>
          </g>
        )}
        <g className="oc-marker oc-marker-spot">
          <line x1={x(underlying)} x2={x(underlying)} y1={box.top} y2={box.bottom} />
        </g>
        <path className="oc-line oc-line-ce" d={linePath(series.ce, x, y)} />
        <path className="oc-line oc-line-pe" d={linePath(series.pe, x, y)} />
        <Dots points={series.ce} x={x} y={y} className="oc-dots-ce" />
        <Dots points={series.pe} x={x} y={y} className="oc-dots-pe" />
      </svg>
      <div className="oc-legend">
        <span className="oc-key oc-key-ce">CE IV</span>
        <span className="oc-key oc-key-pe">PE IV</span>
        <span className="oc-key oc-key-atm">ATM strike</span>
        <span className="oc-key oc-key-spot">Underlying {formatInr(underlying)}</span>
      </div>
    </>
  );
}
