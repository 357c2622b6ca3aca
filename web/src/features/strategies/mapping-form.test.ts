import { MSG, type Mapping, type UserBroker } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyMappingForm,
  isLiveWithoutToken,
  isPaperAccountChosen,
  mappingFormError,
  mappingFormReader,
  mappingFormToBody,
  mappingToForm,
  maxLossCapHint,
  reachedStrategyLimitQuestion,
  withPaperModeFixed,
} from './mapping-form';
import { userBrokerFixture } from '../brokers/user-broker-fixture';
import { mappingFixture } from './mapping-fixture';

const base = emptyMappingForm(7);

describe('emptyMappingForm', () => {
  it('holds the reset values with the first broker, as paper, one CE and one PE (issues 8 and 27 override SPEC)', () => {
    expect(base).toEqual({
      user_id: '',
      strategy_id: '1',
      instrument_id: '1',
      user_broker_id: '7',
      is_active: '1',
      is_dummy: '1',
      ce_count: '1',
      pe_count: '1',
      start_time: '',
      end_time: '',
      max_loss: '',
      target_profit: '',
    });
    expect(emptyMappingForm(undefined).user_broker_id).toBe('');
  });

  it('refuses 0 CE and 0 PE in the server’s words, and takes one side alone', () => {
    expect(mappingFormError({ ...base, ce_count: '0', pe_count: '0' }, false)).toBe(MSG.atLeastOneLeg);
    expect(mappingFormError({ ...base, ce_count: '0', pe_count: '2' }, false)).toBeNull();
  });
});

describe('mappingFormError', () => {
  it('accepts a complete form with or without a window', () => {
    expect(mappingFormError(base, false)).toBeNull();
    expect(mappingFormError({ ...base, start_time: '09:30', end_time: '15:00' }, false)).toBeNull();
  });

  it('wants both times or neither', () => {
    expect(mappingFormError({ ...base, start_time: '09:30' }, false)).toBe(MSG.bothTimesOrNeither);
    expect(mappingFormError({ ...base, end_time: '15:00' }, false)).toBe(MSG.bothTimesOrNeither);
  });

  it('wants the end later than the start', () => {
    expect(mappingFormError({ ...base, start_time: '15:00', end_time: '09:30' }, false)).toBe(MSG.endAfterStart);
    expect(mappingFormError({ ...base, start_time: '10:00', end_time: '10:00' }, false)).toBe(MSG.endAfterStart);
  });

  it('wants a user broker', () => {
    expect(mappingFormError({ ...base, user_broker_id: '' }, false)).toBe(MSG.selectUserBroker);
  });

  it('wants a user on the admin form', () => {
    expect(mappingFormError(base, true)).toBe(MSG.selectUser);
    expect(mappingFormError({ ...base, user_id: '3' }, true)).toBeNull();
  });

  it('rejects counts out of bounds with the server schema message, in on-screen words', () => {
    expect(mappingFormError({ ...base, ce_count: '-1' }, false)).toBe('CE Count must be at least 0');
    expect(mappingFormError({ ...base, pe_count: '11' }, false)).toBe('PE Count must be at most 10');
  });
});

describe('mappingFormToBody', () => {
  it('parses integers falling back to 0 and sends empty times as null', () => {
    expect(mappingFormToBody({ ...base, ce_count: 'x', pe_count: '2.7' }, false)).toEqual({
      strategy_id: 1,
      instrument_id: 1,
      user_broker_id: 7,
      is_active: 1,
      is_dummy: 1,
      ce_count: 0,
      pe_count: 2,
      start_time: null,
      end_time: null,
      max_loss: null,
      target_profit: null,
    });
  });

  it('adds user_id only for the admin form', () => {
    expect(mappingFormToBody({ ...base, user_id: '4' }, true).user_id).toBe(4);
  });

  it('round-trips a mapping through edit mode', () => {
    const mapping = {
      id: 9,
      user_id: 4,
      strategy_id: 1,
      instrument_id: 2,
      user_broker_id: 5,
      is_active: 0,
      is_dummy: 1,
      ce_count: 2,
      pe_count: 3,
      start_time: '09:20',
      end_time: '15:10',
      running_status: 0,
      max_loss: 5000,
      target_profit: null,
    } as Mapping;
    expect(mappingFormToBody(mappingToForm(mapping), false)).toEqual({
      strategy_id: 1,
      instrument_id: 2,
      user_broker_id: 5,
      is_active: 0,
      is_dummy: 1,
      ce_count: 2,
      pe_count: 3,
      start_time: '09:20',
      end_time: '15:10',
      max_loss: 5000,
      target_profit: null,
    });
  });
});

describe('isLiveWithoutToken', () => {
  const broker = (id: number, has_token: boolean) =>
    ({ id, broker_id: 1, broker_name: 'Zerodha', broker_username: `AB${id}`, has_token }) as UserBroker;
  const brokers = [broker(7, false), broker(8, true)];

  it('warns for a LIVE mapping whose broker has no token', () => {
    expect(isLiveWithoutToken({ is_dummy: '0', user_broker_id: '7' }, brokers)).toBe(true);
  });

  it('stays quiet for paper, for a broker with a token, and while nothing is chosen or loaded', () => {
    expect(isLiveWithoutToken({ is_dummy: '1', user_broker_id: '7' }, brokers)).toBe(false);
    expect(isLiveWithoutToken({ is_dummy: '0', user_broker_id: '8' }, brokers)).toBe(false);
    expect(isLiveWithoutToken({ is_dummy: '0', user_broker_id: '' }, brokers)).toBe(false);
    expect(isLiveWithoutToken({ is_dummy: '0', user_broker_id: '7' }, undefined)).toBe(false);
  });
});

