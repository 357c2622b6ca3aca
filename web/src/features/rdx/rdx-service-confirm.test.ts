import { describe, expect, it } from 'vitest';
import { mappingFixture } from '../strategies/mapping-fixture';
import { exposureOf, stopServiceQuestion } from './rdx-service-confirm';

const leg = {
  trading_symbol: 'NIFTY26DEC25000CE',
  option_type: 'CE' as const,
  strike: 25000,
  expiry: '2026-12-29',
  quantity: 65,
};

describe('stopServiceQuestion', () => {
  it('names how many strategies run, pause and hold legs by mode, and what happens to them', () => {
    const exposure = exposureOf([
      mappingFixture({ id: 1, user_id: 3, is_dummy: 0, running_status: 1, open_legs: [leg] }),
      mappingFixture({ id: 2, user_id: 3, is_dummy: 1, running_status: 1, open_legs: [leg] }),
      mappingFixture({ id: 3, user_id: 4, is_dummy: 1, running_status: 2, open_legs: [] }),
      mappingFixture({ id: 4, user_id: 5, is_dummy: 0, running_status: 0, open_legs: [] }),
    ]);
    expect(stopServiceQuestion(exposure)).toEqual({
      title: 'Stop the RDX service?',
      text:
        'No strategy trades until the service is started again. Open legs are held, not squared off: nothing ' +
        'realigns or exits them meanwhile, and their owners are told.',
      details: [
        'Running: 2 strategies (stop trading, stay RUNNING)',
        'Paused: 1 strategy',
        'Holding open legs: 1 LIVE, 1 DUMMY',
        'Owners: 2 users',
      ],
      confirmLabel: 'Stop RDX Service',
      isDanger: true,
    });
  });

  it('still asks, saying so, when the strategies could not be counted', () => {
    const question = stopServiceQuestion(null);
    expect(question.details).toBeUndefined();
    expect(question.text).toContain('could not be counted');
  });
});
