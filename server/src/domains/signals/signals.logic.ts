import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { RUNNING_STATUS, SIGNAL_REPLAY_WINDOW_MINUTES } from '@app/contract';

/** How far ahead of the console's clock a signal's time may be (the sender's clock runs a little fast). */
export const SIGNAL_CLOCK_SKEW_MS = 60_000;
export const SIGNAL_REPLAY_WINDOW_MS = SIGNAL_REPLAY_WINDOW_MINUTES * 60_000;

/**
 * How long a claimed key may stay without an outcome before a repeat takes the first signal as cut off (its
 * console stopped between the claim and the outcome): far longer than any action takes (an entry's orders are
 * seconds), so a signal still being acted on is never taken for a lost one.
 */
export const SIGNAL_CLAIM_LEASE_MS = 60_000;

/** A new token (URL-safe, 192 random bits) and secret (256 random bits). */
export function newSignalCredentials(): { token: string; secret: string } {
  return { token: randomBytes(24).toString('base64url'), secret: randomBytes(32).toString('base64url') };
}

/** What the database keeps of a token: its SHA-256, so a copy of the database does not hold working URLs. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Equal without telling by its timing how much of it matched. */
function sameText(a: string, b: string): boolean {
  const x = createHash('sha256').update(a, 'utf8').digest();
  const y = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(x, y);
}

/** Whether the body carried the secret itself. */
export const secretMatches = (given: string, secret: string): boolean => sameText(given, secret);

/** Whether `signature` is the hex HMAC-SHA256 of the raw body keyed by the secret (case and `sha256=` ignored). */
export function signatureMatches(raw: Buffer, signature: string, secret: string): boolean {
  const given = signature
    .trim()
    .toLowerCase()
    .replace(/^sha256=/, '');
  const expected = createHmac('sha256', secret).update(raw).digest('hex');
  return sameText(given, expected);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Epoch seconds below this are taken as seconds, above as milliseconds (year 33658 in seconds). */
const SECONDS_BELOW = 1e12;

/**
 * When the signal says it was sent, in epoch ms: `timestamp` (ISO 8601, or epoch seconds or ms), else an
 * idempotency key that is an ISO time (TradingView's `{{timenow}}`, "2026-11-23T05:00:00Z"); null if neither.
 * A `timestamp` that cannot be read is `NaN`: refused, as a time the sender meant and got wrong.
 */
export function sentAtOf(timestamp: string | number | undefined, key: string | undefined): number | null {
  if (typeof timestamp === 'number') return timestamp < SECONDS_BELOW ? timestamp * 1000 : timestamp;
  if (typeof timestamp === 'string') {
    const text = timestamp.trim();
    if (/^\d+(\.\d+)?$/.test(text)) return sentAtOf(Number(text), undefined);
    return ISO_TIME.test(text) ? Date.parse(text) : NaN;
  }
  if (key !== undefined && ISO_TIME.test(key.trim())) return Date.parse(key.trim());
  return null;
}

/** Why a signal sent at `sentAt` is too old or too far ahead to act on at `now`, or null. */
export function replayRefusal(sentAt: number | null, now: number): string | null {
  if (sentAt === null) return null;
  if (!Number.isFinite(sentAt)) return 'refused: the timestamp is not an ISO time or epoch seconds; nothing done';
  const when = new Date(sentAt).toISOString();
  if (sentAt < now - SIGNAL_REPLAY_WINDOW_MS) {
    return `refused: sent at ${when}, more than ${SIGNAL_REPLAY_WINDOW_MINUTES} minutes ago; nothing done`;
  }
  if (sentAt > now + SIGNAL_CLOCK_SKEW_MS) return `refused: sent at ${when}, which is in the future; nothing done`;
  return null;
}

/** A refusal's words as an outcome: "refused: the kill switch is engaged: …". */
export const refusedOutcome = (message: string): string =>
  `refused: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;

const legsWord = (n: number) => `${n} leg${n === 1 ? '' : 's'}`;

/** A strategy's state in words: "running, holding 2 legs", "stopped, holding no legs". */
export function strategyStateText(runningStatus: number, openLegs: number): string {
  const status =
    runningStatus === RUNNING_STATUS.RUNNING
      ? 'running'
      : runningStatus === RUNNING_STATUS.PAUSED
        ? 'paused'
        : 'stopped';
  return `${status}, holding ${openLegs === 0 ? 'no legs' : legsWord(openLegs)}`;
}

/**
 * The outcome a key whose first signal was cut off is settled with: what is known (the claim was taken and the
 * action may have run in part or whole), what was not done (nothing now, nothing later with this key), and the
 * strategy's state now, so the trader can judge and send a new key if it still needs doing.
 */
export function interruptedOutcome(action: string, state: { runningStatus: number; openLegs: number }): string {
  return (
    `interrupted: the console stopped while acting on the first "${action}" with this key, so it may have acted in ` +
    `part or not at all; nothing done now and nothing will be retried with this key. The strategy is now ` +
    `${strategyStateText(state.runningStatus, state.openLegs)}; send a new key to act again`
  );
}

/** The body as JSON, or null when it is not a JSON object. */
export function readJsonObject(raw: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
