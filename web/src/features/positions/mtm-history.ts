import { useSyncExternalStore } from 'react';

/** One point of a strategy's MTM curve: epoch seconds, rupees (realized + unrealized, before charges). */
export interface MtmPoint {
  time: number;
  value: number;
}

/** A day of one-second points for one strategy at most; older points are dropped first. */
const MAX_POINTS = 86_400;

/**
 * The MTM curve of each strategy as this browser has seen it: the server keeps no P&L history, and the
 * option legs' own prices are not stored, so the curve is what the positions list and `positions_updated`
 * reported since the screen opened. Kept outside React so it outlives the chart being closed and opened.
 */
export function createMtmHistory() {
  const series = new Map<number, MtmPoint[]>();
  const listeners = new Set<() => void>();
  const EMPTY: MtmPoint[] = [];

  /** Adds a reading; a reading in the same second replaces the last, and a flat run keeps only its ends. */
  function record(mappingId: number, value: number, atMs: number): void {
    const time = Math.floor(atMs / 1000);
    const old = series.get(mappingId) ?? EMPTY;
    const last = old.at(-1);
    if (last && time < last.time) return;
    let next: MtmPoint[];
    if (last && last.time === time) {
      if (last.value === value) return;
      next = [...old.slice(0, -1), { time, value }];
    } else if (last && last.value === value && old.at(-2)?.value === value) {
      next = [...old.slice(0, -1), { time, value }];
    } else {
      next = [...old, { time, value }];
    }
    series.set(mappingId, next.length > MAX_POINTS ? next.slice(next.length - MAX_POINTS) : next);
    for (const l of listeners) l();
  }

  return {
    record,
    points: (mappingId: number): MtmPoint[] => series.get(mappingId) ?? EMPTY,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Forgets everything (sign-out): the next user's curves start empty. */
    clear: (): void => {
      series.clear();
      for (const l of listeners) l();
    },
  };
}

export type MtmHistory = ReturnType<typeof createMtmHistory>;

/**
 * The curve on an even one-second grid, each reading carried forward until the next: the chart spaces
 * points by index, not by time, so readings that come irregularly would otherwise bend the time axis.
 * A long curve gets a coarser step so it never exceeds `maxPoints`.
 */
export function evenlySpaced(points: readonly MtmPoint[], maxPoints = MAX_POINTS): MtmPoint[] {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return [];
  const step = Math.max(1, Math.ceil((last.time - first.time + 1) / maxPoints));
  const out: MtmPoint[] = [];
  let next = 0;
  let value = first.value;
  for (let time = first.time; time <= last.time; time += step) {
    while (next < points.length && points[next]!.time <= time) value = points[next++]!.value;
    out.push({ time, value });
  }
  if (out.at(-1)?.time !== last.time) out.push({ time: last.time, value: last.value });
  return out;
}

/** The one history of this page. */
export const mtmHistory = createMtmHistory();

/** A strategy's MTM curve, re-rendering as readings arrive. */
export function useMtmHistory(mappingId: number, history: MtmHistory = mtmHistory): MtmPoint[] {
  return useSyncExternalStore(history.subscribe, () => history.points(mappingId));
}

/** The day's curve: the server's marks (one a minute, one per fill), then what this screen saw since the last. */
export function joinedCurve(
  serverMarks: readonly { time: number; mtm: number }[],
  seen: readonly MtmPoint[],
): MtmPoint[] {
  const fromServer = serverMarks.map((m) => ({ time: m.time, value: m.mtm }));
  const lastTime = fromServer.at(-1)?.time ?? -Infinity;
  return [...fromServer, ...seen.filter((p) => p.time > lastTime)];
}
