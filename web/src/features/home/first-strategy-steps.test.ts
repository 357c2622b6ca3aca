import { describe, expect, it } from 'vitest';
import { firstStrategySteps } from './first-strategy-steps';

describe('the three steps to a first strategy', () => {
  it('names each step with where it is done, and marks an account already added', () => {
    const fresh = firstStrategySteps(false, false);
    expect(fresh.map((s) => [s.title, s.view, s.isDone])).toEqual([
      ['Add a broker account', 'profile', false],
      ['Create a strategy', 'strategies', false],
      ['Configure and start it', null, false],
    ]);
    expect(firstStrategySteps(true, false).map((s) => s.isDone)).toEqual([true, false, false]);
  });
});
