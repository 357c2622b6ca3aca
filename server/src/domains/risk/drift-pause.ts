import { RUNNING_STATUS, type ReconcileSymbol } from '@app/contract';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { driftPauseNote } from '../ledger/reconcile.logic.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import type { LimitsRepository } from './limits.repository.js';

/**
 * The symbols where the console counts more sold than the broker holds (issue 27): a leg the trader closed in
 * Kite by hand, or lost. Trading on it is what must stop: its buy-back would open a long, a realign would sell
 * beside a position nobody holds. The broker holding more than the console (a trade by hand elsewhere on the
 * account) leaves the console's own legs backed, so it is only shown, not acted on.
 */
export function unheldSymbols(symbols: readonly ReconcileSymbol[]): ReconcileSymbol[] {
  return symbols.filter((s) => s.console_quantity > 0 && s.console_quantity > s.broker_quantity);
}

/**
 * A live strategy must not keep trading on a leg the broker no longer holds (issue 27): when reconciliation
 * finds such a difference, each running live strategy holding one of those symbols on that account is paused
 * (`broker_drift`), its row naming the difference, until the trader makes the console match the broker
 * (`POST /positions/{id}/match-broker`) or the broker match the console, and resumes it. Nothing is bought or
 * sold here: a leg the broker no longer holds is never squared off (that would open a new position).
 */
export function subscribeDriftPause(deps: {
  events: Pick<DomainEventBus, 'subscribe'>;
  repo: Pick<LimitsRepository, 'runningLiveHolding' | 'setStopNotes'>;
  mappings: Pick<MappingsService, 'setRunningStatus'>;
  logger: { warn: (obj: object, msg: string) => void };
}): () => void {
  return deps.events.subscribe('reconciliation.drift', async ({ accounts }) => {
    for (const account of accounts) {
      const unheld = unheldSymbols(account.symbols);
      if (unheld.length === 0) continue;
      const holders = await deps.repo.runningLiveHolding(
        account.userBrokerId,
        unheld.map((s) => s.trading_symbol),
      );
      const symbolsOf = new Map<number, { userId: number; symbols: Set<string> }>();
      for (const h of holders) {
        const entry = symbolsOf.get(h.id) ?? { userId: h.userId, symbols: new Set<string>() };
        entry.symbols.add(h.tradingSymbol);
        symbolsOf.set(h.id, entry);
      }
      for (const [id, { userId, symbols }] of symbolsOf) {
        const note = driftPauseNote(unheld.filter((s) => symbols.has(s.trading_symbol)));
        try {
          await deps.repo.setStopNotes([{ id, note }]);
          await deps.mappings.setRunningStatus(
            { userId, role: 'user' },
            id,
            RUNNING_STATUS.PAUSED,
            { status: RUNNING_STATUS.RUNNING, error: 'no longer running' },
            'broker_drift',
          );
        } catch (err) {
          // Paused or stopped meanwhile (409): nothing left to hold back.
          deps.logger.warn({ err, mappingId: id }, 'could not pause a strategy on a broker difference');
        }
      }
    }
  });
}
