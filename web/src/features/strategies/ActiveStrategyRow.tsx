import type { Mapping } from '@app/contract';
import { RdxSummary } from './RdxSummary';
import { isRdxStrategy, modeLabel, statusBadgeClass, statusLabel, windowLabel } from './strategy-display';
import { STRATEGY_ACTIONS, type StrategyAction } from './useStrategyActions';

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
  return (
    <button
      type="button"
      className={action === 'exit' ? 'danger' : undefined}
      disabled={pending !== undefined}
      onClick={() => onAction(action)}
    >
      {pending === action ? busyLabel : label}
    </button>
  );
}

/** One row of the Active Strategies table (SPEC §2). */
export function ActiveStrategyRow({
  mapping,
  showUser,
  pending,
  onAction,
  onConfigure,
  onView,
}: {
  mapping: Mapping;
  showUser: boolean;
  pending: StrategyAction | undefined;
  onAction: (action: StrategyAction) => void;
  onConfigure: () => void;
  onView: () => void;
}) {
  const status = statusLabel(mapping.running_status);
  const mode = modeLabel(mapping.is_dummy);
  const isRdx = isRdxStrategy(mapping);
  const isBusy = pending !== undefined;
  return (
    <tr data-testid={`active-strategy-${mapping.id}`}>
      {showUser && <td>{mapping.user_username}</td>}
      <td>{mapping.strategy_name}</td>
      <td>{mapping.instrument_name}</td>
      <td>{mapping.broker_username ?? '-'}</td>
      <td>
        <span className={`badge ${mode.toLowerCase()}`}>{mode}</span>
      </td>
      <td>{windowLabel(mapping.start_time, mapping.end_time)}</td>
      <td className="num">
        {mapping.ce_count} / {mapping.pe_count}
      </td>
      <td>
        <span className={statusBadgeClass(status)} data-testid="strategy-status">
          {status}
        </span>
      </td>
      <td>{isRdx && <RdxSummary mappingId={mapping.id} />}</td>
      <td>
        <div className="strategy-actions">
          {isRdx ? (
            <button type="button" onClick={onConfigure} disabled={isBusy}>
              Configure
            </button>
          ) : (
            <button type="button" onClick={onView} disabled={isBusy}>
              View
            </button>
          )}
          {status === 'RUNNING' && <ActionButton action="pause" pending={pending} onAction={onAction} />}
          {status === 'PAUSED' && <ActionButton action="resume" pending={pending} onAction={onAction} />}
          <ActionButton action="realign" pending={pending} onAction={onAction} />
          <ActionButton action="exit" pending={pending} onAction={onAction} />
        </div>
      </td>
    </tr>
  );
}
