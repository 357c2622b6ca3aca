import { groupedRupeesText } from '@app/contract';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { AppError } from '../../platform/errors.js';
import { PortfolioLimitRefusal } from './portfolio-guard.js';
import { StalePositionError } from './stale-position.js';

/*
 * An entry the account's margin cannot cover (issue 34 item 3): found before any order goes, from the broker's
 * own margin calculator and funds, so the broker never has to reject it. The strategy keeps running: funds may
 * be added, or the margin freed, by the next close.
 */

/** The row's words for it, with the figures ("Cannot trade: " goes before them on the row). */
export const marginShortNote = (neededPaise: number, availablePaise: number) =>
  `the entry needs ₹${groupedRupeesText(neededPaise)} of margin, ₹${groupedRupeesText(availablePaise)} available; nothing was sent`;

/** A refused entry: a manual action hears 409 with the figures; a close notes them on the row and alerts. */
export class MarginShortfall extends AppError {
  constructor(
    readonly mappingId: number,
    readonly neededPaise: number,
    readonly availablePaise: number,
  ) {
    super(409, 'CONFLICT', `Not entered: ${marginShortNote(neededPaise, availablePaise)}`);
  }

  /** What the strategy's row says. */
  get note(): string {
    return marginShortNote(this.neededPaise, this.availablePaise);
  }
}

/**
 * An entry refused for margin is told once (the row says it at every close until one trades): an alert for the
 * owner through the `entry.margin_short` event, again only after the strategy has traded since.
 */
export function createMarginShortTeller(events: Pick<DomainEventBus, 'publish'>) {
  const told = new Set<number>();
  function tell(m: { id: number; userId: number; instrumentName: string }, short: MarginShortfall, at: number) {
    if (told.has(m.id)) return;
    told.add(m.id);
    void events.publish('entry.margin_short', {
      userId: m.userId,
      mappingId: m.id,
      instrumentName: m.instrumentName,
      neededPaise: short.neededPaise,
      availablePaise: short.availablePaise,
      at,
    });
  }
  /** The strategy traded: a later shortfall is told again. */
  function traded(mappingId: number) {
    told.delete(mappingId);
  }
  /**
   * A paper close's entries refused for their Paper account's capital are told once each, as a live one is
   * (live-close.ts); a strategy that traded (not held back another way) may be told again later.
   */
  function tellClose(
    mappings: ReadonlyArray<{ id: number; userId: number; instrumentName: string }>,
    plans: ReadonlyArray<{ mapping: { id: number } }>,
    failures: readonly unknown[],
    at: number,
  ) {
    const shorts = new Map<number, MarginShortfall>();
    const held = new Set<number>();
    for (const f of failures) {
      if (f instanceof MarginShortfall) shorts.set(f.mappingId, f);
      else if (f instanceof StalePositionError) f.mappingIds.forEach((id) => held.add(id));
      else if (f instanceof PortfolioLimitRefusal) held.add(f.mappingId);
    }
    const byId = new Map(mappings.map((m) => [m.id, m]));
    for (const [id, short] of shorts) {
      const m = byId.get(id);
      if (m) tell(m, short, at);
    }
    for (const { mapping } of plans) {
      if (!shorts.has(mapping.id) && !held.has(mapping.id)) traded(mapping.id);
    }
  }
  return { tell, traded, tellClose };
}

export type MarginShortTeller = ReturnType<typeof createMarginShortTeller>;
