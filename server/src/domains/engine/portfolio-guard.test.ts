import { describe, expect, it } from 'vitest';
import type { Plan } from './plan.js';
import { dropPlansBeyondPortfolioCaps, PortfolioLimitRefusal } from './portfolio-guard.js';

const logger = { warn: () => undefined };
const plan = (id: number, userId: number, action: 'enter' | 'squareOff'): Plan =>
  ({
    mapping: { id, userId },
    decision: action === 'enter' ? { action, open: [{}] } : { action, close: [{}], reason: 'exit' },
  }) as unknown as Plan;

describe('plans held to their owners’ portfolio limits', () => {
  it('drops only the entries of an owner beyond a cap, each with the words; square-offs and others go', async () => {
    const asked: Array<readonly number[]> = [];
    const refusalOf = (userIds: readonly number[]) => {
      asked.push(userIds);
      const words = 'net delta 412.5 beyond the cap of 300 (portfolio limits)';
      return Promise.resolve(new Map(userIds.filter((id) => id === 7).map((id) => [id, words])));
    };
    const plans = [plan(1, 7, 'enter'), plan(2, 7, 'squareOff'), plan(3, 8, 'enter'), plan(4, 7, 'enter')];
    const { plans: kept, refused } = await dropPlansBeyondPortfolioCaps(plans, refusalOf, logger);
    expect(kept.map((p) => p.mapping.id)).toEqual([2, 3]);
    expect(refused.map((r) => [r.mappingId, r.note])).toEqual([
      [1, 'net delta 412.5 beyond the cap of 300 (portfolio limits)'],
      [4, 'net delta 412.5 beyond the cap of 300 (portfolio limits)'],
    ]);
    expect(refused[0]).toBeInstanceOf(PortfolioLimitRefusal);
    expect(refused[0]!.message).toBe('Not entered: net delta 412.5 beyond the cap of 300 (portfolio limits)');
    expect(asked).toEqual([[7, 8]]); // the owners asked once, together, only for plans that sell
  });

  it('lets every plan go when the figures cannot be read, or without a check at all', async () => {
    const plans = [plan(1, 7, 'enter')];
    const failing = () => Promise.reject(new Error('no quotes'));
    expect((await dropPlansBeyondPortfolioCaps(plans, failing, logger)).plans).toEqual(plans);
    expect((await dropPlansBeyondPortfolioCaps(plans, undefined, logger)).plans).toEqual(plans);
  });
});
