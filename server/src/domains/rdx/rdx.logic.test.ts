import { describe, expect, it } from 'vitest';
import {
  atmOf,
  atmOfHeldLeg,
  decideManualRealign,
  decideOnCandle,
  nearestExpiry,
  RDX_HOLDS,
  strikeStep,
  type ChainOption,
  type OpenLeg,
  type RdxInputs,
} from './rdx.logic.js';

const z = (iso: string) => Date.parse(iso);
const MON_1030_IST = z('2026-11-23T05:00:00Z');
const rupees = (r: number) => r * 100;
/** NIFTY's lot from the January 2026 expiries (NSE circular NSE/FAOP/70616); the tests sell 2 lots a leg. */
const NIFTY_LOT = 65;

function chain(expiries: string[]): ChainOption[] {
  const out: ChainOption[] = [];
  let token = 1000;
  for (const expiry of expiries) {
    for (let strike = 24000; strike <= 25000; strike += 50) {
      for (const optionType of ['CE', 'PE'] as const) {
        out.push({
          tradingSymbol: `NIFTY${expiry.replaceAll('-', '')}${strike}${optionType}`,
          exchange: 'NFO',
          strikePaise: rupees(strike),
          expiry,
          optionType,
          lotSize: NIFTY_LOT,
          instrumentToken: token++,
        });
      }
    }
  }
  return out;
}

/**
 * NIFTY's expiries as listed on Monday 23 Nov 2026: November's monthly, moved to today from Tuesday the 24th
 * (Guru Nanak Jayanti, an NSE holiday), then the Tuesday weeklies.
 */
const CHAIN = chain(['2026-11-23', '2026-12-01', '2026-12-08']);

type Overrides = Omit<Partial<RdxInputs>, 'mapping' | 'config'> & {
  mapping?: Partial<RdxInputs['mapping']>;
  config?: Partial<RdxInputs['config']>;
};

function inputs(over: Overrides = {}): RdxInputs {
  return {
    chain: CHAIN,
    legs: [],
    pricePaise: rupees(24512.4),
    at: MON_1030_IST,
    instrument: {
      lotSize: NIFTY_LOT,
      hours: { marketOpenTime: '09:15', marketCloseTime: '15:30', timezone: 'Asia/Kolkata', tradingDays: '1,2,3,4,5' },
    },
    ...over,
    mapping: { ceCount: 1, peCount: 1, startTime: null, endTime: null, runningStatus: 1, ...over.mapping },
    config: { lotCount: 2, atmPaise: 0, offsetPaise: rupees(100), ...over.config },
  };
}

const leg = (optionType: 'CE' | 'PE', strike: number): OpenLeg => ({
  id: optionType === 'CE' ? 1 : 2,
  optionType,
  tradingSymbol: `NIFTY20261201${strike}${optionType}`,
  exchange: 'NFO',
  strikePaise: rupees(strike),
  expiry: '2026-12-01',
  quantity: 2 * NIFTY_LOT,
});

describe('chain helpers', () => {
  it('finds the strike step, the nearest expiry that is not today, and the ATM', () => {
    expect(strikeStep(CHAIN, '2026-12-01')).toBe(rupees(50));
    expect(nearestExpiry(CHAIN, '2026-11-23')).toBe('2026-12-01');
    expect(atmOf(rupees(24512.4), rupees(50))).toBe(rupees(24500));
    expect(atmOf(rupees(24525), rupees(50))).toBe(rupees(24550));
  });
});

