/**
 * The option tokens sandboxes gave before they were kept below 2^31 (state file version 1): 24 bits of
 * (root id 2 | expiry day 11 | strike index 10 | type 1) above the NFO segment byte, which put 488 of
 * 1,342 listed tokens at or above 2^31, where KiteTicker read them negative. A state file written then
 * names its orders' and positions' contracts by these tokens; this reads them back so they can be renamed
 * by today's (sandbox-state-migration.ts). Pure.
 */
import { expiryOn, dayString, istDayNumber } from './option-expiries.js';
import {
  nearestCongruent,
  optionContract,
  TOKEN_EPOCH_DAY,
  type OptionContract,
  type OptionRootSpec,
} from './option-chain.js';

const NFO_SEGMENT = 2;

/** The contract a version-1 token named, read nearest to `nowMs` and to the root's price; null if none. */
export function contractFromLegacyToken(
  token: number,
  roots: readonly OptionRootSpec[],
  nowMs: number,
  referencePaise: (root: OptionRootSpec) => number,
): OptionContract | null {
  if (token % 256 !== NFO_SEGMENT) return null;
  const id = Math.floor(token / 256);
  const root = roots.find((r) => r.rootId === Math.floor(id / 0x400000));
  if (!root) return null;
  const today = istDayNumber(nowMs) - TOKEN_EPOCH_DAY;
  const expiry = expiryOn(root, dayString(nearestCongruent((id >> 11) & 0x7ff, 0x800, today) + TOKEN_EPOCH_DAY));
  if (!expiry) return null;
  const reference = Math.round(referencePaise(root) / root.strikeStepPaise);
  const strikeIndex = nearestCongruent((id >> 1) & 0x3ff, 0x400, reference);
  if (strikeIndex <= 0) return null;
  return optionContract(root, expiry, strikeIndex * root.strikeStepPaise, id & 1 ? 'PE' : 'CE');
}
