import { api, MSG, type Mapping } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useMemo, useState } from 'react';
import { call, messageOf } from '../../api/client';
import { getStoredUser } from '../../api/session';
import { useConfirm } from '../../components/ConfirmDialog';
import { Message, useFlash } from '../../components/Message';
import { PnlStrip } from '../positions/PnlStrip';
import { NET_PNL_TITLE } from '../positions/PositionPnlCell';
import { MatchBrokerModal } from '../positions/MatchBrokerModal';
import { PositionDetail } from '../positions/PositionDetail';
import { kiteDayPnlOf } from '../positions/pnl-display';
import type { MatchOffer } from '../positions/reconcile-display';
import { StrategyChartModal } from '../positions/StrategyChartModal';
import { positionsById, usePositions } from '../positions/usePositions';
import { useRdxServiceStatus } from '../rdx/rdx-service-query';
import { ActiveStrategyRow } from './ActiveStrategyRow';
import { MarginCheckModal } from './MarginCheckModal';
import { SignalsModal } from './SignalsModal';
import { SettleOrdersModal } from './SettleOrdersModal';
import { StrategyDetailsModal } from './StrategyDetailsModal';
import { NO_ENTRY } from './entry-plan';
import { actionConfirmation } from './strategy-confirm';
import { activeOnly, runningFirst } from './strategy-display';
import { referenceKeys } from './mapping-keys';
import { strategyFormOf } from './strategy-forms';
import { useDriftMatchOffers } from './useDriftMatchOffers';
import { MAPPINGS_POLL_MS, useMappings, type MappingScope } from './useMappings';
import { useStrategyActions, type StrategyAction } from './useStrategyActions';
import './strategies.css';
import { useExchange } from '../../components/exchange';

type Dialog =
  | { kind: 'configure' | 'view' | 'chart' | 'settle' | 'signals' | 'margin'; mapping: Mapping }
  | { kind: 'match'; offer: MatchOffer }
  | null;

/** Column headers; the Net P&L header says in its title what the figure is net of. */
const COLUMNS: { name: string; isNumeric?: boolean; title?: string }[] = [
  { name: 'Strategy' },
  { name: 'Instrument' },
  { name: 'Broker' },
  { name: 'Mode' },
  { name: 'Window' },
  { name: 'CE / PE' },
  { name: 'Status' },
  { name: 'Net P&L', isNumeric: true, title: NET_PNL_TITLE },
  // Each type's own summary (RDX's offset and lots, a Multi-leg strategy's legs).
  { name: 'Settings' },
  { name: 'Actions' },
];

/** The set with `id` added, or removed when it was there. */
const toggled = (set: ReadonlySet<number>, id: number) => {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
};

/**
 * SPEC §2 Active Strategies table: the user's own mappings on the home view, every user's
 * (with a User column) on the admin strategies tab. Only is_active 1 rows are listed. The rows
 * are re-read every 30 s so each one's status_detail stays current; running ones come first (issue 27). Issue 11: today's P&L strip above
 * the table, each row's net P&L (live from positions_updated), rows that expand into their legs, and
 * a chart per strategy.
 */
/** The Configure dialog of a mapping's strategy type (strategy-forms.ts); none for a type with no form. */
function ConfigureDialog({
  mapping,
  onClose,
  typeOf,
}: {
  mapping: Mapping;
  onClose: () => void;
  typeOf: StrategyTypeOf | undefined;
}) {
  const Dialog = strategyFormOf(mapping, typeOf)?.ConfigureDialog;
  return Dialog ? <Dialog mapping={mapping} onClose={onClose} /> : null;
}

type StrategyTypeOf = (strategyId: number) => string | null;

/** Each strategy's type (GET /strategies/list), or undefined while the list is not at hand. */
function useStrategyTypes(): StrategyTypeOf | undefined {
  const list = useQuery({ queryKey: referenceKeys.strategyTypes, queryFn: () => call(api.strategies.list) });
  const data = list.data;
  return useMemo(() => (data ? (id: number) => data.find((s) => s.id === id)?.type ?? null : undefined), [data]);
}