describe('expiry day', () => {
  // Monday 23 Nov 2026 is the expiry of the legs below: NIFTY's Tuesday expiry moved a day earlier for the
  // holiday on the 24th.
  const EXPIRY_DAY_AT = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    return Date.UTC(2026, 10, 23, (h ?? 0) - 5, (m ?? 0) - 30);
  };
  const legsExpiringToday: RdxInputs['legs'] = [
    {
      id: 1,
      tradingSymbol: 'NIFTY2026112324600CE',
      exchange: 'NFO',
      optionType: 'CE',
      strikePaise: rupees(24600),
      expiry: '2026-11-23',
      quantity: 2 * NIFTY_LOT,
    },
    {
      id: 2,
      tradingSymbol: 'NIFTY2026112324400PE',
      exchange: 'NFO',
      optionType: 'PE',
      strikePaise: rupees(24400),
      expiry: '2026-11-23',
      quantity: 2 * NIFTY_LOT,
    },
  ];

  it('holds expiring legs within the threshold until 15:15, then rolls them to the next expiry', () => {
    const config = { atmPaise: rupees(24500) };
    const before = decideOnCandle(inputs({ legs: legsExpiringToday, at: EXPIRY_DAY_AT('15:00'), config }));
    expect(before).toEqual({ action: 'hold', reason: 'within threshold' });
    const roll = decideOnCandle(inputs({ legs: legsExpiringToday, at: EXPIRY_DAY_AT('15:15'), config }));
    if (roll.action !== 'realign') throw new Error(`expected a roll, got ${roll.action}`);
    expect(roll.close.map((l) => l.id)).toEqual([1, 2]);
    expect(roll.open.map((o) => o.option.expiry)).toEqual(['2026-12-01', '2026-12-01']);
  });

  it('squares off instead when the window ends first', () => {
    const d = decideOnCandle(
      inputs({
        legs: legsExpiringToday,
        at: EXPIRY_DAY_AT('15:15'),
        mapping: { startTime: '09:30', endTime: '15:00' },
      }),
    );
    expect(d.action).toBe('squareOff');
  });
});

describe('entry', () => {
  it('sells CE at ATM + offset and PE at ATM − offset, lots × lot size, nearest expiry not today', () => {
    const d = decideOnCandle(inputs());
    expect(d.action).toBe('enter');
    if (d.action !== 'enter') return;
    expect(d.atmPaise).toBe(rupees(24500));
    expect(d.open.map((o) => [o.option.optionType, o.option.strikePaise / 100, o.option.expiry, o.quantity])).toEqual([
      ['CE', 24600, '2026-12-01', 2 * NIFTY_LOT],
      ['PE', 24400, '2026-12-01', 2 * NIFTY_LOT],
    ]);
  });

  it("sizes orders by the exchange's lot size from the day's dump, not the instrument's configured one", () => {
    // NSE revised NIFTY's lot from 75 to 65 for expiries from January 2026: an instrument still configured
    // with 75 sizes by the dump's 65.
    const stale = { ...inputs().instrument, lotSize: 75 };
    const d = decideOnCandle(inputs({ instrument: stale }));
    if (d.action !== 'enter') throw new Error(`expected an entry, got ${d.action}`);
    expect(d.open.map((o) => o.quantity)).toEqual([2 * NIFTY_LOT, 2 * NIFTY_LOT]);
    // A dump row without a lot size falls back to the instrument's.
    const bare = CHAIN.map((o) => ({ ...o, lotSize: 0 }));
    const e = decideOnCandle(inputs({ chain: bare, instrument: stale }));
    if (e.action !== 'enter') throw new Error(`expected an entry, got ${e.action}`);
    expect(e.open.map((o) => o.quantity)).toEqual([150, 150]);
  });

  it('with ce_count 0 sells only puts; with both 0 does nothing', () => {
    const d = decideOnCandle(inputs({ mapping: { ceCount: 0, peCount: 2 } }));
    expect(d.action === 'enter' && d.open.map((o) => [o.option.optionType, o.quantity])).toEqual([
      ['PE', 4 * NIFTY_LOT],
    ]);
    expect(decideOnCandle(inputs({ mapping: { ceCount: 0, peCount: 0 } }))).toEqual({
      action: 'hold',
      reason: 'no legs configured',
    });
  });

  it('a negative offset puts the call below the ATM and the put above it', () => {
    const d = decideOnCandle(inputs({ config: { offsetPaise: rupees(-150) } }));
    expect(d.action === 'enter' && d.open.map((o) => o.option.strikePaise / 100)).toEqual([24350, 24650]);
  });

  it('rounds an offset that is not a multiple of the step to the chain', () => {
    const d = decideOnCandle(inputs({ config: { offsetPaise: rupees(120) } }));
    expect(d.action === 'enter' && d.open.map((o) => o.option.strikePaise / 100)).toEqual([24600, 24400]);
  });

  it('holds when the strike is not listed', () => {
    const d = decideOnCandle(inputs({ pricePaise: rupees(24990), config: { offsetPaise: rupees(100) } }));
    expect(d).toMatchObject({ action: 'hold' });
  });
});

