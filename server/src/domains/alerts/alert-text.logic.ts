import { createHash } from 'node:crypto';
import {
  groupedRupeesText,
  MODE_LABELS,
  RUNNING_STATUS,
  type AlertKind,
  type Mapping,
  type ReconcileSymbol,
  type StopReason,
} from '@app/contract';

/** An alert before it is stored: what it says and what it is about. */
export interface AlertDraft {
  kind: AlertKind;
  title: string;
  body: string;
  mappingId: number | null;
  userBrokerId: number | null;
  /** Alerts with the same key reach a user once (one token, one unchanged drift). */
  dedupeKey: string | null;
}

const IST = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Mon 23 Nov, 10:30 IST": traders read Indian time, and an alert read the next day needs its day. */
export const istStamp = (ms: number): string => `${IST.format(ms)} IST`;

type AutomaticReason = Exclude<StopReason, 'manual'>;

/** Why, in a trader's words, after "because". */
const BECAUSE: Record<AutomaticReason, string> = {
  max_loss: "the day's loss reached its Max Loss",
  target_profit: "the day's profit reached its Target Profit",
  daily_max_loss: "your strategies' loss for the day reached your Daily Max Loss",
  kill_switch: 'an admin engaged the kill switch',
  expiry: 'its options expired',
  broker_error: 'the broker rejected an order',
  token_expired: "the broker account's access token expired",
  broker_drift: 'the broker no longer holds a leg the console counts for it (closed at the broker by hand?)',
  egress_mismatch: "its broker account's orders could not leave from an IP registered with the broker",
  portfolio_limit: 'your portfolio went beyond a portfolio limit set to reduce on breach',
};

/** The same, where an admin reads of a trader's strategy and the trader's words would be wrong. */
const BECAUSE_FOR_ADMIN: Partial<Record<AutomaticReason, string>> = {
  daily_max_loss: "the trader's strategies' loss for the day reached their Daily Max Loss",
  portfolio_limit: "the trader's portfolio went beyond a portfolio limit set to reduce on breach",
};

const HEADLINE: Record<AutomaticReason, string> = {
  max_loss: 'Max Loss reached',
  target_profit: 'Target Profit reached',
  daily_max_loss: 'Daily Max Loss reached',
  kill_switch: 'kill switch',
  expiry: 'options expired',
  broker_error: 'broker rejected an order',
  token_expired: 'broker token expired',
  broker_drift: 'broker positions differ',
  egress_mismatch: 'order egress refused',
  portfolio_limit: 'portfolio limit',
};

/** What to do next, where there is something to do. */
const NEXT_STEP: Partial<Record<AutomaticReason, string>> = {
  broker_error: " The strategy's row shows the broker's message.",
  token_expired: ' Generate a new access token on the Profile page, then resume it.',
  egress_mismatch:
    " Profile shows the account's egress and what its last check found: fix the egress or the registered IPs, then" +
    ' resume it.',
  broker_drift:
    " It takes no trades until resumed. The home's mismatch banner shows both sides: make the console match the" +
    ' broker there (or the broker match the console), then resume it.',
};

// The mode in the screens' words (DUMMY/LIVE), so an alert names it as the strategy's badge does.
const strategyName = (m: Mapping) =>
  `${m.strategy_name} on ${m.instrument_name} (${m.is_dummy === 1 ? MODE_LABELS.paper : `${MODE_LABELS.live}, ${m.broker_username ?? 'no broker'}`})`;

/**
 * The alert for a strategy stopped or paused by anything but its trader, to its owner or (naming the owner)
 * to an admin; null for the trader's own stop and for the kill switch (its one alert tells everyone at once,
 * rather than one per strategy). `note` adds what exactly happened (a limit's figures; issue 27).
 */
export function strategyStoppedAlert(
  mapping: Mapping,
  reason: StopReason | 'started',
  now: number,
  isForOwner = true,
  note: string | null = null,
): AlertDraft | null {
  if (reason === 'manual' || reason === 'started' || reason === 'kill_switch') return null;
  const isPaused = mapping.running_status === RUNNING_STATUS.PAUSED;
  const verb = isPaused ? 'paused' : 'stopped';
  const at = mapping.stopped_at ? Date.parse(mapping.stopped_at) : now;
  const legs = !isPaused && mapping.open_legs.length > 0 ? ' Its open legs are being squared off.' : '';
  const because = `${isForOwner ? BECAUSE[reason] : (BECAUSE_FOR_ADMIN[reason] ?? BECAUSE[reason])}${note ? `: ${note}` : ''}`;
  return {
    kind: reason === 'broker_error' ? 'broker_error' : 'strategy_stopped',
    // An admin reads whose strategy it was; the next step is the trader's to take.
    title: `Strategy ${verb}: ${HEADLINE[reason]}${isForOwner ? '' : ` (${mapping.user_username})`}`,
    body: isForOwner
      ? `${strategyName(mapping)} ${verb} at ${istStamp(at)} because ${because}.${legs}${NEXT_STEP[reason] ?? ''}`
      : `${mapping.user_username}'s ${strategyName(mapping)} ${verb} at ${istStamp(at)} because ${because}.${legs}`,
    mappingId: mapping.id,
    userBrokerId: mapping.user_broker_id,
    dedupeKey: null,
  };
}

