import { describe, expect, it } from 'vitest';
import { barAtOrBefore, istDayStart, pointAtOrAfter, tradeMarkers } from './trade-markers';

let nextId = 1;
/** A fill at `time` (HH:MM:SS IST on 10 Dec 2025); quantity > 0 sells. */
function fill(time: string, symbol: string, quantity: number, price = 100) {
  return {
    id: nextId++,
    transaction_date: new Date(`2025-12-10T${time}+05:30`).toISOString(),
    trading_symbol: symbol,
    quantity,
    price,
  };
}

const kinds = (markers: ReturnType<typeof tradeMarkers>) => markers.map((m) => [m.kind, m.fills.length]);

describe('tradeMarkers', () => {
  it('marks an entry, a realign and an exit, one marker per instant', () => {
    const fills = [
      fill('10:00:00', 'CE100', 50),
      fill('10:00:00', 'PE100', 50),
      // Realign: buy both back, sell the new strikes, all booked at one instant.
      fill('11:00:00', 'CE100', -50),
      fill('11:00:00', 'PE100', -50),
      fill('11:00:00', 'CE150', 50),
      fill('11:00:00', 'PE50', 50),
      fill('12:00:00', 'CE150', -50),
      fill('12:00:00', 'PE50', -50),
    ];
    expect(kinds(tradeMarkers(fills, new Map()))).toEqual([
      ['Entry', 2],
      ['Realign', 4],
      ['Exit', 2],
    ]);
  });

  it('reads the fills in time order whatever order the page gave them in', () => {
    // Pages come newest first.
    const markers = tradeMarkers([fill('12:00:00', 'CE1', -50), fill('09:30:00', 'CE1', 50)], new Map());
    expect(markers.map((m) => m.kind)).toEqual(['Entry', 'Exit']);
    expect(markers[0]!.at).toBeLessThan(markers[1]!.at);
  });

  it('works back from what the strategy holds now when the day started with open legs', () => {
    // Held overnight: today's first fills roll one leg (a realign), and the legs are still open.
    const fills = [fill('10:00:00', 'CE100', -50), fill('10:00:00', 'CE150', 50)];
    const now = new Map([
      ['CE150', 50],
      ['PE50', 50],
    ]);
    expect(kinds(tradeMarkers(fills, now))).toEqual([['Realign', 2]]);
    // The same day ending flat: the last group is an exit, the first still a realign.
    const day = [...fills, fill('15:00:00', 'CE150', -50), fill('15:00:00', 'PE50', -50)];
    expect(kinds(tradeMarkers(day, new Map()))).toEqual([
      ['Realign', 2],
      ['Exit', 2],
    ]);
  });

  it('calls a partial close that leaves legs open a realign', () => {
    const fills = [fill('10:00:00', 'CE1', 50), fill('10:00:00', 'PE1', 50), fill('10:05:00', 'CE1', -50)];
    expect(kinds(tradeMarkers(fills, new Map([['PE1', 50]])))).toEqual([
      ['Entry', 2],
      ['Realign', 1],
    ]);
  });

  it('has no markers without fills', () => {
    expect(tradeMarkers([], new Map([['CE1', 50]]))).toEqual([]);
  });
});

describe('istDayStart', () => {
  it('is IST midnight, 18:30 UTC the day before', () => {
    const at = Date.parse('2025-12-10T02:00:00+05:30');
    expect(new Date(istDayStart(at)).toISOString()).toBe('2025-12-09T18:30:00.000Z');
    const evening = Date.parse('2025-12-10T23:59:59+05:30');
    expect(new Date(istDayStart(evening)).toISOString()).toBe('2025-12-09T18:30:00.000Z');
  });
});

describe('placing markers on a series', () => {
  const bars = [60, 120, 180];
  it('puts a fill on the bar it fell in, the forming bar after the last open, none before the first', () => {
    expect(barAtOrBefore(bars, 150)).toBe(120);
    expect(barAtOrBefore(bars, 120)).toBe(120);
    expect(barAtOrBefore(bars, 500)).toBe(180);
    expect(barAtOrBefore(bars, 10)).toBeNull();
  });

  it('puts a fill on the first MTM reading after it, none before the curve began or after its last reading', () => {
    expect(pointAtOrAfter(bars, 61)).toBe(120);
    expect(pointAtOrAfter(bars, 60)).toBe(60);
    expect(pointAtOrAfter(bars, 59)).toBeNull();
    expect(pointAtOrAfter(bars, 181)).toBeNull();
    expect(pointAtOrAfter([], 10)).toBeNull();
  });
});
