import { MarginShortfall } from './margin-shortfall.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor, Plan } from './executor.js';
import { PaperSliceRefusedError, QuotesUnavailableError } from './paper-slices.js';
import { STALE_POSITION_NOTE, StalePositionError } from './stale-position.js';
import { dropPlansBeyondPortfolioCaps, type PortfolioRefusals } from './portfolio-guard.js';
import { dropPaperPlansTheCapitalCannotCover, type PaperCapitalCheck } from './paper-margin-guard.js';

/**
 * Trades a decision's plans, their mappings' locks held: paper in slices, then each live plan through
 * the broker. What kept a strategy from trading is noted on its row (`noteProblem`); live failures and
 * strategies another console traded meanwhile are returned, so a manual action can answer with the first.
 */
export function createPlanExecution(deps: {
  executor: Pick<Executor, 'executePaper' | 'executeLive'>;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  noteProblem: (mappingId: number, why: string) => void;
  /**
   * Why a user's entry may not sell new legs now (their portfolio beyond a cap, issue 34 item 4); null when it
   * may. Absent (a backtest): no portfolio limits.
   */
  portfolioRefusal?: PortfolioRefusals | undefined;
  /**
   * The paper entries their Paper accounts' capital cannot cover (issue 34 item 3). Absent (a backtest): paper
   * spends no capital.
   */
  paperCapital?: PaperCapitalCheck | undefined;
}) {
  const { noteProblem } = deps;
  return async function execute(asked: Plan[], at: number): Promise<unknown[]> {
    // Refused per strategy before anything is sent: the others of the batch still trade.
    const { plans, refused } = await dropPlansBeyondPortfolioCaps(asked, deps.portfolioRefusal, deps.logger);
    for (const r of refused) noteProblem(r.mappingId, r.note);
    // Paper entries meet their account's capital as live ones meet the broker's funds: refused with the figures.
    const weighed = await dropPaperPlansTheCapitalCannotCover(
      plans.filter((p) => p.mapping.isDummy === 1),
      deps.paperCapital,
      deps.logger,
    );
    for (const r of weighed.refused) noteProblem(r.mappingId, r.note);
    const paper = weighed.plans;
    const { skipped, stale } = await deps.executor.executePaper(paper, at).catch((err: unknown) => {
      // Their rows say why they did not trade; the next close decides again.
      if (err instanceof PaperSliceRefusedError)
        for (const id of err.mappingIds) noteProblem(id, 'the paper fills could not be saved');
      if (err instanceof QuotesUnavailableError)
        for (const id of err.mappingIds) noteProblem(id, `no option prices (${err.reason})`);
      throw err;
    });
    for (const mappingId of skipped) noteProblem(mappingId, 'no quote for an option');
    // Traded by another console meanwhile: a manual action hears 409, a close leaves the row saying why.
    const failures: unknown[] = [...refused, ...weighed.refused];
    for (const mappingId of stale) {
      noteProblem(mappingId, STALE_POSITION_NOTE);
      failures.push(new StalePositionError([mappingId]));
    }
    for (const plan of plans.filter((p) => p.mapping.isDummy !== 1)) {
      try {
        await deps.executor.executeLive(plan, at);
      } catch (err) {
        if (err instanceof StalePositionError) {
          deps.logger.warn(
            { mappingId: plan.mapping.id },
            'strategy traded elsewhere meanwhile; its order was not sent',
          );
          noteProblem(plan.mapping.id, STALE_POSITION_NOTE);
        } else if (err instanceof MarginShortfall) {
          // Nothing was sent: the row says what the entry needs and what the account has.
          noteProblem(plan.mapping.id, err.note);
        } else deps.logger.error({ err, mappingId: plan.mapping.id }, 'live order failed');
        failures.push(err);
      }
    }
    return failures;
  };
}