export interface KillSwitchChange {
  engaged: boolean;
  by: string | null;
  at: number;
  stoppedStrategies: number;
  closedLegs: number;
}

/** The kill switch for everyone; admins also read what engaging closed (counts across every user). */
export function killSwitchAlert(change: KillSwitchChange, isForAdmin: boolean): AlertDraft {
  const who = change.by ?? 'An admin';
  const when = istStamp(change.at);
  const counts = isForAdmin
    ? ` It stopped ${change.stoppedStrategies} ${change.stoppedStrategies === 1 ? 'strategy' : 'strategies'} and closed ${change.closedLegs} open ${change.closedLegs === 1 ? 'leg' : 'legs'}.`
    : '';
  const base = { kind: 'kill_switch' as const, mappingId: null, userBrokerId: null, dedupeKey: null };
  if (!change.engaged) {
    return {
      ...base,
      title: 'Kill switch released',
      body: `${who} released the kill switch at ${when}. Strategies may be started again; none restarted by itself.`,
    };
  }
  return {
    ...base,
    title: 'Kill switch engaged',
    body: `${who} engaged the kill switch at ${when}: every strategy was stopped and its legs squared off, and none can start until it is released.${counts}`,
  };
}

/** At most this many symbols are named; the reconciliation panel lists them all. */
const DRIFT_SYMBOLS_SHOWN = 5;

export interface DriftAccount {
  userBrokerId: number;
  userId: number;
  username: string;
  brokerUsername: string;
  symbols: ReconcileSymbol[];
  /** When this difference was first seen: the same one found again after it cleared is alerted again. */
  since: number;
}

/**
 * The same drift (same symbols, same quantities, seen since the same instant) has one key, so it alerts once
 * on any instance; after it clears, its return is another drift.
 */
export function driftKey(account: Pick<DriftAccount, 'userBrokerId' | 'symbols' | 'since'>): string {
  const shape = account.symbols
    .map((s) => `${s.exchange}:${s.trading_symbol}=${s.console_quantity}/${s.broker_quantity}`)
    .sort()
    .join(',');
  const hash = createHash('sha256').update(shape).digest('hex').slice(0, 32);
  return `drift:${account.userBrokerId}:${hash}:${account.since}`;
}

/** A broker holding other quantities than the console; admins are told whose account it is. */
export function driftAlert(account: DriftAccount, now: number, isForOwner: boolean): AlertDraft {
  const shown = account.symbols
    .slice(0, DRIFT_SYMBOLS_SHOWN)
    .map((s) => `${s.trading_symbol}: console ${s.console_quantity}, broker ${s.broker_quantity}`)
    .join('; ');
  const more =
    account.symbols.length > DRIFT_SYMBOLS_SHOWN ? ` and ${account.symbols.length - DRIFT_SYMBOLS_SHOWN} more` : '';
  const whose = isForOwner ? account.brokerUsername : `${account.brokerUsername} (${account.username})`;
  return {
    kind: 'reconciliation_drift',
    title: `Broker positions differ: ${whose}`,
    body: `At ${istStamp(now)} the broker holds other quantities than the console for ${whose} (sold quantities are positive): ${shown}${more}. Check the account before the next trade.`,
    mappingId: null,
    userBrokerId: account.userBrokerId,
    dedupeKey: driftKey(account),
  };
}

export interface ExpiringToken {
  userId: number;
  userBrokerId: number;
  brokerUsername: string;
  tokenUpdatedAt: number;
  expiresAt: number;
  nextOpen: number;
}

