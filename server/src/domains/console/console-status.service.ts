import { istDay, type ConsoleStatus, type Exchange, type Instrument, type UserBroker } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { iso } from '../../platform/time.js';
import type { HolidayDay } from '../calendar/calendar.logic.js';
import { feedStateOf, marketNow, tokenStateOf } from './console-status.logic.js';

/** What the status strip is read from: each a public face of its own domain, wired in app.ts. */
export interface ConsoleStatusDeps {
  exchange: Exchange;
  clock: Clock;
  instruments: () => Promise<Instrument[]>;
  holidaysFrom: (dayIst: string) => Promise<HolidayDay[]>;
  /** When this console's options feed last ticked for `token`, and why it stopped for good (null: it runs). */
  lastTickAt: (token: string) => number | null;
  haltReason: () => string | null;
  accountsOf: (userId: number) => Promise<UserBroker[]>;
  /** How many of the user's strategies trade live on each account (by id): an account with none needs no token. */
  liveStrategiesOf: (userId: number) => Promise<ReadonlyMap<number, number>>;
  killSwitch: () => Promise<{ engaged: boolean; engaged_at: string | null }>;
}

/**
 * The instrument whose hours the strip means: the first options index (a ticker its options are filed under,
 * on the options source, whose tokens are numbers), else the first instrument on that source at all.
 */
function referenceOf(instruments: readonly Instrument[]): Instrument | null {
  const onOptionsSource = instruments.filter((i) => /^\d+$/.test(i.instrument_token));
  return onOptionsSource.find((i) => i.ticker !== null) ?? onOptionsSource[0] ?? null;
}

const isoOrNull = (at: number | null) => (at === null ? null : iso(at));

/** GET /console/status for `userId` (issue 32 item 6): every answer read now, the caller's accounts only. */
export function createConsoleStatusService(deps: ConsoleStatusDeps) {
  return {
    async statusFor(userId: number): Promise<ConsoleStatus> {
      const now = deps.clock.now();
      const [instruments, holidays, accounts, live, killSwitch] = await Promise.all([
        deps.instruments(),
        deps.holidaysFrom(istDay(now - 86_400_000)),
        deps.accountsOf(userId),
        deps.liveStrategiesOf(userId),
        deps.killSwitch(),
      ]);
      const reference = referenceOf(instruments);
      const market = reference
        ? marketNow(
            {
              marketOpenTime: reference.market_open_time,
              marketCloseTime: reference.market_close_time,
              timezone: reference.timezone,
              tradingDays: reference.trading_days,
            },
            holidays,
            now,
          )
        : { isOpen: false, closesAt: null, nextOpenAt: null, closedReason: null };
      const lastTickAt = reference ? deps.lastTickAt(reference.instrument_token) : null;
      const haltReason = deps.haltReason();
      return {
        exchange: deps.exchange,
        market: {
          instrument: reference?.name ?? null,
          is_open: market.isOpen,
          closes_at: isoOrNull(market.closesAt),
          next_open_at: isoOrNull(market.nextOpenAt),
          closed_reason: market.closedReason,
        },
        feed: {
          state: feedStateOf({ lastTickAt, haltReason, isMarketOpen: market.isOpen, now }),
          last_tick_at: isoOrNull(lastTickAt),
          age_seconds: lastTickAt === null ? null : Math.max(0, Math.floor((now - lastTickAt) / 1000)),
          reason: haltReason,
        },
        // A Paper account has no token to expire and no broker to reach: nothing of it can need fixing here.
        accounts: accounts
          .filter((a) => !a.is_paper)
          .map((a) => ({
            user_broker_id: a.id,
            broker_name: a.broker_name,
            broker_username: a.broker_username,
            token_state: tokenStateOf(
              {
                hasToken: a.has_token,
                expiresAt: a.token_expires_at === null ? null : Date.parse(a.token_expires_at),
                refusedAt: a.token_refused_at === null ? null : Date.parse(a.token_refused_at),
              },
              now,
            ),
            token_expires_at: a.token_expires_at,
            live_strategies: live.get(a.id) ?? 0,
          })),
        kill_switch: { engaged: killSwitch.engaged, engaged_at: killSwitch.engaged_at },
        checked_at: iso(now),
      };
    },
  };
}

export type ConsoleStatusService = ReturnType<typeof createConsoleStatusService>;
