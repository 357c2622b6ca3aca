/**
 * Kite takes regular NFO orders only while the market is open: 09:15 to 15:30 IST on trading days (no
 * weekends, no NSE holidays). Outside it an order is refused at once; the sandbox's own 24×7 root has no
 * session. Pure; used by the order routes.
 */
import { isInSession } from './market-session.js';
import type { OptionRootSpec } from './option-chain.js';

/** Kite's refusal (our wording: Kite's exact text for a regular order after hours was not found). */
export const MARKET_CLOSED_MESSAGE =
  'Markets are closed right now. Regular orders are taken from 09:15 to 15:30 IST on trading days.';

/** Why an order in `root` cannot be placed at `nowMs`, or null while its market is open. */
export function marketClosedReason(root: Pick<OptionRootSpec, 'session'>, nowMs: number): string | null {
  return isInSession(root.session, Math.floor(nowMs / 1000)) ? null : MARKET_CLOSED_MESSAGE;
}
