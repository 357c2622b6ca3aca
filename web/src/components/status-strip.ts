import { istDay, type ConsoleStatus } from '@app/contract';
import { formatDateTimeIn, formatTimeIn, IST_ZONE } from '../lib/format';

/*
 * The status strip's words (issue 32 item 6), pure: one item each for the exchange, the market, the feed, every
 * broker account's token and the kill switch, with how bad it is and where it is fixed. A trader never has to
 * guess whether this is the sandbox, whether the market is open, whether prices are coming, whether a token has
 * ended or whether the kill switch holds everything.
 */

/** `ok` needs nothing; `info` is worth knowing (the market shut); `warn` wants a look; `bad` stops trading. */
export type StripTone = 'ok' | 'info' | 'warn' | 'bad';

export interface StripItem {
  key: string;
  label: string;
  /** The longer words, for the tooltip and a screen reader. */
  detail: string;
  tone: StripTone;
  /** Where it is fixed, when the viewer can fix it there. */
  href: string | null;
}

const seconds = (s: number) =>
  s < 90 ? `${s} s` : s < 5_400 ? `${Math.round(s / 60)} min` : `${Math.round(s / 3600)} h`;

/** "15:30 IST" today, else "25 Nov 2026, 09:15 IST". */
function when(iso: string, now: number): string {
  const at = Date.parse(iso);
  const options = { seconds: false };
  return istDay(at) === istDay(now) ? formatTimeIn(at, IST_ZONE, options) : formatDateTimeIn(at, IST_ZONE, options);
}

function marketItem(s: ConsoleStatus, now: number, isAdmin: boolean): StripItem {
  const m = s.market;
  const href = isAdmin ? '/admin?tab=holidays' : null;
  if (m.is_open) {
    const closes = m.closes_at ? `, closes ${when(m.closes_at, now)}` : '';
    return {
      key: 'market',
      label: `Market open${closes}`,
      detail: `${m.instrument ?? 'The market'} is open${closes}`,
      tone: 'ok',
      href,
    };
  }
  const opens = m.next_open_at ? `opens ${when(m.next_open_at, now)}` : 'no open in the next three weeks';
  const why = m.closed_reason ? ` (${m.closed_reason})` : '';
  return {
    key: 'market',
    label: `Market closed, ${opens}`,
    detail: `${m.instrument ?? 'The market'} is closed${why}; it ${opens}`,
    tone: 'info',
    href,
  };
}

function feedItem(s: ConsoleStatus, isAdmin: boolean): StripItem {
  const f = s.feed;
  const fix = isAdmin ? '/admin?tab=brokers' : null;
  const age = f.age_seconds === null ? 'no tick yet' : `last tick ${seconds(f.age_seconds)} ago`;
  switch (f.state) {
    case 'live':
      return { key: 'feed', label: 'Feed live', detail: `Prices are coming in: ${age}`, tone: 'ok', href: null };
    case 'idle':
      return {
        key: 'feed',
        label: 'Feed idle',
        detail: `Quiet while the market is closed (${age})`,
        tone: 'info',
        href: null,
      };
    case 'stale':
      return {
        key: 'feed',
        label: `Feed stale, ${age}`,
        detail: `No price has come for a while though the market is open (${age}); strategies wait for it`,
        tone: 'warn',
        href: fix,
      };
    case 'stopped':
      return {
        key: 'feed',
        label: 'Feed stopped',
        detail: `Prices stopped: ${f.reason ?? 'the provider refused'}. ${isAdmin ? 'Generate a new market-data token.' : 'Your admin must generate a new market-data token.'}`,
        tone: 'bad',
        href: fix,
      };
  }
}

const TOKEN_WORDS: Record<ConsoleStatus['accounts'][number]['token_state'], { label: string; tone: StripTone }> = {
  ok: { label: 'token valid', tone: 'ok' },
  missing: { label: 'no token', tone: 'warn' },
  expired: { label: 'token expired', tone: 'bad' },
  refused: { label: 'token refused', tone: 'bad' },
};

function accountItem(a: ConsoleStatus['accounts'][number], now: number, isAdmin: boolean): StripItem {
  const words = TOKEN_WORDS[a.token_state];
  const until = a.token_state === 'ok' && a.token_expires_at ? ` until ${when(a.token_expires_at, now)}` : '';
  // No live strategy on it: paper trading needs no token, so a missing one is news, not a warning.
  const isNeeded = a.live_strategies > 0;
  const fix =
    a.token_state === 'ok'
      ? ''
      : isNeeded
        ? ': generate a new one on the Profile page'
        : ': only live strategies need one (generate it on the Profile page before starting one)';
  return {
    key: `account-${a.user_broker_id}`,
    label: `${a.broker_username} ${words.label}`,
    detail: `${a.broker_name} account ${a.broker_username}: ${words.label}${until}${fix}`,
    tone: a.token_state === 'ok' || isNeeded ? words.tone : 'info',
    href: isAdmin ? null : '/home?view=profile',
  };
}

function killSwitchItem(s: ConsoleStatus, isAdmin: boolean): StripItem {
  if (!s.kill_switch.engaged) {
    return { key: 'kill', label: 'Kill switch off', detail: 'Strategies may trade', tone: 'ok', href: null };
  }
  return {
    key: 'kill',
    label: 'Kill switch ON',
    detail: `Every strategy is stopped and nothing may start${isAdmin ? '; release it on the RDX tab' : ' until an admin releases it'}`,
    tone: 'bad',
    href: isAdmin ? '/admin?tab=rdx' : null,
  };
}

/** The strip's items for `status` as `role` reads it at `now`, in the order they show. */
export function stripItems(status: ConsoleStatus, role: 'admin' | 'user', now: number): StripItem[] {
  const isAdmin = role === 'admin';
  const exchange: StripItem =
    status.exchange === 'sandbox'
      ? {
          key: 'exchange',
          label: 'SANDBOX',
          detail: 'Orders go to the built-in sandbox exchange: no real money moves',
          tone: 'warn',
          href: null,
        }
      : { key: 'exchange', label: 'LIVE', detail: 'Orders go to Kite: real money', tone: 'ok', href: null };
  return [
    exchange,
    marketItem(status, now, isAdmin),
    feedItem(status, isAdmin),
    ...status.accounts.map((a) => accountItem(a, now, isAdmin)),
    killSwitchItem(status, isAdmin),
  ];
}
