import { describe, expect, it } from 'vitest';
import { LegsConfigSchema, LegSchema, type LegsConfigInput } from './legs.js';
import { LEGS_TEMPLATES } from './legs-templates.js';

const messagesOf = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

const sellCe = {
  option_type: 'CE',
  side: 'SELL',
  lots: 1,
  expiry: 'current_week',
  strike: { by: 'atm', steps: 0 },
  stop_loss: { unit: 'percent', value: 25 },
} as const;

const config = (over: Partial<LegsConfigInput> = {}): LegsConfigInput => ({
  legs: [sellCe, { ...sellCe, option_type: 'PE' }],
  entry: { kind: 'time', at: '09:20' },
  exit_at: '15:15',
  ...over,
});

/** The messages of a config whose leg `index` (0-based) has `leg` merged over a SELL CE. */
const legMessages = (leg: Record<string, unknown>, index = 0) => {
  const legs: unknown[] = [sellCe, sellCe];
  legs[index] = { ...sellCe, ...leg };
  return messagesOf(LegsConfigSchema.safeParse({ ...config(), legs }));
};

describe('LegsConfigSchema', () => {
  it('takes a straddle and fills what is left out with none', () => {
    const parsed = LegsConfigSchema.parse({ legs: [sellCe], entry: { kind: 'candle_close', interval: '5m' } });
    expect(parsed).toEqual({
      legs: [{ ...sellCe, target: null, trailing: null, re_entry: null }],
      entry: { kind: 'candle_close', interval: '5m' },
      exit_at: null,
      max_loss: null,
      target_profit: null,
    });
  });

  it('takes every entry kind, strike rule and exit unit', () => {
    const legs = [
      { ...sellCe, strike: { by: 'premium_closest', premium: 50.5 }, target: { unit: 'premium', value: 10 } },
      { ...sellCe, strike: { by: 'premium_at_least', premium: 20 }, stop_loss: { unit: 'points', value: 40 } },
      {
        ...sellCe,
        side: 'BUY',
        strike: { by: 'premium_at_most', premium: 120 },
        stop_loss: { unit: 'percent', value: 99.5 },
        target: { unit: 'percent', value: 250 },
        trailing: { unit: 'percent', activate_at: 20, trail_by: 10 },
        re_entry: { times: 20, when: 'at_entry_price' },
      },
      { ...sellCe, stop_loss: { unit: 'percent', value: 300 }, strike: { by: 'atm', steps: -20 }, lots: 50 },
    ];
    const entries = [
      { kind: 'time', at: '09:20' },
      { kind: 'candle_close', interval: '1m' },
      { kind: 'range_breakout', minutes: 375, side: 'either' },
      { kind: 'wait_and_trade', reference_at: '09:20', unit: 'points', value: 100, direction: 'down' },
    ];
    for (const entry of entries) {
      const r = LegsConfigSchema.safeParse({ legs, entry, exit_at: '15:15', max_loss: 5000, target_profit: '' });
      expect(messagesOf(r)).toEqual([]);
    }
  });

  it('names the leg and the field of each refused value', () => {
    expect(legMessages({ lots: 0 }, 1)).toEqual(['Leg 2 Lots must be at least 1']);
    expect(legMessages({ lots: 51 })).toEqual(['Leg 1 Lots must be at most 50']);
    expect(legMessages({ lots: 1.5 })).toEqual(['Leg 1 Lots must be a whole number']);
    expect(legMessages({ option_type: 'XX' })).toEqual(['Leg 1 Option Type must be one of CE, PE']);
    expect(legMessages({ side: 'sell' })).toEqual(['Leg 1 Side must be one of BUY, SELL']);
    expect(legMessages({ expiry: 'monthly' })).toEqual([
      'Leg 1 Expiry must be one of current_week, next_week, current_month',
    ]);
    expect(legMessages({ strike: { by: 'atm', steps: 21 } })).toEqual(['Leg 1 Strike Steps must be at most 20']);
    expect(legMessages({ strike: { by: 'delta', steps: 1 } })).toEqual([
      'Leg 1 Strike must be by atm, premium_closest, premium_at_least, premium_at_most',
    ]);
    expect(legMessages({ strike: { by: 'premium_closest', premium: 0 } })).toEqual([
      'Leg 1 Strike Premium must be more than 0',
    ]);
    expect(legMessages({ strike: { by: 'premium_at_most', premium: 10.555 } })).toEqual([
      'Leg 1 Strike Premium may have at most two decimals',
    ]);
  });

  it('names the exits of a leg', () => {
    expect(legMessages({ stop_loss: { unit: 'percent', value: -5 } }, 1)).toEqual([
      'Leg 2 Stop Loss must be more than 0',
    ]);
    expect(legMessages({ stop_loss: { unit: 'percent', value: 1001 } })).toEqual([
      'Leg 1 Stop Loss must be at most 1,000 %',
    ]);
    expect(legMessages({ target: { unit: 'ticks', value: 5 } })).toEqual([
      'Leg 1 Target Unit must be one of percent, points, premium',
    ]);
    expect(legMessages({ target: 5 })).toEqual(['Leg 1 Target must be a unit and a value, or none']);
    expect(legMessages({ trailing: { unit: 'premium', activate_at: 5, trail_by: 2 } })).toEqual([
      'Leg 1 Trailing Stop Unit must be one of percent, points',
    ]);
    expect(legMessages({ trailing: { unit: 'points', activate_at: 0, trail_by: 2 } })).toEqual([
      'Leg 1 Trail Activation must be more than 0',
    ]);
    expect(legMessages({ trailing: { unit: 'points', activate_at: 5, trail_by: 'x' } })).toEqual([
      'Leg 1 Trail By must be a number',
    ]);
    expect(legMessages({ re_entry: { times: 21, when: 'at_once' } })).toEqual(['Leg 1 Re-entries must be at most 20']);
    expect(legMessages({ re_entry: { times: 1, when: 'later' } })).toEqual([
      'Leg 1 Re-enter When must be one of at_once, at_entry_price',
    ]);
  });

  it("refuses a leg whose exits contradict its side or each other, naming the leg's field", () => {
    expect(legMessages({ side: 'BUY', stop_loss: { unit: 'percent', value: 100 } }, 1)).toEqual([
      'Leg 2 Stop Loss must be below 100 % on a BUY leg',
    ]);
    expect(legMessages({ target: { unit: 'percent', value: 100 } })).toEqual([
      'Leg 1 Target must be below 100 % on a SELL leg',
    ]);
    expect(legMessages({ side: 'BUY', trailing: { unit: 'percent', activate_at: 150, trail_by: 100 } })).toEqual([
      'Leg 1 Trail By must be below 100 % on a BUY leg',
    ]);
    expect(legMessages({ stop_loss: { unit: 'premium', value: 40 }, target: { unit: 'premium', value: 60 } })).toEqual([
      'Leg 1 Stop Loss must be above the Target on a SELL leg',
    ]);
    expect(
      legMessages({ side: 'BUY', stop_loss: { unit: 'premium', value: 60 }, target: { unit: 'premium', value: 60 } }),
    ).toEqual(['Leg 1 Stop Loss must be below the Target on a BUY leg']);
    expect(
      legMessages({
        target: { unit: 'points', value: 30 },
        trailing: { unit: 'points', activate_at: 30, trail_by: 10 },
      }),
    ).toEqual(['Leg 1 Trail Activation must be below the Target, which would exit first']);
    expect(legMessages({ stop_loss: null, re_entry: { times: 1, when: 'at_once' } })).toEqual([
      'Leg 1 Re-entry needs a Stop Loss or a Trailing Stop',
    ]);
    // Zero re-entries is the same as none, and a trailing stop is a stop to re-enter after.
    expect(legMessages({ stop_loss: null, re_entry: { times: 0, when: 'at_once' } })).toEqual([]);
    expect(
      legMessages({
        stop_loss: null,
        trailing: { unit: 'points', activate_at: 10, trail_by: 5 },
        re_entry: { times: 2, when: 'at_once' },
      }),
    ).toEqual([]);
  });

  it('counts the legs', () => {
    expect(messagesOf(LegsConfigSchema.safeParse(config({ legs: [] })))).toEqual(['Add at least one leg']);
    expect(messagesOf(LegsConfigSchema.safeParse(config({ legs: Array(9).fill(sellCe) })))).toEqual([
      'A strategy has at most 8 legs',
    ]);
    expect(messagesOf(LegsConfigSchema.safeParse({ ...config(), legs: [sellCe, 'CE'] }))).toEqual([
      'Leg 2 Legs must each be a leg',
    ]);
  });

  it('names the entry and exit fields', () => {
    const entry = (e: unknown, exitAt: string | null = '15:15') =>
      messagesOf(LegsConfigSchema.safeParse({ ...config(), entry: e, exit_at: exitAt }));
    expect(entry({ kind: 'time', at: '9:20' })).toEqual(['Entry Time must be HH:MM (00:00-23:59)']);
    expect(entry({ kind: 'candle_close', interval: '2m' })).toEqual([
      'Entry Interval must be one of 1m, 3m, 5m, 15m, 30m, 1h',
    ]);
    expect(entry({ kind: 'range_breakout', minutes: 0, side: 'above' })).toEqual(['Range Minutes must be at least 1']);
    expect(entry({ kind: 'range_breakout', minutes: 376, side: 'up' })).toEqual([
      'Range Minutes must be at most 375',
      'Breakout Side must be one of above, below, either',
    ]);
    const wait = { kind: 'wait_and_trade', reference_at: '09:20', unit: 'percent', value: 0.5, direction: 'either' };
    expect(entry({ ...wait, value: 0 })).toEqual(['Move must be more than 0']);
    expect(entry({ ...wait, value: 51 })).toEqual(['Move must be at most 50 %']);
    expect(entry({ ...wait, direction: 'sideways' })).toEqual(['Move Direction must be one of up, down, either']);
    expect(entry({ ...wait, unit: 'ticks' })).toEqual(['Move Unit must be one of percent, points']);
    expect(entry({ ...wait, reference_at: '25:00' })).toEqual(['Reference Time must be HH:MM (00:00-23:59)']);
    expect(entry({ kind: 'signal' })).toEqual([
      'Entry must be at a time, on a candle close, on a range breakout, or wait-and-trade',
    ]);
    expect(entry({ kind: 'time', at: '09:20' }, '9')).toEqual(['Exit Time must be HH:MM (00:00-23:59)']);
    expect(messagesOf(LegsConfigSchema.safeParse({ ...config(), exit_at: 1515 }))).toEqual([
      'Exit Time must be HH:MM (00:00-23:59)',
    ]);
    expect(entry({ kind: 'time' })).toEqual(['Entry Time must be HH:MM (00:00-23:59)']);
    expect(entry({ kind: 'time', at: '09:20' }, '09:20')).toEqual(['Exit Time must be later than Entry Time']);
    expect(entry(wait, '09:00')).toEqual(['Exit Time must be later than Reference Time']);
    // A candle-close or breakout entry may come at any hour: the exit time is not checked against it.
    expect(entry({ kind: 'candle_close', interval: '1m' }, '00:05')).toEqual([]);
  });

  it('checks Max Loss and Target Profit as every strategy does', () => {
    expect(messagesOf(LegsConfigSchema.safeParse(config({ max_loss: 0, target_profit: 10.001 })))).toEqual([
      'Max Loss must be more than 0',
      'Target Profit may have at most two decimals',
    ]);
  });

  it('names a leg parsed on its own without a leg number', () => {
    expect(messagesOf(LegSchema.safeParse({ ...sellCe, lots: 0 }))).toEqual(['Lots must be at least 1']);
  });
});

