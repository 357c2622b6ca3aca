import { PayoffRequestSchema, type Instrument, type PayoffRequest, type PositionLeg } from '@app/contract';
import { sideOf } from '../../lib/format';

/*
 * A running strategy's open legs as the payoff call takes them (issue 34): each leg held on its side (the
 * positions' sign: > 0 sold), in lots of the instrument, at its FIFO entry price. Only what the legs hold goes
 * in, not their last price, so the request (and the answer) changes when the legs do, not with every tick.
 */

export type PositionPayoff = { ok: true; request: PayoffRequest } | { ok: false; reason: string };

/** The instrument a position trades, by the name the positions reply gives (instrument names are unique). */
export function instrumentOf(
  instruments: readonly Pick<Instrument, 'id' | 'name' | 'lot_size'>[],
  name: string | null,
): Pick<Instrument, 'id' | 'lot_size'> | null {
  if (name === null) return null;
  return instruments.find((i) => i.name === name) ?? null;
}

/** `legs` as a payoff request on `instrument`, or why they cannot be drawn, in the words the screen shows. */
export function positionPayoff(
  instrument: Pick<Instrument, 'id' | 'lot_size'>,
  legs: readonly PositionLeg[],
): PositionPayoff {
  const payoffLegs = [];
  // A flat symbol (net 0) holds nothing at expiry.
  for (const leg of legs.filter((l) => l.quantity !== 0)) {
    const { side, quantity } = sideOf(leg.quantity);
    if ((leg.option_type !== 'CE' && leg.option_type !== 'PE') || leg.strike === null || leg.expiry === null) {
      return { ok: false, reason: `${leg.trading_symbol} is not a known option leg, so the payoff is not drawn` };
    }
    if (quantity % instrument.lot_size !== 0) {
      return {
        ok: false,
        reason: `${leg.trading_symbol} holds ${quantity} units, not whole lots of ${instrument.lot_size}, so the payoff is not drawn`,
      };
    }
    payoffLegs.push({
      option_type: leg.option_type,
      side,
      strike: leg.strike,
      expiry: leg.expiry,
      lots: quantity / instrument.lot_size,
      price: leg.entry_price,
    });
  }
  // The contract's own check: a calendar (two expiries) is refused in the words the server would use.
  const parsed = PayoffRequestSchema.safeParse({ instrument_id: instrument.id, legs: payoffLegs });
  if (parsed.success) return { ok: true, request: parsed.data };
  return { ok: false, reason: parsed.error.issues[0]?.message ?? 'The legs cannot be drawn' };
}
