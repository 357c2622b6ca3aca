/**
 * What a strategy's status line reads about one row besides its type's own settings: the mapping, its broker
 * account, its legs and the engine's state. Each strategy type words these its own way (StrategyType's
 * describeStatus); types only.
 */
import type { StopReason, StrategyActionName } from '@app/contract';
import type { HolidayDay } from '../calendar/calendar.logic.js';
import type { Hours } from '../instruments/market-hours.logic.js';
import type { BrokerTokenState } from './broker-token.logic.js';

export interface CommonStatusFacts {
  isActive: boolean;
  isDummy: boolean;
  runningStatus: number;
  startTime: string | null;
  endTime: string | null;
  hours: Hours;
  /** The instrument's configured lot size (a side's size is told in lots of it). */
  lotSize: number;
  /** The broker account's access token: none, invalidated at 06:00 IST, or usable. */
  brokerToken: BrokerTokenState;
  /** How traders call the account's broker ("Kite"; the default broker's for a paper strategy without one). */
  brokerLabel: string;
  /** When its tokens end, after "expired" ("at 06:00 IST"). */
  tokenEndWords: string;
  openLegCount: number;
  ceCount: number;
  peCount: number;
  /** The broker's reason when the mapping's latest order failed. */
  lastBrokerError: string | null;
  isEngineRunning: boolean;
  /** Why the engine could not trade it on the last candle close (no strike listed, no quote…). */
  engineProblem: string | null;
  /** Why the Kite market-data stream stopped for good (a refused token), or null while it runs. */
  marketDataHalt?: string | null;
  /** NSE's holidays from today on (docs/CALENDAR.md); none known when absent. */
  nseHolidays?: readonly HolidayDay[];
  /**
   * Why and when the strategy last stopped (issue 13); absent or null when never stopped. `note` says more (a
   * limit's figures, the broker difference a pause names; issue 27), for the reason it was written with.
   */
  stop?: { reason: StopReason; at: number; note?: string | null } | null;
  /** The admin's kill switch is engaged: nothing starts, resumes or realigns until it is released. */
  killSwitchEngaged?: boolean;
  /** Why the strategy type can never trade the mapping's instrument, or absent. */
  notTradable?: string | null;
  /** Which of the strategy's own limits are set now: a stop by one since cleared has nothing left to wait for. */
  ownLimits?: { maxLoss: boolean; targetProfit: boolean };
  /** The open legs (issue 27): the ATM they sit around when none was saved, and each side's size. */
  legs?: ReadonlyArray<{ tradingSymbol?: string; optionType: string; strikePaise: number; quantity: number }>;
}

export interface StatusReport {
  detail: string;
  actions: StrategyActionName[];
}