describe('LEGS_TEMPLATES', () => {
  it('offers ten presets with unique keys, each a valid configuration as it stands', () => {
    expect(LEGS_TEMPLATES).toHaveLength(10);
    expect(new Set(LEGS_TEMPLATES.map((t) => t.key)).size).toBe(10);
    expect(new Set(LEGS_TEMPLATES.map((t) => t.name)).size).toBe(10);
    for (const template of LEGS_TEMPLATES) {
      expect(template.strategy_type).toBe('legs');
      expect(template.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const parsed = LegsConfigSchema.safeParse(template.config);
      expect({ key: template.key, messages: messagesOf(parsed) }).toEqual({ key: template.key, messages: [] });
      // Parsing adds nothing: a preset states every field the form shows.
      expect(parsed.data).toEqual(template.config);
    }
  });

  it('enters the 25 % strangle on a short candle close, so it can be tried at any hour', () => {
    const strangle = LEGS_TEMPLATES.find((t) => t.key === 'short-strangle-25-sl')!;
    expect(strangle.config.entry).toEqual({ kind: 'candle_close', interval: '5m' });
    expect(strangle.config.exit_at).toBeNull();
    expect(strangle.config.legs.map((l) => l.stop_loss)).toEqual([
      { unit: 'percent', value: 25 },
      { unit: 'percent', value: 25 },
    ]);
  });
});
