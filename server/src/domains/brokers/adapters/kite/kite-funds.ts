import { toPaise } from '@app/contract';
import type { KiteMarginSegment, KiteProfile } from '../../../../protocols/kite-rest-client.js';
import type { BrokerMargins, BrokerProfile } from '../../broker-port.js';
import { KITE_LABEL } from './kite-errors.js';

/** Kite's segment for NSE and NFO, index options included (its other segment, `commodity`, is MCX). */
export const KITE_OPTIONS_SEGMENT = 'equity';

/**
 * A Kite margins segment in the port's words, rupees to paise: the cash is `available.cash` (opening
 * balance plus today's pay-in), the used margin `utilised.debits`, the available margin `net` (what Kite's
 * RMS checks an order against; `available.live_balance` carries the same figure in Kite's replies).
 */
export function portMargins(segment: KiteMarginSegment, checkedAt: number): BrokerMargins {
  return {
    availableCashPaise: toPaise(segment.available.cash),
    usedMarginPaise: toPaise(segment.utilised.debits),
    availableMarginPaise: toPaise(segment.net),
    checkedAt,
  };
}

/** Kite's profile in the port's words; the broker is the adapter's label, not Kite's "ZERODHA". */
export function portProfile(profile: KiteProfile): BrokerProfile {
  return { userId: profile.user_id, name: profile.user_name, broker: KITE_LABEL };
}
