import { expiriesFrom, expiryFor, LegsConfigSchema, RUNNING_STATUS, type LegsConfigInput } from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChainOption } from '../strategies/decision.logic.js';
import {
  decideLegs as decideWithMemo,
  decideLegsNow as decideNowWithMemo,
  pricedOptions,
  type LegsInputs,
} from './legs-decide.logic.js';
import { EMPTY_MEMO, readMemo } from './legs-memo.logic.js';

/** A decision without what its rules keep (legs-review.logic.test.ts and legs-memo tests read the memo). */
const withoutMemo = <T extends { memo?: string }>(d: T): T => {
  const { memo: _memo, ...rest } = d;
  return rest as T;
};
const decideLegs = (i: LegsInputs) => withoutMemo(decideWithMemo(i));
const decideLegsNow = (i: LegsInputs) => withoutMemo(decideNowWithMemo(i));
/** A configuration as the engine reads it, nothing kept yet. */
const settingsOf = (c: LegsInputs['config']['config']) => ({
  config: c,
  enteredPaise: 0,
  enteredAt: null,
  memo: EMPTY_MEMO,
  memoText: null,
});

const HOURS = { marketOpenTime: '09:15', marketCloseTime: '15:30', timezone: 'Asia/Kolkata', tradingDays: '1,2,3,4,5' };
/** Monday 23 Nov 2026, IST. */
const ist = (hhmm: string, day = '2026-11-23') => Date.parse(`${day}T${hhmm}:00+05:30`);
const EXPIRIES = ['2026-11-24', '2026-12-01', '2026-12-08', '2026-12-29'];
/** Strikes 24,000 to 25,000 every ₹100 on each expiry; a CE's price falls ₹10 a strike up. */
const CHAIN: ChainOption[] = EXPIRIES.flatMap((expiry) =>
  Array.from({ length: 11 }, (_, i) => 2_400_000 + i * 10_000).flatMap((strikePaise) =>
    (['CE', 'PE'] as const).map((optionType) => ({
      tradingSymbol: `NIFTY${expiry}${strikePaise / 100}${optionType}`,
      exchange: 'NFO',
      strikePaise,
      expiry,
      optionType,
      lotSize: 65,
      instrumentToken: strikePaise + (optionType === 'CE' ? 1 : 2),
    })),
  ),
);

const config = (input: Partial<LegsConfigInput> = {}) =>
  LegsConfigSchema.parse({
    legs: [{ option_type: 'CE', side: 'SELL', lots: 1, expiry: 'current_week', strike: { by: 'atm', steps: 1 } }],
    entry: { kind: 'time', at: '09:20' },
    exit_at: '15:15',
    ...input,
  });

const inputs = (over: Partial<LegsInputs> = {}, settings: Partial<LegsInputs['config']> = {}): LegsInputs => ({
  mapping: { startTime: null, endTime: null, runningStatus: RUNNING_STATUS.RUNNING },
  config: { ...settingsOf(config()), ...settings },
  instrument: { name: 'NIFTY', lotSize: 65, hours: HOURS },
  legs: [],
  pricePaise: 2_452_000,
  chain: CHAIN,
  at: ist('09:25'),
  ...over,
});

describe('expiryFor', () => {
  it('names the nearest, the next, and the month of the nearest’s last listed expiry', () => {
    const upcoming = expiriesFrom(EXPIRIES, '2026-11-23');
    expect(expiryFor('current_week', upcoming)).toBe('2026-11-24');
    expect(expiryFor('next_week', upcoming)).toBe('2026-12-01');
    expect(expiryFor('current_month', upcoming)).toBe('2026-11-24');
    // Once November's last has gone, the month is December's.
    const december = expiriesFrom(EXPIRIES, '2026-11-25');
    expect(expiryFor('current_month', december)).toBe('2026-12-29');
    expect(expiryFor('current_week', expiriesFrom(EXPIRIES, '2027-01-01'))).toBeNull();
  });

  it('never picks an expiry before today, and next week is always after current week', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 90 }), { minLength: 2 }),
        fc.integer({ min: 0, max: 90 }),
        (days, today) => {
          const iso = (d: number) => new Date(Date.UTC(2026, 10, 1 + d)).toISOString().slice(0, 10);
          const upcoming = expiriesFrom(days.map(iso), iso(today));
          for (const kind of ['current_week', 'next_week', 'current_month'] as const) {
            const e = expiryFor(kind, upcoming);
            if (e !== null) expect(e >= iso(today)).toBe(true);
          }
          const [cw, nw] = [expiryFor('current_week', upcoming), expiryFor('next_week', upcoming)];
          if (cw !== null && nw !== null) expect(nw > cw).toBe(true);
        },
      ),
    );
  });
});