describe('a strangle missing a side', () => {
  // The CE was sold around ATM 24,500; the PE's order reply was lost and it was never sent.
  const onlyCall = [leg('CE', 24600)];

  it('sells the missing side at the strike the held side was placed around, in its expiry', () => {
    const d = decideOnCandle(
      inputs({ legs: onlyCall, pricePaise: rupees(24530), config: { atmPaise: rupees(24500) } }),
    );
    expect(d.action).toBe('enter');
    if (d.action !== 'enter') return;
    expect(d.atmPaise).toBe(rupees(24500));
    expect(d.open.map((o) => [o.option.optionType, o.option.strikePaise / 100, o.option.expiry, o.quantity])).toEqual([
      ['PE', 24400, '2026-12-01', 2 * NIFTY_LOT],
    ]);
  });

  it('completes a first entry stopped half-way (no ATM saved yet) instead of realigning it', () => {
    const d = decideOnCandle(inputs({ legs: onlyCall, pricePaise: rupees(24530), config: { atmPaise: 0 } }));
    expect(
      d.action === 'enter' && [d.atmPaise / 100, d.open.map((o) => [o.option.optionType, o.option.strikePaise / 100])],
    ).toEqual([24500, [['PE', 24400]]]);
    // Moved past the threshold from where it was sold: a realign, as for any strangle.
    expect(decideOnCandle(inputs({ legs: onlyCall, pricePaise: rupees(24700), config: { atmPaise: 0 } })).action).toBe(
      'realign',
    );
  });

  it('realigns the whole strangle when the ATM has moved past the threshold anyway', () => {
    const d = decideOnCandle(
      inputs({ legs: onlyCall, pricePaise: rupees(24700), config: { atmPaise: rupees(24500) } }),
    );
    expect(d.action).toBe('realign');
  });

  it('leaves a side alone that is not configured', () => {
    const d = decideOnCandle(
      inputs({
        legs: onlyCall,
        mapping: { peCount: 0 },
        pricePaise: rupees(24530),
        config: { atmPaise: rupees(24500) },
      }),
    );
    expect(d).toEqual({ action: 'hold', reason: 'within threshold' });
  });

  it('works out the ATM from the held leg: the half-done trade never saved its own', () => {
    // Last complete trade around 24,300; the new entry sold the CE around 24,500 (24,800 at offset 300).
    const d = decideOnCandle(
      inputs({
        legs: [leg('CE', 24800)],
        pricePaise: rupees(24500),
        config: { atmPaise: rupees(24300), offsetPaise: rupees(300) },
      }),
    );
    expect(d.action === 'enter' && [d.atmPaise / 100, d.open.map((o) => o.option.strikePaise / 100)]).toEqual([
      24500,
      [24200],
    ]);
  });

  it('adds nothing to a side the trader has since removed (counts edited while it ran)', () => {
    const d = decideOnCandle(
      inputs({
        legs: onlyCall,
        mapping: { ceCount: 0, peCount: 1 },
        pricePaise: rupees(24530),
        config: { atmPaise: rupees(24500) },
      }),
    );
    expect(d).toEqual({ action: 'hold', reason: 'within threshold' });
  });

  it("never sells today's contract: a lone leg expiring today moves the strangle to the next expiry", () => {
    const today = { ...leg('CE', 24600), expiry: '2026-11-23', tradingSymbol: 'NIFTY2026112324600CE' };
    const d = decideOnCandle(inputs({ legs: [today], pricePaise: rupees(24530), config: { atmPaise: rupees(24500) } }));
    expect(d.action).toBe('realign');
    if (d.action !== 'realign') return;
    expect(new Set(d.open.map((o) => o.option.expiry))).toEqual(new Set(['2026-12-01']));
  });

  it('finds the ATM of a leg whose strike was rounded half a step', () => {
    // ATM 24,500 + offset 125 = 24,625, rounded up to 24,650.
    expect(atmOfHeldLeg({ optionType: 'CE', strikePaise: rupees(24650) }, rupees(125), rupees(50))).toBe(rupees(24500));
    expect(atmOfHeldLeg({ optionType: 'PE', strikePaise: rupees(24400) }, rupees(100), rupees(50))).toBe(rupees(24500));
  });
});