/** A live strategy's token that dies before the next open: once per token. */
export function tokenExpiringAlert(token: ExpiringToken): AlertDraft {
  return {
    kind: 'token_expiring',
    title: `Broker token expires before the next open: ${token.brokerUsername}`,
    body:
      `The access token of ${token.brokerUsername} expires at ${istStamp(token.expiresAt)}, before the market opens ` +
      `at ${istStamp(token.nextOpen)}. Its live strategies pause then: generate a new token on the Profile page ` +
      `after it expires and before the open.`,
    mappingId: null,
    userBrokerId: token.userBrokerId,
    dedupeKey: `token:${token.userBrokerId}:${token.tokenUpdatedAt}`,
  };
}

/** A broker account something was refused for: its id and name, why, and when. */
export interface RefusedAccount {
  userBrokerId: number;
  brokerUsername: string;
  reason: string;
  at: number;
}

export interface RefusedToken extends RefusedAccount {
  /** How traders call the account's broker ("Kite"). */
  broker: string;
}

/** The broker stopped taking an account's token before its end (Kite's 06:00 IST): once per refusal. */
export function tokenRefusedAlert(token: RefusedToken): AlertDraft {
  return {
    kind: 'token_refused',
    title: `${token.broker} refused the access token of ${token.brokerUsername}`,
    body:
      `At ${istStamp(token.at)} ${token.broker} refused the access token of ${token.brokerUsername} (${token.reason}). ` +
      `Its live strategies cannot place or exit orders and are paused. Generate a new token on the Profile page, ` +
      `then resume them.`,
    mappingId: null,
    userBrokerId: token.userBrokerId,
    dedupeKey: `token-refused:${token.userBrokerId}:${token.at}`,
  };
}

/** An account's egress was refused (an unregistered IP, another family on its address): once per finding. */
export function egressRefusedAlert(refusal: RefusedAccount): AlertDraft {
  return {
    kind: 'egress_mismatch',
    title: `Orders for ${refusal.brokerUsername} cannot go from their egress`,
    body:
      `At ${istStamp(refusal.at)} the console checked where orders for ${refusal.brokerUsername} leave from: ` +
      `${refusal.reason}. No order goes from there: its live strategies do not start, and running ones pause. ` +
      `Fix the account's egress or registered IPs on the Profile page, then resume them.`,
    mappingId: null,
    userBrokerId: refusal.userBrokerId,
    dedupeKey: `egress-refused:${refusal.userBrokerId}:${refusal.at}`,
  };
}

/** A live entry the account's margin could not cover, with the figures: nothing was sent to the broker. */
export function marginShortAlert(short: {
  mappingId: number;
  instrumentName: string;
  neededPaise: number;
  availablePaise: number;
  at: number;
}): AlertDraft {
  const needed = `₹${groupedRupeesText(short.neededPaise)}`;
  const available = `₹${groupedRupeesText(short.availablePaise)}`;
  return {
    kind: 'margin_short',
    title: `${short.instrumentName} strategy not entered: needs ${needed} of margin, ${available} available`,
    body:
      `At ${istStamp(short.at)} the strategy's entry needed ${needed} of margin by the broker's own calculator, and ` +
      `the account had ${available} available. No order was sent. It stays running and tries again at each candle ` +
      `close: add funds or free margin for it to enter.`,
    mappingId: short.mappingId,
    userBrokerId: null,
    dedupeKey: `margin-short:${short.mappingId}:${short.at}`,
  };
}

/**
 * A user's portfolio went beyond a cap (issue 34 item 4), once per breach: the figures, and what the console
 * does about it (stops and squares off, or refuses entries while it lasts).
 */
export function portfolioLimitAlert(
  breach: { breaches: ReadonlyArray<{ cap: string; limit: number; text: string }>; isReducing: boolean; at: number },
  userId: number,
  isForOwner: boolean,
): AlertDraft {
  const what = breach.breaches.map((b) => b.text).join(' and ');
  const whose = isForOwner ? 'your' : "the trader's";
  const then = breach.isReducing
    ? `Reduce on breach is set: ${whose} strategies are being stopped and their legs squared off.`
    : `No entry or realign will sell new legs while it lasts; ${whose} open legs are kept.`;
  return {
    kind: 'portfolio_limit',
    title: `Portfolio limit: ${what}`,
    body: `At ${istStamp(breach.at)} ${whose} positions' ${what}. ${then}`,
    mappingId: null,
    userBrokerId: null,
    dedupeKey: `portfolio-limit:${userId}:${breach.breaches.map((b) => `${b.cap}:${b.limit}`).join(',')}:${breach.at}`,
  };
}

export const TEST_ALERT: AlertDraft = {
  kind: 'test',
  title: 'Test notification',
  body: 'This is the test you sent from the Profile page: it reached you here.',
  mappingId: null,
  userBrokerId: null,
  dedupeKey: null,
};
