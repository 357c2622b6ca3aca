import type { ChainStrike } from '@app/contract';
import { extentOf, padExtent, type ChartPoint } from './chart-scale';

/** The smile's two lines, IV (percent) against strike; options without an IV are gaps the line steps over. */
export function smileSeries(strikes: readonly ChainStrike[]): { ce: ChartPoint[]; pe: ChartPoint[] } {
  return {
    ce: strikes.map((s) => ({ x: s.strike, y: s.ce.iv })),
    pe: strikes.map((s) => ({ x: s.strike, y: s.pe.iv })),
  };
}

/**
 * The smile's axes: strikes (and the underlying, so its marker is inside) across, IVs padded up and down; null
 * when no option has an IV, nothing to draw.
 */
export function smileDomains(
  strikes: readonly ChainStrike[],
  underlying: number,
): { x: [number, number]; y: [number, number] } | null {
  const ivs = extentOf(strikes.flatMap((s) => [s.ce.iv, s.pe.iv]));
  const xs = extentOf([...strikes.map((s) => s.strike), underlying]);
  if (!ivs || !xs) return null;
  return { x: xs, y: padExtent(ivs, 0.12) };
}
