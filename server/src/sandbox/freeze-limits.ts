/**
 * Exchange freeze quantities and Kite's autoslice. An order above its contract's freeze quantity is
 * refused unless `autoslice=true`, which splits it into child orders of at most the freeze quantity, and
 * at most 10 of them. Pure. Sources in docs/SANDBOX.md.
 */
import { FREEZE_SCHEDULES } from '../domains/market-rules/freeze-quantities.logic.js';

/**
 * Units per order by option root, as in force now: the dated table the paper engine and backtests slice by too
 * (domains/market-rules/freeze-quantities.logic.ts, with its sources).
 */
export const FREEZE_QUANTITIES: Readonly<Record<string, number>> = FREEZE_SCHEDULES.at(-1)!.quantities;

/** Kite slices an order into at most this many children (Kite forum, 30 Mar 2026). */
export const MAX_SLICES = 10;

type Plan = { ok: true; sizes: number[] } | { ok: false; message: string };

/**
 * The quantities to place for an order of `quantity` units: one order when it is within the freeze
 * quantity and `isAutoslice` is off; the children when it is on; otherwise the refusal message.
 */
export function planSlices(root: string, lotSize: number, quantity: number, isAutoslice: boolean): Plan {
  const freeze = FREEZE_QUANTITIES[root];
  if (freeze === undefined) return { ok: true, sizes: [quantity] };
  if (!isAutoslice) {
    if (quantity <= freeze) return { ok: true, sizes: [quantity] };
    return {
      ok: false,
      message: `Quantity ${quantity} exceeds the freeze quantity of ${freeze} for ${root}. Split the order or place it with autoslice.`,
    };
  }
  // Kite's message (forum, 2026): autoslice is for quantities above the freeze limit only.
  const sliceMax = Math.floor(freeze / lotSize) * lotSize;
  if (quantity <= freeze) {
    return {
      ok: false,
      message: `Quantity should be greater than or equal to ${sliceMax + lotSize} for order slicing.`,
    };
  }
  const count = Math.ceil(quantity / sliceMax);
  if (count > MAX_SLICES) {
    return {
      ok: false,
      message: `Quantity ${quantity} needs ${count} slices of at most ${sliceMax}; autoslice places at most ${MAX_SLICES}.`,
    };
  }
  const sizes = Array.from({ length: count }, (_, i) => Math.min(sliceMax, quantity - i * sliceMax));
  return { ok: true, sizes };
}
