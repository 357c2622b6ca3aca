import type { Mapping, Position } from '@app/contract';
import { Link } from 'react-router';
import { PositionPnlCell } from '../positions/PositionPnlCell';
import type { MatchOffer } from '../positions/reconcile-display';
import { ModeBadge } from './ModeBadge';
import { limitMeasureLabel, limitsLabel, statusBadge, windowLabel } from './strategy-display';
import { configureActionOf, strategyFormOf } from './strategy-forms';
import { ACTION_ORDER, STRATEGY_ACTIONS, type StrategyAction } from './useStrategyActions';

function ActionButton({
  action,
  pending,
  onAction,
}: {
  action: StrategyAction;
  pending: StrategyAction | undefined;
  onAction: (action: StrategyAction) => void;
}) {
  const { label, busyLabel } = STRATEGY_ACTIONS[action];
  const className = action === 'exit' ? 'danger' : action === 'start' ? 'primary' : undefined;
  return (
    <button type="button" className={className} disabled={pending !== undefined} onClick={() => onAction(action)}>
      {pending === action ? busyLabel : label}
    </button>
  );
}

/**
 * One row of the Active Strategies table (SPEC §2). It offers only the actions the server lists
 * in `available_actions` (those that can succeed now) and says in `status_detail` why the
 * strategy is or is not trading, and its net P&L live (issue 11), with a disclosure of its legs.
 * Cells carry their column name for the stacked phone layout.
 */
export function ActiveStrategyRow({
  mapping,
  showUser,
  isServiceStopped = false,
  pending,
  onAction,
  onConfigure,
  onView,
  onSettleOrders,
  onSignals,
  onCheckMargin,
  matchOffers = [],
  onMatchBroker,
  position,
  isExpanded = false,
  onToggleDetail,
  detailId,
  strategyTypeOf,
}: {
  mapping: Mapping;
  showUser: boolean;
  /** The RDX service is switched off: a running row holds its legs and trades nothing. */
  isServiceStopped?: boolean;
  pending: StrategyAction | undefined;
  onAction: (action: StrategyAction) => void;
  onConfigure: () => void;
  onView: () => void;
  /** Opens the settling of orders Kite no longer lists (shown while the strategy has any). */
  onSettleOrders?: () => void;
  /** Opens the strategy's TradingView webhook setup; not offered without it (only the owner can make a secret). */
  onSignals?: () => void;
  /** Opens what the strategy's next entry would ask in margin; not offered without it. */
  onCheckMargin?: () => void;
  /**
   * Legs the broker no longer holds, while the strategy is paused on them (issue 27): Match the broker books
   * each as bought back. Exit and Realign are not offered meanwhile (the server lists neither).
   */
  matchOffers?: readonly MatchOffer[];
  onMatchBroker?: (offer: MatchOffer) => void;
  /** The strategy's P&L; undefined while unknown. */
  position?: Position | undefined;
  isExpanded?: boolean;
  onToggleDetail?: () => void;
  /** Id of the detail row the disclosure controls. */
  detailId?: string;
  /** A strategy's type from GET /strategies/list (undefined while the list is not at hand: its name decides). */
  strategyTypeOf?: ((strategyId: number) => string | null | undefined) | undefined;
}) {
  const status = statusBadge(mapping.running_status, isServiceStopped);
  const form = strategyFormOf(mapping, strategyTypeOf);
  const configure = configureActionOf(form, mapping);
  const isBusy = pending !== undefined;
  const limits = limitsLabel(mapping);
  // The running action keeps its in-progress button even if a refetch drops it from the list meanwhile.
  const actions = ACTION_ORDER.filter((a) => a === pending || mapping.available_actions.includes(a));
  return (
    <tr data-testid={`active-strategy-${mapping.id}`}>
      {showUser && (
        <td data-label="User" className="identifier-cell">
          <span>{mapping.user_username}</span>
        </td>
      )}
      <td data-label="Strategy">{mapping.strategy_name}</td>
      <td data-label="Instrument">{mapping.instrument_name}</td>
      <td data-label="Broker" className="identifier-cell">
        <span>{mapping.broker_username ?? '-'}</span>
      </td>
      <td data-label="Mode">
        <ModeBadge isDummy={mapping.is_dummy} />
      </td>
      <td data-label="Window">{windowLabel(mapping.start_time, mapping.end_time)}</td>
      <td data-label="CE / PE" className="num">
        {form?.hasSideCounts === false ? '—' : `${mapping.ce_count} / ${mapping.pe_count}`}
      </td>
      <td data-label="Status" className="strategy-status-cell">
        <span className={status.className} data-testid="strategy-status-badge">
          <span data-testid="strategy-status">{status.label}</span>
          {status.note && ` · ${status.note}`}
        </span>
        <span className="strategy-status-detail" data-testid="strategy-status-detail">
          {mapping.status_detail}
        </span>
      </td>
      <td data-label="Net P&L" className="num">
        <PositionPnlCell
          position={position}
          isExpanded={isExpanded}
          onToggle={() => onToggleDetail?.()}
          detailId={detailId ?? `position-detail-${mapping.id}`}
        />
        {limits && (
          <span className="strategy-limits" data-testid="strategy-limits">
            {limits}
          </span>
        )}
        {limits && position && (
          <span className="strategy-limits" data-testid="strategy-limit-measure">
            {limitMeasureLabel(position.today)}
          </span>
        )}
      </td>
      <td data-label="Settings">{form && <form.Summary mapping={mapping} />}</td>
      <td data-label="Actions">
        <div className="strategy-actions" data-testid="strategy-actions">
          {configure?.kind === 'page' ? (
            // A Multi-leg strategy's legs are edited in the Strategy Builder, not in a dialog.
            <Link to={configure.path} className="button-link">
              Configure
            </Link>
          ) : configure?.kind === 'dialog' ? (
            <button type="button" onClick={onConfigure} disabled={isBusy}>
              Configure
            </button>
          ) : (
            <button type="button" onClick={onView} disabled={isBusy}>
              View
            </button>
          )}
          {mapping.orders_to_settle > 0 && (
            <button type="button" className="primary" onClick={() => onSettleOrders?.()} disabled={isBusy}>
              Settle Orders
            </button>
          )}
          {matchOffers.map((offer) => (
            <button
              key={offer.key}
              type="button"
              className="primary"
              onClick={() => onMatchBroker?.(offer)}
              disabled={isBusy}
            >
              {matchOffers.length > 1 ? `Match the broker: ${offer.tradingSymbol}` : 'Match the broker'}
            </button>
          ))}
          {actions.map((action) => (
            <ActionButton key={action} action={action} pending={pending} onAction={onAction} />
          ))}
        </div>
        {(onSignals || onCheckMargin) && (
          <div className="strategy-tools" data-testid="strategy-tools">
            {onSignals && (
              <button type="button" className="link" onClick={onSignals} disabled={isBusy}>
                Signals…
              </button>
            )}
            {onCheckMargin && (
              <button type="button" className="link" onClick={onCheckMargin} disabled={isBusy}>
                Check margin
              </button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}