describe('a strangle side held at another size than configured (issue 27)', () => {
  const sized = (l: OpenLeg, lots: number): OpenLeg => ({ ...l, quantity: lots * NIFTY_LOT });
  const orders = (d: ReturnType<typeof decideOnCandle>) =>
    d.action === 'enter' || d.action === 'realign'
      ? d.open.map((o) => [o.option.tradingSymbol, o.quantity / NIFTY_LOT])
      : d;

  it('sells the rest of a side held smaller, in its own contract, at the next close', () => {
    // A realign from 1 lot to 2 bought back and resold the PE, then died before the CE was bought back.
    const d = decideOnCandle(
      inputs({
        legs: [sized(leg('CE', 24600), 1), sized(leg('PE', 24400), 2)],
        pricePaise: rupees(24530),
        config: { atmPaise: rupees(24500) },
      }),
    );
    expect(d.action).toBe('enter');
    expect(orders(d)).toEqual([['NIFTY2026120124600CE', 1]]);
  });

  it('buys back only what a side holds beyond its configured size (issue 28)', () => {
    const d = decideOnCandle(
      inputs({
        legs: [sized(leg('CE', 24600), 3), sized(leg('PE', 24400), 2)],
        pricePaise: rupees(24530),
        config: { atmPaise: rupees(24500) },
      }),
    );
    expect(d.action).toBe('realign');
    if (d.action !== 'realign') return;
    expect(d.close.map((l) => [l.tradingSymbol, l.quantity / NIFTY_LOT])).toEqual([['NIFTY2026120124600CE', 1]]);
    expect(orders(d)).toEqual([]);
  });

  it('completes a missing side and resizes the other one in the same close', () => {
    // Crash mid-realign to 2 lots: the CE was bought back and never resold; the PE kept the old lot.
    const d = decideOnCandle(
      inputs({ legs: [sized(leg('PE', 24400), 1)], pricePaise: rupees(24530), config: { atmPaise: rupees(24500) } }),
    );
    expect(orders(d)).toEqual([
      ['NIFTY2026120124600CE', 2],
      ['NIFTY2026120124400PE', 1],
    ]);
  });

  it('holds a strangle of the configured size', () => {
    const d = decideOnCandle(
      inputs({
        legs: [leg('CE', 24600), leg('PE', 24400)],
        pricePaise: rupees(24530),
        config: { atmPaise: rupees(24500) },
      }),
    );
    expect(d).toEqual({ action: 'hold', reason: 'within threshold' });
  });
});

describe('realign threshold', () => {
  const legs = [leg('CE', 24600), leg('PE', 24400)];
  it('holds while the ATM moved less than max(|offset|, step)', () => {
    const d = decideOnCandle(inputs({ legs, pricePaise: rupees(24570), config: { atmPaise: rupees(24500) } }));
    expect(d).toEqual({ action: 'hold', reason: 'within threshold' });
  });

  it('realigns once it moved at least that far: buy back all, sell around the new ATM', () => {
    const d = decideOnCandle(inputs({ legs, pricePaise: rupees(24601), config: { atmPaise: rupees(24500) } }));
    expect(d.action).toBe('realign');
    if (d.action !== 'realign') return;
    expect(d.close.map((l) => l.id)).toEqual([1, 2]);
    expect(d.atmPaise).toBe(rupees(24600));
    expect(d.open.map((o) => o.option.strikePaise / 100)).toEqual([24700, 24500]);
  });

  it('with a zero offset the threshold is one strike step', () => {
    const d = decideOnCandle(
      inputs({ legs, pricePaise: rupees(24550), config: { atmPaise: rupees(24500), offsetPaise: 0 } }),
    );
    expect(d.action).toBe('realign');
  });
});

