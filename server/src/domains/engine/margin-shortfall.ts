import { groupedRupeesText } from '@app/contract';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { AppError } from '../../platform/errors.js';

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
  return {
    tell(m: { id: number; userId: number; instrumentName: string }, short: MarginShortfall, at: number) {
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
    },
    /** The strategy traded: a later shortfall is told again. */
    traded(mappingId: number) {
      told.delete(mappingId);
    },
  };
}