export function ActiveStrategiesTable({ scope }: { scope: MappingScope }) {
  const showUser = scope === 'all';
  const queryClient = useQueryClient();
  // SPEC §4: the error banner clears after 5 seconds and has a dismiss button.
  const { flash, show, addError, clear } = useFlash();
  const mappings = useMappings(scope, { pollMs: MAPPINGS_POLL_MS });
  const positions = usePositions(scope);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const onError = useCallback((text: string) => show('error', text), [show]);
  const onInfo = useCallback((text: string) => show('info', text), [show]);
  const onDone = useCallback((text: string) => show('success', text), [show]);
  const { pending, run } = useStrategyActions({ onError, onInfo, onDone });
  const confirm = useConfirm();
  const exchange = useExchange();
  const typeOf = useStrategyTypes();
  // A running row while the service is off trades nothing: it shows as held, not as the trading green.
  const isServiceStopped = useRdxServiceStatus().data?.isRunning === false;

  const { isError, error, errorUpdatedAt } = mappings;
  useEffect(() => {
    if (isError) addError(messageOf(error, MSG.failedFetchActiveStrategies));
  }, [isError, error, errorUpdatedAt, addError]);

  /**
   * Asks first where the action needs it; a LIVE start, resume or realign asks the row's strategy type what
   * its entry would trade (from its saved settings, read fresh).
   */
  async function confirmAction(mapping: Mapping, action: StrategyAction): Promise<boolean> {
    const form = strategyFormOf(mapping, typeOf);
    const needsPlan = mapping.is_dummy !== 1 && action !== 'exit' && action !== 'pause';
    const plan = needsPlan && form ? await form.entryPlan(mapping, queryClient) : NO_ENTRY;
    const question = actionConfirmation(action, mapping, plan, exchange);
    return question === null || confirm(question);
  }

  function onAction(mapping: Mapping, action: StrategyAction) {
    clear();
    void run(mapping.id, action, () => confirmAction(mapping, action));
  }

  const closeDialog = useCallback(() => setDialog(null), []);
  const rows = runningFirst(activeOnly(mappings.data ?? []));
  const positionOf = positionsById(positions.data);
  const matchOffersOf = useDriftMatchOffers(rows);
  const columnCount = COLUMNS.length + (showUser ? 1 : 0);
  // A signal secret acts as the strategy's owner, so only the owner may make one (an admin is refused too).
  const myId = getStoredUser()?.id;
  const isMine = (m: Mapping) => scope === 'mine' || m.user_id === myId;

  return (
    <section className="card" aria-labelledby="active-strategies-title">
      <div className="section-header">
        <h2 id="active-strategies-title">Active Strategies</h2>
        <button type="button" onClick={() => void mappings.refetch()} disabled={mappings.isFetching}>
          Refresh
        </button>
      </div>
      <Message flash={flash} onClose={clear} />
      {positions.isError && !positions.data && (
        <p className="muted" role="status">
          P&amp;L is unavailable: {messageOf(positions.error, 'Failed to load positions')}
        </p>
      )}
      {positions.data && (
        <PnlStrip
          today={positions.data.today}
          byMode={positions.data.by_mode}
          chargesFinal={positions.data.charges_final}
          asOf={positions.data.as_of}
          kiteDayPnl={kiteDayPnlOf(positions.data.positions)}
          {...(showUser ? { scopeLabel: 'all users' } : {})}
        />
      )}
      {mappings.isPending && <p className="muted">Loading active strategies...</p>}
      {mappings.isSuccess && rows.length === 0 && <p className="muted">{MSG.noActiveStrategies}</p>}
      {rows.length > 0 && (
        <div className="table-wrap active-strategies-wrap">
          <table className="table cards-narrow active-strategies-table" aria-label="Active Strategies">
            <thead>
              <tr>
                {showUser && <th>User</th>}
                {COLUMNS.map((c) => (
                  <th
                    key={c.name}
                    {...(c.isNumeric ? { className: 'num' } : {})}
                    {...(c.title ? { title: c.title } : {})}
                  >
                    {c.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => {
                const position = positionOf.get(m.id);
                const isExpanded = expanded.has(m.id) && position !== undefined;
                const detailId = `position-detail-${m.id}`;
                return (
                  <Fragment key={m.id}>
                    <ActiveStrategyRow
                      mapping={m}
                      showUser={showUser}
                      isServiceStopped={isServiceStopped}
                      pending={pending.get(m.id)}
                      onAction={(action) => onAction(m, action)}
                      onConfigure={() => setDialog({ kind: 'configure', mapping: m })}
                      strategyTypeOf={typeOf}
                      onView={() => setDialog({ kind: 'view', mapping: m })}
                      onSettleOrders={() => setDialog({ kind: 'settle', mapping: m })}
                      {...(isMine(m) ? { onSignals: () => setDialog({ kind: 'signals', mapping: m }) } : {})}
                      onCheckMargin={() => setDialog({ kind: 'margin', mapping: m })}
                      matchOffers={matchOffersOf.get(m.id) ?? []}
                      onMatchBroker={(offer) => setDialog({ kind: 'match', offer })}
                      position={position}
                      isExpanded={isExpanded}
                      onToggleDetail={() => setExpanded((set) => toggled(set, m.id))}
                      detailId={detailId}
                    />
                    {isExpanded && (
                      <tr className="position-detail-row" id={detailId} data-testid={`position-detail-${m.id}`}>
                        <td colSpan={columnCount} className="position-detail-cell">
                          <PositionDetail
                            position={position}
                            onChart={() => setDialog({ kind: 'chart', mapping: m })}
                          />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {dialog?.kind === 'configure' && (
        <ConfigureDialog mapping={dialog.mapping} onClose={closeDialog} typeOf={typeOf} />
      )}
      {dialog?.kind === 'view' && <StrategyDetailsModal mapping={dialog.mapping} onClose={closeDialog} />}
      {dialog?.kind === 'settle' && <SettleOrdersModal mapping={dialog.mapping} onClose={closeDialog} />}
      {dialog?.kind === 'signals' && <SignalsModal mapping={dialog.mapping} onClose={closeDialog} />}
      {dialog?.kind === 'margin' && <MarginCheckModal mapping={dialog.mapping} onClose={closeDialog} />}
      {dialog?.kind === 'match' && (
        <MatchBrokerModal
          offer={dialog.offer}
          onClose={closeDialog}
          onMatched={(text) => {
            closeDialog();
            show('success', text);
          }}
        />
      )}
      {dialog?.kind === 'chart' && (
        <StrategyChartModal
          mapping={dialog.mapping}
          position={positionOf.get(dialog.mapping.id)}
          onClose={closeDialog}
        />
      )}
    </section>
  );
}
