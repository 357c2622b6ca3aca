import type { BacktestProgress } from './backtests.js';
import { z } from 'zod';
import { AlertSchema } from './alerts.js';
import { ROLES } from './constants.js';
import { MappingSchema } from './strategies.js';
import { AdminPositionSchema } from './positions.js';
import { TransactionSchema } from './transactions.js';

/** Payloads of the Socket.IO events SPEC §7 names; both ends are typed from these. */
export const TransactionCreatedSchema = z.object({ transaction: TransactionSchema });
export const StrategyStatusChangedSchema = z.object({
  userStrategyMappingId: z.number().int(),
  strategy: MappingSchema,
});
/**
 * A strategy created, edited, given or changed its RDX configuration, or deleted (by its owner or an
 * admin, on any console): open screens read it again instead of waiting for their next poll.
 */
export const StrategyChangedSchema = z.object({ userStrategyMappingId: z.number().int() });
/** The RDX strategy service switched on or off: every open screen's banner follows at once. */
export const RdxServiceChangedSchema = z.object({ isRunning: z.boolean() });
/** A strategy's P&L and legs after a fill or a price change (at most once a second per mapping). */
export const PositionsUpdatedSchema = z.object({ position: AdminPositionSchema });
/** A new alert for the signed-in user (issue 13): the bell counts it. */
export const AlertCreatedSchema = z.object({ alert: AlertSchema });
/** The user marked alerts read (in any tab, on any console): every bell of theirs shows the count left. */
export const AlertsReadSchema = z.object({ unread: z.number().int() });
export const TestEventSchema = z.object({ message: z.string(), sentAt: z.string() });
export const AuthenticatePayloadSchema = z.object({
  userId: z.number().int().optional(),
  userRole: z.enum(ROLES).default('user'),
});

export interface ServerToClientEvents {
  transaction_created: (payload: z.infer<typeof TransactionCreatedSchema>) => void;
  strategy_status_changed: (payload: z.infer<typeof StrategyStatusChangedSchema>) => void;
  strategy_changed: (payload: z.infer<typeof StrategyChangedSchema>) => void;
  rdx_service_changed: (payload: z.infer<typeof RdxServiceChangedSchema>) => void;
  positions_updated: (payload: z.infer<typeof PositionsUpdatedSchema>) => void;
  test_event: (payload: z.infer<typeof TestEventSchema>) => void;
  alert_created: (payload: z.infer<typeof AlertCreatedSchema>) => void;
  alerts_read: (payload: z.infer<typeof AlertsReadSchema>) => void;
  /** A backtest's owner hears its run move (issue 30). */
  backtest_progress: (payload: BacktestProgress) => void;
}

export interface ClientToServerEvents {
  /** SPEC's client sends it; identity always comes from the handshake token instead. */
  authenticate: (payload: z.input<typeof AuthenticatePayloadSchema>) => void;
}

export const SOCKET_OPTIONS = { reconnectionDelay: 1000, reconnectionAttempts: 5, timeout: 20_000 } as const;