describe('status, hours and window', () => {
  it('takes no action when paused or stopped', () => {
    expect(decideOnCandle(inputs({ mapping: { runningStatus: 2 } }))).toEqual({
      action: 'hold',
      reason: 'not running',
    });
    expect(decideOnCandle(inputs({ mapping: { runningStatus: 0 } }))).toEqual({
      action: 'hold',
      reason: 'not running',
    });
  });

  it('takes no action on a non-trading day or before the open', () => {
    expect(decideOnCandle(inputs({ at: z('2026-11-21T05:00:00Z') }))).toEqual({
      action: 'hold',
      reason: 'market closed',
    });
    expect(decideOnCandle(inputs({ at: z('2026-11-23T03:00:00Z') }))).toEqual({
      action: 'hold',
      reason: 'market closed',
    });
  });

  it('waits for the window start and squares off at its end', () => {
    const window = { startTime: '11:00', endTime: '14:00' };
    expect(decideOnCandle(inputs({ mapping: window }))).toEqual({ action: 'hold', reason: 'outside window' });
    expect(decideOnCandle(inputs({ mapping: window, at: z('2026-11-23T05:30:00Z') })).action).toBe('enter');
    const legs = [leg('CE', 24600)];
    expect(decideOnCandle(inputs({ mapping: window, legs, at: z('2026-11-23T08:30:00Z') }))).toMatchObject({
      action: 'squareOff',
      reason: 'window end',
    });
  });

  it('a window crossing the market close squares off on the candle closing at 15:30', () => {
    const window = { startTime: '14:00', endTime: '16:00' };
    const legs = [leg('CE', 24600), leg('PE', 24400)];
    expect(decideOnCandle(inputs({ mapping: window, legs, at: z('2026-11-23T09:55:00Z') })).action).not.toBe(
      'squareOff',
    );
    expect(decideOnCandle(inputs({ mapping: window, legs, at: z('2026-11-23T10:00:00Z') }))).toMatchObject({
      action: 'squareOff',
    });
  });

  it('an Always On strategy keeps its legs through the day', () => {
    const legs = [leg('CE', 24600), leg('PE', 24400)];
    const d = decideOnCandle(inputs({ legs, at: z('2026-11-23T10:00:00Z'), config: { atmPaise: rupees(24500) } }));
    expect(d).toEqual({ action: 'hold', reason: 'within threshold' });
  });
});

describe('manual realign', () => {
  it('enters when flat and realigns with legs whatever the threshold', () => {
    expect(decideManualRealign(inputs()).action).toBe('enter');
    const d = decideManualRealign(inputs({ legs: [leg('CE', 24600)], config: { atmPaise: rupees(24500) } }));
    expect(d.action).toBe('realign');
  });

  it('refuses while the market is closed', () => {
    expect(decideManualRealign(inputs({ at: z('2026-11-21T05:00:00Z') }))).toEqual({
      action: 'hold',
      reason: 'market closed',
    });
  });
});

describe('hold reasons', () => {
  it('a strike the chain does not list holds as a problem that names it', () => {
    const d = decideOnCandle(inputs({ config: { offsetPaise: rupees(2000) } }));
    expect(d).toEqual({ action: 'hold', reason: 'strike not listed', detail: 'no CE at strike 26500 for 2026-12-01' });
    expect(d.action === 'hold' && RDX_HOLDS[d.reason]).toBe('problem');
  });

  it('within the threshold and outside the window are ordinary; no legs configured is a problem', () => {
    expect(RDX_HOLDS['within threshold']).toBe('ordinary');
    expect(RDX_HOLDS['outside window']).toBe('ordinary');
    expect(RDX_HOLDS['no legs configured']).toBe('problem');
  });
});
