import type { DailyLimit, SetDailyLimit } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/ownership.js';
import { toPaise, toRupees } from '../../platform/time.js';
import type { LimitsRepository } from './limits.repository.js';
import { capRefusal, setsDeskCap } from './limits.logic.js';
import { portfolioCapRefusal, type AdminPortfolioCaps } from './portfolio-limits.logic.js';

/** The stored form of the portfolio limits a body names: delta in hundredths, rupees in paise. */
const portfolioColumns = (input: SetDailyLimit) => ({
  maxNetDeltaHundredths: scaled(input.max_net_delta, toPaise),
  maxNetVegaPaise: scaled(input.max_net_vega, toPaise),
  maxMarginUsedPaise: scaled(input.max_margin_used, toPaise),
  reduceOnBreach: input.reduce_on_breach === undefined ? undefined : input.reduce_on_breach ? 1 : 0,
});
/** The same caps as the desk's: an admin setting someone else's portfolio caps sets their admin caps with them. */
const adminColumns = (own: ReturnType<typeof portfolioColumns>) => ({
  adminMaxNetDeltaHundredths: own.maxNetDeltaHundredths,
  adminMaxNetVegaPaise: own.maxNetVegaPaise,
  adminMaxMarginUsedPaise: own.maxMarginUsedPaise,
});
/** Rupees (or a delta) from a stored cap: hundredths and paise read the same way. */
const fromHundredths = (v: number | null) => (v === null ? null : toRupees(Number(v)));
/** Undefined (left out) stays undefined, null (removed) null; a figure of two decimals its exact hundredths. */
const scaled = (v: number | null | undefined, hundredths: (n: number) => number) =>
  v === undefined || v === null ? v : hundredths(v);

/**
 * A user's daily max loss (issue 13): read and set on their Profile; an admin reads and sets anyone's by
 * naming `user_id`. A user naming someone else gets their own (the id is ignored, as on mapping create).
 * What an admin sets for someone else is also a cap the user can tighten but not loosen: a desk's risk
 * limit that the trader it protects against could clear would protect nothing.
 */
export function createDailyLimitService(deps: {
  repo: Pick<LimitsRepository, 'user' | 'setDailyLimit' | 'setPortfolioLimits'>;
  clock: Clock;
  dayPnlOf: (userId: number) => Promise<number>;
  /** Checks the user's limits at once: a limit set below today's loss stops their strategies now. */
  checkNow: (userId: number) => Promise<void>;
}) {
  const subjectOf = (actor: Actor, userId: number | undefined) =>
    actor.role === 'admin' && userId !== undefined ? userId : actor.userId;

  async function read(userId: number): Promise<DailyLimit> {
    const user = await deps.repo.user(userId);
    if (!user) throw notFound('User');
    return {
      user_id: user.id,
      daily_max_loss: user.dailyMaxLossPaise === null ? null : toRupees(user.dailyMaxLossPaise),
      admin_max_loss: user.adminDailyMaxLossPaise === null ? null : toRupees(user.adminDailyMaxLossPaise),
      today_pnl: toRupees(await deps.dayPnlOf(user.id)),
      max_net_delta: fromHundredths(user.maxNetDeltaHundredths),
      max_net_vega: fromHundredths(user.maxNetVegaPaise),
      max_margin_used: fromHundredths(user.maxMarginUsedPaise),
      admin_max_net_delta: fromHundredths(user.adminMaxNetDeltaHundredths),
      admin_max_net_vega: fromHundredths(user.adminMaxNetVegaPaise),
      admin_max_margin_used: fromHundredths(user.adminMaxMarginUsedPaise),
      reduce_on_breach: user.reduceOnBreach === 1,
    };
  }

  return {
    get: (actor: Actor, userId?: number) => read(subjectOf(actor, userId)),

    async set(actor: Actor, input: SetDailyLimit): Promise<DailyLimit> {
      const userId = subjectOf(actor, input.user_id);
      const user = await deps.repo.user(userId);
      if (!user) throw notFound('User');
      const paise = input.daily_max_loss === null ? null : toPaise(input.daily_max_loss);
      // An admin setting someone else's limit sets the desk's cap with it; anyone's own change stays under it.
      const isDeskCap = setsDeskCap(actor, userId);
      const portfolio = portfolioColumns(input);
      const refusal = isDeskCap
        ? null
        : (capRefusal(user.adminDailyMaxLossPaise, paise, 'daily') ?? capsRefusal(user, portfolio));
      if (refusal) throw conflict(refusal);
      await deps.repo.setDailyLimit(userId, paise, deps.clock.now(), isDeskCap ? paise : undefined);
      // Portfolio limits (issue 34 item 4): a field left out keeps its value; the desk's caps move with an admin's.
      await deps.repo.setPortfolioLimits(
        userId,
        isDeskCap ? { ...portfolio, ...adminColumns(portfolio) } : portfolio,
        deps.clock.now(),
      );
      await deps.checkNow(userId);
      return read(userId);
    },
  };
}

/** The first of a user's own portfolio caps that would loosen an admin's (nothing of the body is saved then). */
function capsRefusal(
  user: AdminPortfolioCaps,
  portfolio: Pick<
    ReturnType<typeof portfolioColumns>,
    'maxNetDeltaHundredths' | 'maxNetVegaPaise' | 'maxMarginUsedPaise'
  >,
): string | null {
  return (
    portfolioCapRefusal('max_net_delta', user.adminMaxNetDeltaHundredths, portfolio.maxNetDeltaHundredths) ??
    portfolioCapRefusal('max_net_vega', user.adminMaxNetVegaPaise, portfolio.maxNetVegaPaise) ??
    portfolioCapRefusal('max_margin_used', user.adminMaxMarginUsedPaise, portfolio.maxMarginUsedPaise)
  );
}

export type DailyLimitService = ReturnType<typeof createDailyLimitService>;
