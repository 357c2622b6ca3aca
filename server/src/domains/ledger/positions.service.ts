import { istMidnight, type AdminPosition, type AdminPositionsReply, type PositionsReply } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { EventLoopTurns } from '../../platform/event-loop-turns.js';
import { createVersionedMemo } from '../../platform/versioned-memo.js';
import { iso } from '../../platform/time.js';
import type { AccountFill, LedgerRepository, MappingFacts, PositionsScope, SymbolFacts } from './ledger.repository.js';
import {
  addFigures,
  bookKey,
  closeKeysOf,
  markToMarket,
  quoteKeysOf,
  settle,
  settleAll,
  ZERO_FIGURES,
  type Settled,
  type SymbolInfo,
} from './positions.logic.js';
import { addGreeks, ZERO_GREEKS } from '../analytics/position-greeks.logic.js';
import {
  greeksOfMarked,
  netDeltaVegaOf,
  NO_GREEKS,
  openLegKeysOf,
  type OpenLegKey,
  type PositionsGreeks,
} from './positions-greeks.js';
import { toGreeksTotals, toPnl, toPosition } from './positions.presenter.js';

/** A strategy's booked fills and what its symbols are: everything but the prices. */
export interface Booked {
  mapping: MappingFacts;
  settled: Settled;
  info: Map<string, SymbolInfo>;
}

const NO_STRATEGIES = { strategies: 0, all: ZERO_FIGURES, today: ZERO_FIGURES, greeks: ZERO_GREEKS };

/** Last prices in paise by `EXCHANGE:SYMBOL` (the option chain's quotes); may throw when no feed answers. */
export type QuoteSource = (keys: string[]) => Promise<Map<string, number>>;

/**
 * Positions and P&L per strategy (issue 11), derived from the fills alone and marked at the last quotes.
 * When no quote can be had (no market token, feed down) a leg is marked at its last fill and says so.
 */
