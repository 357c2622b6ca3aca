/**
 * A Multi-leg strategy's legs that have left since its entry, in a trader's words (issue 33 item 4): "Leg 1 CE
 * stopped at ₹182.40, re-entry 1 of 2 waiting for ₹150.00". Read from what the rules keep (legs-memo.logic.ts)
 * and the legs held now. Pure.
 */
import { groupedRupeesText, type Leg, type LegsConfig } from '@app/contract';
import type { OpenLeg } from '../strategies/decision.logic.js';
import type { LegMemo, LegsMemo } from './legs-memo.logic.js';
import { heldByIndex } from './legs-review.logic.js';

const rupees = (paise: number) => `₹${groupedRupeesText(paise)}`;

const EXIT_WORDS = { 'stop-loss': 'stopped', 'trailing-stop': 'hit its trailing stop', target: 'took its target' };

/** What follows one leg's exit: its re-entry, waiting or spent. */
function afterWords(leg: Leg, memo: LegMemo): string {
  const times = leg.re_entry?.times ?? 0;
  if (memo.out?.reason === 'target' || times === 0) return '';
  const next = `re-entry ${memo.reEntries + 1} of ${times}`;
  if (!memo.out?.isWaiting) return memo.reEntries >= times ? `, no re-entry left (${times} used)` : '';
  if (leg.re_entry?.when === 'at_once') return `, ${next} now`;
  return memo.firstEntryPaise === null ? `, ${next} waiting` : `, ${next} waiting for ${rupees(memo.firstEntryPaise)}`;
}

/** A held leg's news: its re-entries used, its trailing stop once it trails ("Leg 1 CE re-entered, 1 of 2 used"). */
function heldWords(name: string, leg: Leg, memo: LegMemo): string[] {
  const words: string[] = [];
  if (memo.reEntries > 0) words.push(`${name} re-entered, ${memo.reEntries} of ${leg.re_entry?.times ?? 0} used`);
  if (memo.trail?.isActive && memo.trail.stopPaise !== null) {
    words.push(`${name} trailing, stop at ${rupees(memo.trail.stopPaise)}`);
  }
  return words;
}

/**
 * One line per configured leg with news since the entry: its own exit took it out ("Leg 2 PE took its target at
 * ₹40.10"), it was entered again, or its stop trails; empty when nothing happened to any leg.
 */
export function goneLegsWords(config: Pick<LegsConfig, 'legs'>, memo: LegsMemo, legs: readonly OpenLeg[]): string[] {
  const held = heldByIndex(config, memo, legs);
  const hasMemo = memo.legs.length === config.legs.length;
  return config.legs.flatMap((leg, i) => {
    const name = `Leg ${i + 1} ${leg.option_type}`;
    const kept = hasMemo ? memo.legs[i]! : null;
    if (held[i]) return kept ? heldWords(name, leg, kept) : [];
    // A leg closed by no exit of its own (a square-off, an Exit) is not news on the row.
    if (!kept?.out) return [];
    return [`${name} ${EXIT_WORDS[kept.out.reason]} at ${rupees(kept.out.atPaise)}${afterWords(leg, kept)}`];
  });
}
