import { STOP_REASONS, type Mapping, type OpenLeg, type StopReason } from '@app/contract';
import { iso, isoOrNull, toRupees } from '../../platform/time.js';
import type { StatusReport } from './status-facts.types.js';
import { brokerTokenExpiresAt, brokerTokenState, type TokenExpiryRule } from './broker-token.logic.js';
import type { MappingView, OpenLegView } from './mappings.repository.js';

export function toOpenLeg(leg: OpenLegView): OpenLeg {
  return {
    trading_symbol: leg.tradingSymbol,
    option_type: leg.optionType,
    strike: toRupees(leg.strikePaise),
    expiry: leg.expiry,
    quantity: leg.quantity,
  };
}

/** The stored reason when it is one the contract names (older rows hold none). */
export function asStopReason(value: string | null): StopReason | null {
  return (STOP_REASONS as readonly string[]).includes(value ?? '') ? (value as StopReason) : null;
}

/**
 * A mapping as the API returns it: the row, its display fields, its legs, why it is (not) trading, and how
 * many of its orders wait to be settled by hand. `tokenExpiresAt` is the rule of the account's broker.
 */
export function toMapping(
  row: MappingView,
  legs: OpenLegView[],
  status: StatusReport,
  now: number,
  tokenExpiresAt: TokenExpiryRule,
  ordersToSettle = 0,
): Mapping {
  const hasToken = Number(row.brokerHasToken) === 1;
  const expiresAt = brokerTokenExpiresAt(tokenExpiresAt, hasToken, row.brokerTokenUpdatedAt);
  return {
    id: row.id,
    user_id: row.userId,
    strategy_id: row.strategyId,
    instrument_id: row.instrumentId,
    user_broker_id: row.userBrokerId,
    is_active: row.isActive,
    is_dummy: row.isDummy,
    ce_count: row.ceCount,
    pe_count: row.peCount,
    start_time: row.startTime,
    end_time: row.endTime,
    running_status: row.runningStatus,
    max_loss: row.maxLossPaise === null ? null : toRupees(row.maxLossPaise),
    admin_max_loss: row.adminMaxLossPaise === null ? null : toRupees(row.adminMaxLossPaise),
    target_profit: row.targetProfitPaise === null ? null : toRupees(row.targetProfitPaise),
    stop_reason: asStopReason(row.stopReason),
    stopped_at: isoOrNull(row.stoppedAt === null ? null : Number(row.stoppedAt)),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    strategy_name: row.strategyName,
    strategy_description: row.strategyDescription,
    instrument_name: row.instrumentName,
    instrument_ticker: row.instrumentTicker,
    broker_username: row.brokerUsername,
    user_username: row.userUsername,
    lot_size: row.lotSize,
    broker_has_token:
      brokerTokenState(tokenExpiresAt, hasToken, row.brokerTokenUpdatedAt, now, row.brokerTokenRefusedAt) === 'valid',
    broker_token_expires_at: expiresAt === null ? null : iso(expiresAt),
    open_legs: legs.map(toOpenLeg),
    status_detail: status.detail,
    available_actions: status.actions,
    orders_to_settle: ordersToSettle,
  };
}