describe('decideLegs', () => {
  it('waits for its entry time, then enters every leg at its strike, sized in lots', () => {
    expect(decideLegs(inputs({ at: ist('09:19') }))).toEqual({ action: 'hold', reason: 'waiting for entry' });
    const d = decideLegs(inputs());
    expect(d).toMatchObject({ action: 'enter', atmPaise: 2_452_000 });
    if (d.action !== 'enter') throw new Error('no entry');
    // ATM 24,500 (nearest listed to 24,520); one step out of the money for a CE is up.
    expect(d.open).toEqual([
      { option: expect.objectContaining({ strikePaise: 2_460_000, expiry: '2026-11-24' }), quantity: 65, side: 'SELL' },
    ]);
  });

  it('enters once a day: after an entry today it holds nothing and waits for tomorrow', () => {
    const settings = { enteredAt: ist('09:21'), enteredPaise: 2_452_000 };
    expect(decideLegs(inputs({ at: ist('11:00') }, settings))).toEqual({ action: 'hold', reason: 'entered today' });
    expect(decideLegs(inputs({ at: ist('09:25', '2026-11-24') }, settings)).action).toBe('enter');
  });

  it('squares off at its exit time and does not enter after it', () => {
    const leg = {
      id: 1,
      optionType: 'CE' as const,
      tradingSymbol: 'X',
      exchange: 'NFO',
      strikePaise: 1,
      expiry: '2026-11-24',
      quantity: 65,
    };
    expect(decideLegs(inputs({ at: ist('15:15'), legs: [leg] }))).toEqual({
      action: 'squareOff',
      close: [leg],
      reason: 'window end',
    });
    expect(decideLegs(inputs({ at: ist('15:16') }))).toEqual({ action: 'hold', reason: 'after exit time' });
    expect(decideLegs(inputs({ at: ist('12:00'), legs: [leg] }))).toEqual({ action: 'hold', reason: 'holding legs' });
  });

  it('chooses a strike by premium from the prices it was given, and says which leg has none', () => {
    const byPremium = config({
      legs: [
        {
          option_type: 'CE',
          side: 'BUY',
          lots: 2,
          expiry: 'next_week',
          strike: { by: 'premium_closest', premium: 52 },
        },
      ],
    });
    const wanted = pricedOptions({ config: byPremium, memo: EMPTY_MEMO }, CHAIN, [], ist('09:25'), 'Asia/Kolkata');
    expect(new Set(wanted.map((o) => `${o.expiry}${o.optionType}`))).toEqual(new Set(['2026-12-01CE']));
    // ₹100 at 24,000 falling ₹10 a strike: ₹50 at 24,500 is the closest to ₹52.
    const prices = new Map(wanted.map((o) => [o.tradingSymbol, 10_000 - (o.strikePaise - 2_400_000) / 10]));
    const d = decideLegs(inputs({ optionPricesPaise: prices, config: settingsOf(byPremium) }));
    if (d.action !== 'enter') throw new Error(`no entry: ${JSON.stringify(d)}`);
    expect(d.open[0]).toMatchObject({
      option: { strikePaise: 2_450_000, expiry: '2026-12-01' },
      quantity: 130,
      side: 'BUY',
    });
    expect(decideLegs(inputs({ config: settingsOf(byPremium) }))).toMatchObject({
      action: 'hold',
      reason: 'no quote',
      detail: 'Leg 1: no CE of this expiry has a last price for 2026-12-01',
    });
  });

  it('sends nothing when one leg cannot be chosen, naming the leg', () => {
    const far = config({
      legs: [
        { option_type: 'CE', side: 'SELL', lots: 1, expiry: 'current_week', strike: { by: 'atm', steps: 0 } },
        { option_type: 'PE', side: 'BUY', lots: 1, expiry: 'current_week', strike: { by: 'atm', steps: 20 } },
      ],
    });
    expect(decideLegs(inputs({ config: settingsOf(far) }))).toMatchObject({
      action: 'hold',
      reason: 'strike not listed',
      detail: expect.stringMatching(/^Leg 2: no PE at strike/),
    });
  });

  it('closes a held leg alone when its price reaches its stop-loss or target, never a leg whose price is unknown', () => {
    const strangle = config({
      legs: [
        {
          option_type: 'CE',
          side: 'SELL',
          lots: 1,
          expiry: 'current_week',
          strike: { by: 'atm', steps: 1 },
          stop_loss: { unit: 'percent', value: 25 },
        },
        {
          option_type: 'PE',
          side: 'BUY',
          lots: 1,
          expiry: 'current_week',
          strike: { by: 'atm', steps: 1 },
          target: { unit: 'points', value: 30 },
        },
      ],
    });
    const held = (id: number, optionType: 'CE' | 'PE', quantity: number, entryPricePaise: number) => ({
      id,
      optionType,
      tradingSymbol: `S${id}`,
      exchange: 'NFO',
      strikePaise: 2_450_000,
      expiry: '2026-11-24',
      quantity,
      entryPricePaise,
    });
    const ce = held(1, 'CE', 65, 10_000);
    const pe = held(2, 'PE', -65, 8_000);
    const settings = { config: strangle, enteredPaise: 2_452_000, enteredAt: ist('09:20') };
    const at = (cePaise: number, pePaise: number) =>
      decideLegs(
        inputs(
          {
            at: ist('10:00'),
            legs: [ce, pe],
            optionPricesPaise: new Map([
              ['S1', cePaise],
              ['S2', pePaise],
            ]),
          },
          settings,
        ),
      );
    // The sold CE's 25 % stop is ₹125.00; the bought PE's target ₹30 above its ₹80.00 entry is ₹110.00.
    expect(at(12_499, 10_999)).toEqual({ action: 'hold', reason: 'holding legs' });
    expect(at(12_500, 10_999)).toEqual({ action: 'squareOff', close: [ce], reason: 'stop-loss' });
    expect(at(12_000, 11_000)).toEqual({ action: 'squareOff', close: [pe], reason: 'target' });
    expect(at(13_000, 12_000)).toEqual({ action: 'squareOff', close: [ce, pe], reason: 'stop-loss' });
    // No price for the CE: it is not judged, whatever its stop.
    const unpriced = decideLegs(inputs({ at: ist('10:00'), legs: [ce, pe], optionPricesPaise: new Map() }, settings));
    expect(unpriced).toEqual({ action: 'hold', reason: 'holding legs' });
    // The rules ask for the held legs' own prices.
    const chain = [...CHAIN, { ...CHAIN[0]!, tradingSymbol: 'S1' }, { ...CHAIN[1]!, tradingSymbol: 'S2' }];
    expect(
      pricedOptions({ config: strangle, memo: EMPTY_MEMO }, chain, [ce, pe], ist('10:00'), 'Asia/Kolkata').map(
        (o) => o.tradingSymbol,
      ),
    ).toEqual(['S1', 'S2']);
  });

  it('never enters with a limit kept in the configuration, where nothing watches it', () => {
    const capped = config({ max_loss: 5000 });
    expect(decideLegs(inputs({ config: settingsOf(capped) }))).toEqual({
      action: 'hold',
      reason: 'not available yet',
      detail: 'Its Max Loss was saved where nothing watches it: open it in the Strategy Builder and save it again',
    });
  });

  it('waits for a breakout of the opening range, measured from the open whatever its window, then enters', () => {
    const breakout = config({ entry: { kind: 'range_breakout', minutes: 3, side: 'above' } });
    let settings: LegsInputs['config'] = settingsOf(breakout);
    const close = (hhmm: string, pricePaise: number) => {
      const d = decideWithMemo(
        inputs(
          { at: ist(hhmm), pricePaise, mapping: { startTime: '09:18', endTime: '15:00', runningStatus: 1 } },
          settings,
        ),
      );
      if (d.memo !== undefined) settings = { ...settings, memo: readMemo(d.memo), memoText: d.memo };
      return d;
    };
    expect(close('09:16', 2_450_000)).toMatchObject({ reason: 'outside window' });
    expect(close('09:17', 2_452_000)).toMatchObject({ reason: 'outside window' });
    expect(close('09:18', 2_449_000)).toMatchObject({
      reason: 'waiting for entry',
      detail: 'Waiting for NIFTY above ₹24,520.00 (range of 09:15–09:18)',
    });
    expect(close('09:19', 2_452_000)).toMatchObject({ reason: 'waiting for entry' });
    expect(close('09:20', 2_452_100)).toMatchObject({ action: 'enter' });
  });
  it('enters at once on a trader’s Realign when it holds nothing, whatever the time', () => {
    expect(decideLegsNow(inputs({ at: ist('09:16') })).action).toBe('enter');
  });
});
