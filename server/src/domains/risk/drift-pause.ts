import { RUNNING_STATUS, type ReconcileSymbol } from '@app/contract';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { driftPauseNote } from '../ledger/reconcile.logic.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import type { DriftPauseRepository } from './drift-pause.repository.js';
import type { LimitsRepository } from './limits.repository.js';

/** The longest note a row keeps (the column's bound): a longer one compares by what is kept. */
const NOTE_LIMIT = 500;

/**
 * The symbols where the console counts more sold than the broker holds (issue 27): a leg the trader closed in
 * Kite by hand, or lost. Trading on it is what must stop: its buy-back would open a long, a realign would sell
 * beside a position nobody holds. The broker holding more than the console (a trade by hand elsewhere on the
 * account) leaves the console's own legs backed, so it is only shown, not acted on.
 */
export function unheldSymbols(symbols: readonly ReconcileSymbol[]): ReconcileSymbol[] {
  // A symbol with an order in flight (issue 28) may differ for a moment: it is compared again once it settles.
  return symbols.filter(
    (s) => s.in_flight !== true && s.console_quantity > 0 && s.console_quantity > s.broker_quantity,
  );
}

/**
 * What a paused strategy's note says after a comparison: the unheld symbols among those it holds, or null when
 * none is left (matched, or sold again in Kite).
 */
export function driftNoteFor(unheld: readonly ReconcileSymbol[], held: ReadonlySet<string>): string | null {
  const mine = unheld.filter((s) => held.has(s.trading_symbol));
  return mine.length === 0 ? null : driftPauseNote(mine).slice(0, NOTE_LIMIT);
}

type Account = { userBrokerId: number; symbols: ReconcileSymbol[] };

interface DriftPauseDeps {
  events: Pick<DomainEventBus, 'subscribe' | 'publish'>;
  repo: Pick<LimitsRepository, 'runningLiveHolding' | 'setStopNotes'> & DriftPauseRepository;
  mappings: Pick<MappingsService, 'setRunningStatus'>;
  logger: { warn: (obj: object, msg: string) => void };
}

/** Pauses each running live strategy on the account holding a symbol the broker no longer holds. */
async function pauseRunning(deps: DriftPauseDeps, account: Account, unheld: ReconcileSymbol[]) {
  if (unheld.length === 0) return;
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
    try {
      await deps.repo.setStopNotes([{ id, note: driftNoteFor(unheld, symbols) ?? '' }]);
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

/**
 * Keeps each strategy already paused on a difference to what the latest comparison says: a leg sold again in
 * Kite (or a match) clears its note, so it may be resumed; a further leg lost is added. Screens re-read it.
 */
async function refreshPaused(deps: DriftPauseDeps, accounts: readonly Account[]) {
  const rows = await deps.repo.driftPausedOn(accounts.map((a) => a.userBrokerId));
  const byMapping = new Map<number, { userId: number; account: number; note: string | null; held: Set<string> }>();
  for (const r of rows) {
    const entry = byMapping.get(r.id) ?? {
      userId: r.userId,
      account: r.userBrokerId,
      note: r.stopNote,
      held: new Set(),
    };
    if (r.tradingSymbol) entry.held.add(r.tradingSymbol);
    byMapping.set(r.id, entry);
  }
  for (const [id, { userId, account, note, held }] of byMapping) {
    const symbols = accounts.find((a) => a.userBrokerId === account)?.symbols ?? [];
    const next = driftNoteFor(unheldSymbols(symbols), held);
    if (next === (note || null)) continue;
    await deps.repo.setDriftNote(id, next);
    void deps.events.publish('mapping.changed', { mappingId: id, userId });
  }
}

/**
 * A live strategy must not keep trading on a leg the broker no longer holds (issue 27): after every comparison
 * with the broker (a screen's, or the leader's reconciliation worker's each minute), each running live strategy
 * holding such a symbol on that account is paused (`broker_drift`), its row naming the difference, until the
 * trader makes the console match the broker (`POST /positions/{id}/match-broker`) or the broker match the
 * console, and resumes it. Nothing is bought or sold here: a leg the broker no longer holds is never squared
 * off (that would open a new position), and Exit, Realign and Resume wait (drift-hold.logic.ts).
 */
export function subscribeDriftPause(deps: DriftPauseDeps): () => void {
  return deps.events.subscribe('reconciliation.checked', async ({ accounts }) => {
    for (const account of accounts) await pauseRunning(deps, account, unheldSymbols(account.symbols));
    await refreshPaused(deps, accounts);
  });
}