describe('loss and profit limits in the form', () => {
  const form = { ...base, user_broker_id: '7' };

  it('sends an empty limit as none and a typed one in rupees', () => {
    expect(mappingFormToBody({ ...form, max_loss: '', target_profit: '2500.50' }, false)).toMatchObject({
      max_loss: null,
      target_profit: 2500.5,
    });
  });

  it('refuses a limit that is not above zero, or has more than two decimals, in the field’s words', () => {
    expect(mappingFormError({ ...form, max_loss: '0' }, false)).toBe('Max Loss must be more than 0');
    expect(mappingFormError({ ...form, target_profit: '-5' }, false)).toBe('Target Profit must be more than 0');
    expect(mappingFormError({ ...form, max_loss: '1.005' }, false)).toBe('Max Loss may have at most two decimals');
    expect(mappingFormError({ ...form, max_loss: '5000' }, false)).toBeNull();
  });

  it('shows a mapping’s limits when editing it, and empty fields when it has none', () => {
    expect(mappingToForm(mappingFixture({ max_loss: 5000, target_profit: null }))).toMatchObject({
      max_loss: '5000',
      target_profit: '',
    });
  });
});

describe("an admin's cap on a mapping's Max Loss", () => {
  it('tells the owner they can lower it, not raise or remove it; nothing without a cap', () => {
    expect(maxLossCapHint(800, 'owner')).toBe(
      'An admin set this at ₹800.00: you can lower it, not raise or remove it.',
    );
    expect(maxLossCapHint(null, 'owner')).toBeNull();
  });

  it('tells an admin what the user can do with it, and that what they save here is the cap', () => {
    expect(maxLossCapHint(800, 'admin')).toBe(
      'Set by an admin at ₹800.00: the user can lower it, not raise or remove it. Saving makes the amount here the cap; empty lifts it.',
    );
    expect(maxLossCapHint(null, 'admin')).toBe(
      'Saved by an admin, an amount here is a cap: the user can lower it, not raise or remove it.',
    );
  });

  it("reads as the admin's only at someone else's mapping", () => {
    expect(mappingFormReader(false, 3)).toBe('owner');
    expect(mappingFormReader(true, 3, 1)).toBe('admin');
    expect(mappingFormReader(true, 1, 1)).toBe('owner'); // the admin's own mapping
    expect(mappingFormReader(true, 0, 1)).toBeNull(); // create form, no user chosen yet
  });
});

describe('limits the strategy has already reached', () => {
  it('asks before a Max Loss below the day’s loss or a Target Profit under its profit', () => {
    expect(reachedStrategyLimitQuestion(-250.5, { max_loss: 200, target_profit: null })).toBe(
      "Today's P&L of this strategy is −₹250.50, already past a Max Loss of ₹200.00. Saving it exits every leg of " +
        'this strategy at market now and stops it. Save it?',
    );
    expect(reachedStrategyLimitQuestion(900, { max_loss: null, target_profit: 900 })).toMatch(
      /^Today's P&L of this strategy is \+₹900\.00, already at a Target Profit of ₹900\.00\./,
    );
  });

  it('does not ask when neither is reached', () => {
    expect(reachedStrategyLimitQuestion(-199.99, { max_loss: 200, target_profit: 1000 })).toBeNull();
    expect(reachedStrategyLimitQuestion(-5000, { max_loss: null, target_profit: null })).toBeNull();
  });
});

describe('a Paper account trades on paper only (issue 32 item 3)', () => {
  const brokers = [
    userBrokerFixture({ id: 7 }),
    userBrokerFixture({ id: 9, broker_name: 'Paper', broker_username: 'PAPER1', is_paper: true, virtual_capital: 1e6 }),
  ];

  it('knows when the chosen account is a Paper account', () => {
    expect(isPaperAccountChosen({ user_broker_id: '9' }, brokers)).toBe(true);
    expect(isPaperAccountChosen({ user_broker_id: '7' }, brokers)).toBe(false);
    expect(isPaperAccountChosen({ user_broker_id: '' }, brokers)).toBe(false);
    expect(isPaperAccountChosen({ user_broker_id: '9' }, undefined)).toBe(false);
  });

  it('fixes the mode to paper on a Paper account and leaves a broker account as chosen', () => {
    expect(withPaperModeFixed({ ...base, user_broker_id: '9', is_dummy: '0' }, brokers).is_dummy).toBe('1');
    const live = { ...base, user_broker_id: '7', is_dummy: '0' };
    expect(withPaperModeFixed(live, brokers)).toBe(live);
    const paper = { ...base, user_broker_id: '9', is_dummy: '1' };
    expect(withPaperModeFixed(paper, brokers)).toBe(paper);
  });
});
