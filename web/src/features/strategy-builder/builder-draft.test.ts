import { LEGS_TEMPLATES } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  addLeg,
  blankLeg,
  buildConfig,
  copyLeg,
  draftOf,
  emptyDraft,
  formFields,
  placeErrors,
  removeLeg,
  updateLeg,
  type BuilderDraft,
} from './builder-draft';

const errorsOf = (d: BuilderDraft) => {
  const built = buildConfig(d);
  return built.ok ? [] : built.errors;
};

describe('legs: add, copy, remove', () => {
  it('adds a fresh leg at the end with its own key, up to eight', () => {
    let legs = [blankLeg(1)];
    for (let i = 0; i < 10; i++) legs = addLeg(legs);
    expect(legs).toHaveLength(8);
    expect(new Set(legs.map((l) => l.key)).size).toBe(8);
  });

  it('copies a leg right after itself with a new key, everything else the same', () => {
    const legs = [
      blankLeg(1),
      { ...blankLeg(2), option_type: 'PE' as const, stop_unit: 'percent' as const, stop_value: '25' },
    ];
    const copied = copyLeg(legs, 1);
    expect(copied.map((l) => l.key)).toEqual([1, 3, 2]);
    expect({ ...copied[1], key: 1 }).toEqual(legs[0]);
    expect(copyLeg(copied, 2)[3]).toEqual({ ...legs[1], key: 4 });
  });

  it('does not copy past eight legs', () => {
    const eight = Array.from({ length: 8 }, (_, i) => blankLeg(i + 1));
    expect(copyLeg(eight, 3)).toEqual(eight);
  });

  it('removes a leg by key but never the last one', () => {
    const legs = [blankLeg(1), blankLeg(5)];
    expect(removeLeg(legs, 1).map((l) => l.key)).toEqual([5]);
    expect(removeLeg([blankLeg(5)], 5).map((l) => l.key)).toEqual([5]);
  });

  it('changes only the leg asked', () => {
    const legs = updateLeg([blankLeg(1), blankLeg(2)], 2, { side: 'BUY', lots: '3' });
    expect(legs[0]).toEqual(blankLeg(1));
    expect(legs[1]).toMatchObject({ side: 'BUY', lots: '3' });
  });
});

describe('building the configuration', () => {
  it('gives back every template exactly as it came, through the form', () => {
    for (const t of LEGS_TEMPLATES) {
      const built = buildConfig(draftOf(t.config));
      expect(built, t.key).toEqual({ ok: true, config: t.config });
    }
  });

  it('sends the rules the trader turned on, as numbers, and none of the others', () => {
    const draft = emptyDraft();
    draft.legs = [
      {
        ...blankLeg(1),
        side: 'BUY',
        lots: '2',
        expiry: 'next_week',
        strike_by: 'premium_at_least',
        premium: '80.5',
        stop_unit: 'points',
        stop_value: '20',
        trail_unit: 'percent',
        trail_activate: '20',
        trail_by: '10',
        re_times: '2',
        re_when: 'at_entry_price',
      },
    ];
    draft.entry = { ...draft.entry, kind: 'range_breakout', minutes: '30', breakout_side: 'either' };
    draft.exit_at = '15:15';
    draft.max_loss = '5000';
    expect(buildConfig(draft)).toEqual({
      ok: true,
      config: {
        legs: [
          {
            option_type: 'CE',
            side: 'BUY',
            lots: 2,
            expiry: 'next_week',
            strike: { by: 'premium_at_least', premium: 80.5 },
            stop_loss: { unit: 'points', value: 20 },
            target: null,
            trailing: { unit: 'percent', activate_at: 20, trail_by: 10 },
            re_entry: { times: 2, when: 'at_entry_price' },
          },
        ],
        entry: { kind: 'range_breakout', minutes: 30, side: 'either' },
        exit_at: '15:15',
        max_loss: 5000,
        target_profit: null,
      },
    });
  });

  it('refuses in the schema’s words, each message on the path of its leg and field', () => {
    const draft = emptyDraft();
    draft.legs = [blankLeg(1), { ...blankLeg(2), lots: 'two', stop_unit: 'percent', stop_value: '0' }];
    draft.entry = { ...draft.entry, at: '09:20' };
    draft.exit_at = '09:00';
    expect(errorsOf(draft)).toEqual([
      { path: 'legs.1.lots', message: 'Leg 2 Lots must be a number' },
      { path: 'legs.1.stop_loss.value', message: 'Leg 2 Stop Loss must be more than 0' },
    ]);
    // Once the legs read, the rules across fields speak (the exit before the entry).
    draft.legs = [blankLeg(1)];
    expect(errorsOf(draft)).toEqual([{ path: 'exit_at', message: 'Exit Time must be later than Entry Time' }]);
  });

  it('starts a configuration it cannot read as one blank leg', () => {
    expect(draftOf({ legs: 'none' })).toEqual(emptyDraft());
  });
});

describe('placeErrors', () => {
  it('puts each message beside the deepest field it lies in, and the rest at the top', () => {
    const placed = placeErrors(
      [
        { path: 'legs.1.stop_loss.value', message: 'a' },
        { path: 'legs.0.strike.steps', message: 'b' },
        { path: 'legs', message: 'c' },
        { path: 'entry.at', message: 'd' },
        { path: 'legs.1.re_entry', message: 'e' },
      ],
      formFields(2),
    );
    expect(Object.fromEntries(placed.at)).toEqual({
      'legs.1.stop_loss': ['a'],
      'legs.0.strike': ['b'],
      'entry.at': ['d'],
      'legs.1.re_entry': ['e'],
    });
    expect(placed.other).toEqual(['c']);
  });
});
