import type { SquareOffSubject } from '../../platform/domain-events.js';
import { istStamp, type AlertDraft } from './alert-text.logic.js';

/**
 * Alerts about the console's own handling of risk (issue 27): a square-off the broker did not fully take, the
 * same square-off completed later, and the RDX service switched off or on. Pure: the words only.
 */

/** At most this many open legs are named; the strategy's row lists them all. */
const LEGS_SHOWN = 5;

const subjectName = (s: SquareOffSubject) =>
  `${s.strategyName} on ${s.instrumentName} (${s.isDummy ? 'paper' : 'live'})`;

export interface SquareOffFailure extends SquareOffSubject {
  open: Array<{ tradingSymbol: string; quantity: number }>;
  reason: string;
  attempt: number | null;
  maxAttempts: number | null;
  isFinal: boolean;
}

/** "NIFTY25D0424000CE 75, NIFTY25D0423000PE 75" (and how many more). */
function openLegsText(open: SquareOffFailure['open']): string {
  if (open.length === 0) return 'legs';
  const shown = open
    .slice(0, LEGS_SHOWN)
    // A sold leg reads as its units (as it always has); a bought one (quantity < 0, SPEC's sign) says so.
    .map((l) => (l.quantity < 0 ? `${l.tradingSymbol} ${-l.quantity} bought` : `${l.tradingSymbol} ${l.quantity}`))
    .join(', ');
  return open.length > LEGS_SHOWN ? `${shown} and ${open.length - LEGS_SHOWN} more` : shown;
}

/** What the console does next about legs left open. */
function nextTry(f: SquareOffFailure): string {
  if (f.isFinal) {
    const tries = f.attempt === null ? '' : ` after ${f.attempt} ${f.attempt === 1 ? 'try' : 'tries'}`;
    return (
      `The console stopped trying${tries}: press Exit on the strategy to try again, or close them at the broker ` +
      '(then make the console match the broker from the mismatch banner).'
    );
  }
  if (f.attempt === null || f.maxAttempts === null) return 'The console tries again at the next candle close.';
  return `The console keeps trying (try ${f.attempt} of ${f.maxAttempts}).`;
}

/**
 * A square-off that left legs open: what is still open and whether the console keeps trying, to the owner
 * and (naming the owner) the admins. The stopped strategy's row says the same.
 */
export function squareOffFailedAlert(f: SquareOffFailure, isForOwner: boolean): AlertDraft {
  const whose = isForOwner ? '' : ` (${f.username})`;
  const where = f.isDummy ? '' : ' at the broker';
  const still = `${openLegsText(f.open)} ${f.open.length === 1 ? 'is' : 'are'} still open${where}`;
  return {
    kind: 'square_off_failed',
    title: `${f.isFinal ? 'Square-off gave up' : 'Square-off incomplete'}: ${f.strategyName} on ${f.instrumentName}${whose}`,
    body:
      `${isForOwner ? '' : `${f.username}'s `}${subjectName(f)}: at ${istStamp(f.at)} the square-off did not ` +
      `complete (${f.reason}). ${still}. ${nextTry(f)}`,
    mappingId: f.mappingId,
    userBrokerId: null,
    dedupeKey: null,
  };
}

/** The square-off an earlier alert said was incomplete went through: that alert no longer stands. */
export function squareOffCompletedAlert(s: SquareOffSubject, isForOwner: boolean): AlertDraft {
  const whose = isForOwner ? '' : ` (${s.username})`;
  return {
    kind: 'square_off_completed',
    title: `Square-off completed: ${s.strategyName} on ${s.instrumentName}${whose}`,
    body:
      `${isForOwner ? '' : `${s.username}'s `}${subjectName(s)}: at ${istStamp(s.at)} the legs the earlier ` +
      'square-off left open were bought back. Nothing of it is open any more.',
    mappingId: s.mappingId,
    userBrokerId: null,
    dedupeKey: null,
  };
}

export interface ServiceSwitch {
  isRunning: boolean;
  /** The admin who switched it, when known. */
  by: string | null;
  at: number;
}

/** What one owner (or, summed, the desk) has running when the service is switched. */
export interface HeldCounts {
  /** Running strategies. */
  running: number;
  /** Of those, how many hold open legs. */
  holding: number;
  /** Owners (for an admin's count across the desk). */
  owners?: number;
}

const strategiesText = (n: number) => `${n} running ${n === 1 ? 'strategy' : 'strategies'}`;

function holdingText(c: HeldCounts): string {
  if (c.holding === 0) return '';
  return c.holding === c.running ? ' (all holding open legs)' : ` (${c.holding} of them holding open legs)`;
}

/**
 * The RDX service switched off or on, to each owner of a running strategy (their counts) and to the admins
 * (the desk's). Stopped, running strategies are held: no entry, realign, roll or window square-off, and the
 * square-off chase waits too; a trader's Exit still buys legs back.
 */
export function rdxServiceAlert(change: ServiceSwitch, counts: HeldCounts, isForAdmin: boolean): AlertDraft {
  const who = change.by ?? 'An admin';
  const base = { kind: 'rdx_service' as const, mappingId: null, userBrokerId: null, dedupeKey: null };
  const yours = isForAdmin
    ? `${strategiesText(counts.running)}${counts.owners === undefined ? '' : ` of ${counts.owners} ${counts.owners === 1 ? 'user' : 'users'}`}`
    : `Your ${strategiesText(counts.running)}`;
  if (change.isRunning) {
    return {
      ...base,
      title: 'RDX service started',
      body: `${who} started the RDX service at ${istStamp(change.at)}. ${yours} ${counts.running === 1 ? 'trades again from its' : 'trade again from their'} next candle close.`,
    };
  }
  return {
    ...base,
    title: 'RDX service stopped: strategies held',
    body:
      `${who} stopped the RDX service at ${istStamp(change.at)}. ${yours}${holdingText(counts)} ` +
      `${counts.running === 1 ? 'is held and takes' : 'are held and take'} no trades until it is started again: no entry, realign or ` +
      "window square-off, and open legs stay open. Exit on a strategy's row still buys its legs back.",
  };
}