export function createPositionsService(deps: {
  repo: LedgerRepository;
  quotes: QuoteSource;
  /**
   * Previous-day closes in paise by `EXCHANGE:SYMBOL` (Kite's quote `ohlc.close`), for the day P&L of legs held
   * overnight; may throw when no feed answers. Without it, such a leg's day P&L is unknown (null).
   */
  previousCloses?: QuoteSource;
  /** The open legs' greeks at the same quotes (issue 34); without it no leg has greeks. */
  greeks?: Pick<PositionsGreeks, 'marketFor' | 'unitsFor'>;
  clock: Clock;
  logger: FastifyBaseLogger;
}) {
  const { repo } = deps;
  const greeks = deps.greeks ?? NO_GREEKS;
  /** After the feed fails, marks use last fills for a while: a screen must not wait on a dead feed each time. */
  const QUOTES_BACKOFF_MS = 5000;
  let quotesDownUntil = 0;

  /**
   * Settled books by user, kept while the user's fills stay the same (their fingerprint) and the IST day has not
   * turned. By user because a strategy's charges are its share of its account's contract notes, which its
   * user's other strategies on that account share: a fill on any of them re-books them all.
   */
  const settledCache = new Map<number, { version: string; dayStart: number; books: Map<string, Settled> }>();
  const CACHE_LIMIT = 50_000;
  let cachedBooks = 0;

  /**
   * A strategy books the fills of the mode it runs in: switched from paper to live (allowed only while flat),
   * its paper fills stay in the transactions but no longer count as what it made, so a paper profit never
   * hides a live loss (nor a paper loss trips a live strategy's Max Loss).
   */
  async function settledFor(
    mappings: readonly MappingFacts[],
    now: number,
    versions: ReadonlyMap<number, string>,
  ): Promise<Map<number, Settled>> {
    const versionOf = (userId: number) => versions.get(userId) ?? '0';
    const dayStart = istMidnight(now);
    const cached = (m: MappingFacts) => {
      const hit = settledCache.get(m.userId);
      if (!hit || hit.version !== versionOf(m.userId) || hit.dayStart !== dayStart) return undefined;
      return hit.books.get(bookKey(m.id, m.isDummy));
    };
    const out = new Map<number, Settled>();
    const stale = new Map<number, MappingFacts[]>();
    for (const m of mappings) {
      const hit = cached(m);
      if (hit) out.set(m.id, hit);
      else if (!stale.has(m.userId)) stale.set(m.userId, []);
    }
    if (stale.size === 0) return out;
    // A user's strategies are booked together: all of theirs that were asked for.
    for (const m of mappings) stale.get(m.userId)?.push(m);
    const fillsOf = new Map<number, AccountFill[]>();
    for (const f of await repo.accountFills([...stale.keys()])) {
      const list = fillsOf.get(f.userId);
      if (list) list.push(f);
      else fillsOf.set(f.userId, [f]);
    }
    if (cachedBooks > CACHE_LIMIT) {
      settledCache.clear();
      cachedBooks = 0;
    }
    for (const [userId, wanted] of stale) {
      const books = settleAll(fillsOf.get(userId) ?? [], wanted, now);
      cachedBooks += books.size - (settledCache.get(userId)?.books.size ?? 0);
      // The fingerprint read before the fills: a fill landing in between makes the next read re-book.
      settledCache.set(userId, { version: versionOf(userId), dayStart, books });
      for (const m of wanted) out.set(m.id, books.get(bookKey(m.id, m.isDummy)) ?? settle([], now));
    }
    return out;
  }

  /**
   * Everyone's leg symbols (the admin's view reads ~20,000 legs for them): a leg's symbol, strike and expiry never
   * change once recorded, so they are read again only when a leg was recorded or removed.
   */
  const everyoneSymbols = createVersionedMemo<SymbolFacts[]>(1);
  const EVERYONE = 0;
  const symbolsOf = async (scope: PositionsScope, ids: readonly number[]): Promise<SymbolFacts[]> =>
    'everyone' in scope
      ? everyoneSymbols.get(EVERYONE, await repo.legsVersion(), () => repo.symbols(ids))
      : repo.symbols(ids);

  /** The scope's strategies booked, and the fill fingerprint of each of their users they were booked at. */
  async function bookVersioned(scope: PositionsScope): Promise<{ booked: Booked[]; versions: Map<number, string> }> {
    const mappings = await repo.mappings(scope);
    const ids = mappings.map((m) => m.id);
    const now = deps.clock.now();
    const [versions, symbols] = await Promise.all([
      repo.fillVersions([...new Set(mappings.map((m) => m.userId))]),
      symbolsOf(scope, ids),
    ]);
    const settledOf = await settledFor(mappings, now, versions);
    const infoOf = new Map<number, Map<string, SymbolInfo>>();
    for (const s of symbols) {
      const info = infoOf.get(s.mappingId) ?? new Map<string, SymbolInfo>();
      info.set(s.tradingSymbol, s);
      infoOf.set(s.mappingId, info);
    }
    const booked = mappings.map((mapping) => ({
      mapping,
      settled: settledOf.get(mapping.id) ?? settle([], now),
      info: infoOf.get(mapping.id) ?? new Map<string, SymbolInfo>(),
    }));
    return { booked, versions };
  }

  const book = async (scope: PositionsScope): Promise<Booked[]> => (await bookVersioned(scope)).booked;

  /** The `EXCHANGE:SYMBOL` keys of the booked strategies' open symbols (what they are marked at). */
  function quoteKeysFor(booked: readonly Booked[]): string[] {
    const keys = new Set<string>();
    for (const b of booked) for (const k of quoteKeysOf(b.settled, b.info)) keys.add(k);
    return [...keys];
  }

  /** One quote request for every open symbol; none when the feed cannot answer. */
  const quotesFor = (booked: readonly Booked[]) => quotesOf(quoteKeysFor(booked));

  /** One quote request for these keys; none when the feed cannot answer. */
  async function quotesOf(keys: readonly string[]): Promise<Map<string, number>> {
    if (keys.length === 0 || deps.clock.now() < quotesDownUntil) return new Map();
    try {
      return await deps.quotes([...keys]);
    } catch (err) {
      quotesDownUntil = deps.clock.now() + QUOTES_BACKOFF_MS;
      deps.logger.warn({ err }, 'no quotes for open legs; marking at last fills for a while');
      return new Map();
    }
  }

  /** A day's previous closes stay what they are all day: asked once per symbol per IST day. */
  const closeCache = new Map<string, { dayStart: number; paise: number | null }>();
  let closesDownUntil = 0;

  /** The `EXCHANGE:SYMBOL` keys of the symbols the booked strategies held at the day's start. */
  function closeKeysFor(booked: readonly Booked[]): string[] {
    const keys = new Set<string>();
    for (const b of booked) for (const k of closeKeysOf(b.settled, b.info)) keys.add(k);
    return [...keys];
  }

  /** Previous closes of the symbols held at the day's start; those not to be had are left out. */
  const closesFor = (booked: readonly Booked[]) => closesOf(closeKeysFor(booked));

  /** Previous closes of these keys (asked once per symbol per IST day); those not to be had are left out. */
  async function closesOf(keys: readonly string[]): Promise<Map<string, number>> {
    const now = deps.clock.now();
    const dayStart = istMidnight(now);
    const out = new Map<string, number>();
    const missing = new Set<string>();
    for (const key of keys) {
      const hit = closeCache.get(key);
      if (hit?.dayStart !== dayStart) missing.add(key);
      else if (hit.paise !== null) out.set(key, hit.paise);
    }
    if (missing.size === 0 || !deps.previousCloses || now < closesDownUntil) return out;
    try {
      const got = await deps.previousCloses([...missing]);
      if (closeCache.size > 5000) closeCache.clear();
      for (const key of missing) {
        const paise = got.get(key) ?? null;
        closeCache.set(key, { dayStart, paise });
        if (paise !== null) out.set(key, paise);
      }
    } catch (err) {
      closesDownUntil = now + QUOTES_BACKOFF_MS;
      deps.logger.warn({ err }, "no previous closes for overnight legs; their day P&L the broker's way is unknown");
    }
    return out;
  }

  /** Marks booked strategies at the given quotes (fetched when not given). */
  async function price(booked: readonly Booked[], quotes?: Map<string, number>): Promise<AdminPosition[]> {
    const [q, closes, market] = await Promise.all([
      quotes ?? quotesFor(booked),
      closesFor(booked),
      greeks.marketFor(booked),
    ]);
    const units = greeks.unitsFor(booked, q, market);
    return booked.map((b) => {
      const marked = markToMarket(b.settled, b.info, q, closes);
      return toPosition(b.mapping, marked, greeksOfMarked(marked, units));
    });
  }

  async function reply(scope: PositionsScope, turns?: EventLoopTurns): Promise<AdminPositionsReply> {
    const booked = await book(scope);
    const [quotes, closes, market] = await Promise.all([
      quotesFor(booked),
      closesFor(booked),
      greeks.marketFor(booked),
    ]);
    const units = greeks.unitsFor(booked, quotes, market);
    // Live (real money) and paper apart, so a paper profit never hides a live loss on screen.
    const modes = { live: { ...NO_STRATEGIES }, paper: { ...NO_STRATEGIES } };
    const positions: AdminPosition[] = [];
    for (const b of booked) {
      const marked = markToMarket(b.settled, b.info, quotes, closes);
      const legGreeks = greeksOfMarked(marked, units);
      const mode = b.mapping.isDummy === 1 ? modes.paper : modes.live;
      mode.strategies += 1;
      mode.all = addFigures(mode.all, marked.all);
      mode.today = addFigures(mode.today, marked.today);
      mode.greeks = addGreeks(mode.greeks, legGreeks.totals);
      positions.push(toPosition(b.mapping, marked, legGreeks));
      await turns?.pause();
    }
    const modeFigures = (m: typeof NO_STRATEGIES) => ({
      strategies: m.strategies,
      totals: { ...toPnl(m.all), greeks: toGreeksTotals(m.greeks) },
      today: toPnl(m.today),
    });
    return {
      positions,
      totals: {
        ...toPnl(addFigures(modes.live.all, modes.paper.all)),
        greeks: toGreeksTotals(addGreeks(modes.live.greeks, modes.paper.greeks)),
      },
      today: toPnl(addFigures(modes.live.today, modes.paper.today)),
      by_mode: { live: modeFigures(modes.live), paper: modeFigures(modes.paper) },
      charges_final: positions.every((p) => p.charges_final),
      as_of: iso(deps.clock.now()),
    };
  }

  /**
   * Each user's open legs (by quote key, across all their strategies) and, per quote key, one booked strategy
   * holding it (what the greeks are solved from), kept while everyone's fingerprint (every fill, leg and strategy
   * added or edited) and the IST day stay the same. The portfolio check runs on every tick for every user with a
   * cap (10,000 strategies): re-reading their strategies, symbols and fill versions, and walking every book, each
   * tick cost ~1 s of SQLite. Users not yet kept at this fingerprint are booked together (one read each, not per
   * user); kept as promises, so a check arriving meanwhile waits for them and never reads nothing.
   */
  interface UserOpen {
    legs: OpenLegKey[];
    holders: Map<string, Booked>;
  }
  let openUsers: { version: string; byUser: Map<number, Promise<UserOpen>> } = { version: '', byUser: new Map() };

  async function openByUser(userIds: readonly number[]): Promise<Map<number, UserOpen>> {
    const version = `${await repo.everyoneVersion()}@${istMidnight(deps.clock.now())}`;
    if (openUsers.version !== version) openUsers = { version, byUser: new Map() };
    const kept = openUsers;
    const missing = userIds.filter((u) => !kept.byUser.has(u));
    const none: UserOpen = { legs: [], holders: new Map() };
    if (missing.length > 0) {
      const grouped = book({ userIds: missing }).then((all) => {
        const of = new Map<number, UserOpen>();
        for (const b of all) {
          const mine = of.get(b.mapping.userId) ?? { legs: [], holders: new Map<string, Booked>() };
          of.set(b.mapping.userId, mine);
          for (const leg of openLegKeysOf(b.settled, b.info)) {
            mine.legs.push(leg);
            if (!mine.holders.has(leg.key)) mine.holders.set(leg.key, b);
          }
        }
        return of;
      });
      grouped.catch(() => {
        if (openUsers === kept) openUsers = { version: '', byUser: new Map() };
      });
      for (const u of missing)
        kept.byUser.set(
          u,
          grouped.then((of) => of.get(u) ?? none),
        );
    }
    const open = await Promise.all(userIds.map((u) => kept.byUser.get(u) ?? Promise.resolve(none)));
    return new Map(userIds.map((u, i) => [u, open[i] ?? none]));
  }

  /**
   * Each user's net delta (ten-thousandths) and vega (paise) over the open legs of all their strategies, live and
   * paper, at one quote request for all of them: the same figures as `listFor(userId).totals.greeks`, for many
   * users in one pass (the portfolio limits' tick and pre-entry check, issue 34 item 4). Each option's greeks
   * are solved once, from one strategy holding it (the positions' own memo keeps them per quote and minute).
   */
  async function netGreeksByUser(
    userIds: readonly number[],
  ): Promise<Map<number, { deltaE4: number; vegaPaise: number }>> {
    const byUser = await openByUser(userIds);
    const holders = new Map<string, Booked>();
    for (const open of byUser.values()) for (const [key, b] of open.holders) if (!holders.has(key)) holders.set(key, b);
    const held = [...new Set(holders.values())];
    const [quotes, market] = await Promise.all([quotesOf([...holders.keys()]), greeks.marketFor(held)]);
    const units = greeks.unitsFor(held, quotes, market);
    const out = new Map<number, { deltaE4: number; vegaPaise: number }>();
    for (const [userId, open] of byUser) out.set(userId, netDeltaVegaOf(open.legs, quotes, units));
    return out;
  }

  return {
    listFor: (userId: number): Promise<PositionsReply> => reply({ userId }),
    netGreeksByUser,
    /** Everyone's; with `turns`, marked in turns of the event loop (10,000 strategies take ~100 ms to mark). */
    listAll: (turns?: EventLoopTurns): Promise<AdminPositionsReply> => reply({ everyone: true }, turns),
    book,
    price,
    quotesFor,
    closesFor,
    quoteKeysFor,
    closeKeysFor,
    quotesOf,
    closesOf,
  };
}

export type PositionsService = ReturnType<typeof createPositionsService>;
