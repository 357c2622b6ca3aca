import { describe, expect, it } from 'vitest';
import { createMarginShortTeller, MarginShortfall } from './margin-shortfall.js';
import { PortfolioLimitRefusal } from './portfolio-guard.js';
import { StalePositionError } from './stale-position.js';

const strategy = (id: number) => ({ id, userId: 7, instrumentName: 'NIFTY 50' });

function teller() {
  const told: Array<{ mappingId: number; neededPaise: number; availablePaise: number }> = [];
  const shorts = createMarginShortTeller({
    publish: (name, payload) => {
      if (name === 'entry.margin_short') {
        const p = payload as { mappingId: number; neededPaise: number; availablePaise: number };
        told.push({ mappingId: p.mappingId, neededPaise: p.neededPaise, availablePaise: p.availablePaise });
      }
      return Promise.resolve();
    },
  });
  return { shorts, told };
}

describe('a paper close’s margin shortfalls', () => {
  it('are told once per strategy until it trades, then again', () => {
    const { shorts, told } = teller();
    const mappings = [strategy(1), strategy(2)];
    const plans = mappings.map((mapping) => ({ mapping }));
    const short = new MarginShortfall(1, 15_000_000, 9_000_000);

    shorts.tellClose(mappings, plans, [short], 1_000);
    shorts.tellClose(mappings, plans, [short], 2_000);
    expect(told).toEqual([{ mappingId: 1, neededPaise: 15_000_000, availablePaise: 9_000_000 }]);

    // The next close it traded: a later shortfall is news again.
    shorts.tellClose(mappings, plans, [], 3_000);
    shorts.tellClose(mappings, plans, [short], 4_000);
    expect(told.map((t) => t.mappingId)).toEqual([1, 1]);
  });

  it('do not count a strategy held back another way as having traded', () => {
    const { shorts, told } = teller();
    const mappings = [strategy(1), strategy(2)];
    const plans = mappings.map((mapping) => ({ mapping }));
    shorts.tellClose(mappings, plans, [new MarginShortfall(1, 100, 50), new MarginShortfall(2, 100, 50)], 1_000);
    // Neither traded: one was traded by another console meanwhile, the other refused for a portfolio cap.
    shorts.tellClose(
      mappings,
      plans,
      [new StalePositionError([1]), new PortfolioLimitRefusal(2, 'the net delta is beyond its cap')],
      2_000,
    );
    shorts.tellClose(mappings, plans, [new MarginShortfall(1, 100, 50), new MarginShortfall(2, 100, 50)], 3_000);
    expect(told.map((t) => t.mappingId)).toEqual([1, 2]);
  });
});
