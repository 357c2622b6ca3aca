/*
 * The arithmetic of the option-chain page's two SVG charts (the IV smile and the payoff): linear scales, round
 * axis ticks and line paths. Pure, so the drawing can be tested without a browser.
 */

/** A linear map from a data interval onto a pixel interval; a zero-width domain maps to the range's middle. */
export interface LinearScale {
  (value: number): number;
  domain: readonly [number, number];
  range: readonly [number, number];
}

/** The scale taking `domain` onto `range` (a y scale passes its range bottom first, so larger values go up). */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]): LinearScale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  const scale = ((value: number) =>
    span === 0 ? (r0 + r1) / 2 : r0 + ((value - d0) / span) * (r1 - r0)) as LinearScale;
  scale.domain = domain;
  scale.range = range;
  return scale;
}

/** The lowest and highest of `values` (finite ones only); null when there are none. */
export function extentOf(values: readonly (number | null | undefined)[]): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return lo <= hi ? [lo, hi] : null;
}

/**
 * `extent` widened by `fraction` of its span on each side, so a line never runs along the frame; a single value
 * gets a band of its own size (or ±1 around zero).
 */
export function padExtent([lo, hi]: readonly [number, number], fraction = 0.08): [number, number] {
  const span = hi - lo;
  if (span === 0) {
    const half = Math.abs(lo) * fraction || 1;
    return [lo - half, hi + half];
  }
  return [lo - span * fraction, hi + span * fraction];
}

/** A round step (1, 2 or 5 × 10ⁿ) that cuts `span` into about `count` pieces (the nearest, on a log scale). */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !(count > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction >= Math.sqrt(50) ? 10 : fraction >= Math.sqrt(10) ? 5 : fraction >= Math.sqrt(2) ? 2 : 1;
  return nice * power;
}

/** Round values inside [lo, hi] at a nice step, about `count` of them (axis labels). */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi < lo) return [];
  if (hi === lo) return [lo];
  const step = niceStep(hi - lo, count);
  const ticks: number[] = [];
  // Multiples of the step, computed from an integer index so 0.1 + 0.2 never shows as 0.30000000000000004.
  const digits = Math.max(0, -Math.floor(Math.log10(step)));
  for (let i = Math.ceil(lo / step); i * step <= hi + step * 1e-9; i++) {
    ticks.push(Number((i * step).toFixed(digits)));
  }
  return ticks;
}

/** A point of a line; a null y is a gap the line steps over (the smile's options without an IV). */
export interface ChartPoint {
  x: number;
  y: number | null;
}

const px = (n: number) => Number(n.toFixed(2));

/**
 * The `d` of an SVG path through the points with a y, in order: points without one are skipped, the line joining
 * their neighbours. Empty when no point has a y.
 */
export function linePath(points: readonly ChartPoint[], x: LinearScale, y: LinearScale): string {
  const parts: string[] = [];
  for (const p of points) {
    if (p.y === null || !Number.isFinite(p.y)) continue;
    parts.push(`${parts.length === 0 ? 'M' : 'L'}${px(x(p.x))},${px(y(p.y))}`);
  }
  return parts.join(' ');
}

/** The inner plotting box of a chart `width` × `height` px with the given margins. */
export interface PlotBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export function plotBox(
  width: number,
  height: number,
  margin: { top: number; right: number; bottom: number; left: number },
): PlotBox {
  return {
    left: margin.left,
    right: Math.max(margin.left + 1, width - margin.right),
    top: margin.top,
    bottom: Math.max(margin.top + 1, height - margin.bottom),
  };
}

/**
 * The `d` of a closed area between the line through `points` (all with a y) and the level `baseline` (a data y):
 * the payoff's profit and loss tints, each clipped to its side of zero.
 */
export function areaPath(points: readonly ChartPoint[], x: LinearScale, y: LinearScale, baseline: number): string {
  const drawn = points.filter((p): p is { x: number; y: number } => p.y !== null && Number.isFinite(p.y));
  const first = drawn[0];
  const last = drawn[drawn.length - 1];
  if (!first || !last) return '';
  const line = drawn.map((p, i) => `${i === 0 ? 'M' : 'L'}${px(x(p.x))},${px(y(p.y))}`).join(' ');
  const base = px(y(baseline));
  return `${line} L${px(x(last.x))},${base} L${px(x(first.x))},${base} Z`;
}

const axisRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** A rupee axis label, whole rupees with Indian grouping and a true minus: "−₹12,500", "₹1,25,000". */
export function rupeeAxisLabel(rupees: number): string {
  const text = axisRupees.format(Math.abs(rupees));
  return `${rupees < 0 && text !== '0' ? '−' : ''}₹${text}`;
}

/** How many ticks an axis of `length` px has room for, one per `every` px, at least 2. */
export const tickCount = (length: number, every: number): number => Math.max(2, Math.floor(length / every));

/** The decimals an axis's labels share, so 17.5% and 18% read as 17.5% and 18.0%. */
export function tickDigits(ticks: readonly number[]): number {
  let digits = 0;
  for (const t of ticks) {
    const text = String(t);
    const dot = text.indexOf('.');
    if (dot >= 0 && !text.includes('e')) digits = Math.max(digits, text.length - dot - 1);
  }
  return digits;
}

/**
 * A row for each label at `xs` (px, in the order given) so that labels of one row stand at least `gap` px apart:
 * the payoff's breakeven figures stack instead of running into each other on a phone.
 */
export function labelRows(xs: readonly number[], gap: number): number[] {
  const lastInRow: number[] = [];
  return xs.map((x) => {
    let row = lastInRow.findIndex((last) => Math.abs(x - last) >= gap);
    if (row < 0) row = lastInRow.length;
    lastInRow[row] = x;
    return row;
  });
}
