import { planTrace } from './plan-trace.js';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import {
  BrokerError,
  BrokerRejected,
  BrokerTokenExpired,
  BrokerUnknownOutcome,
  type Broker,
  type BrokerAccount,
  type BrokerOrderParams,
  type BrokerPosition,
  type OrderWatch,
} from '../brokers/broker-port.js';
import type { AccountAccess } from '../brokers/brokers.service.js';
import { closingSideOf, type LegOrder, type OpenLeg } from '../strategies/decision.logic.js';
import { typeOfState } from './engine.inputs.js';
import type { EngineRepository, MappingState } from './engine.repository.js';
import { NEVER_SENT } from './orders.repository.js';
import { createFillBooking } from './fill-booking.js';
import { executePaper as executePaperFills } from './paper-execution.js';
import { closesOf, opensOf, type Plan } from './plan.js';
import { StalePositionError } from './stale-position.js';
import type { OptionChainService } from '../market-data/option-chain.service.js';
import type { OrderPriority, OrderThrottle } from './order-throttle.js';
import { BrokerRefusal, tradeFailure } from './broker-refusal.js';
import { refuseOpensTheMarginCannotCover } from './margin-guard.js';
import { legsTheBrokerDoesNotHold, unheldReason } from './close-guard.js';
import { goneFromOrderBook, isPastItsOrderBook } from './order-book-day.js';
import { createFreezeMemory, pendingRows, placedRows, reasonOf, sendOrder, type Sent } from './order-slices.js';

export type { Plan, TradeDecision } from './plan.js';
export { fillTime } from './fill-booking.js';

export interface ExecutorDeps {
  repo: EngineRepository;
  chain: OptionChainService;
  /**
   * An account's broker and its calls through the broker port (the brokers domain's `accessOf`): the
   * executor knows no broker by name. A refused token is kept on the account by the brokers domain.
   */
  accessOf: (userBrokerId: number | null) => Promise<AccountAccess>;
  logger: FastifyBaseLogger;
  /** `fills.booked` once the fills are committed (a whole candle close's paper fills in one event). */
  events: Pick<DomainEventBus, 'publish'>;
  /** The broker's per-account order rate: orders wait their turn instead of being refused. */
  throttle?: Pick<OrderThrottle, 'send'>;
  /**
   * Whether to follow an account's pushed order updates (the port's `watchOrders`) while its orders are
   * awaited: a fill ends the wait at once; polling is the fallback. On unless false.
   */
  watchesOrders?: boolean;
  /** Mappings per paper-fill transaction (paper-slices.ts); tests make it small to see slices. */
  paperSliceSize?: number;
  /** This console's instance name, written on its orders (migration 202611260009). */
  instance?: string;
  /** This console's clock: how long ago another console wrote an order is judged on real time (default: the system's). */
  clock?: Clock;
}

const TERMINAL = new Set(['COMPLETE', 'REJECTED', 'CANCELLED']);

/** The broker's answer for an order id it does not know (an earlier day's, no longer in its book). */
const isUnknownOrder = (err: unknown) => err instanceof BrokerRejected && err.reason === 'unknown_order';

/**
 * While the broker pushes an account's order updates, an order's history is still looked at this often: a broker
 * does not resend an update a dropped connection missed.
 */
const LOOK_WHILE_STREAMING_MS = 5000;

/** How long another console's order not found at the broker may still be on its way there. */
export const UNSENT_GRACE_MS = 60_000;

export function createExecutor(deps: ExecutorDeps) {
  const clock = deps.clock ?? systemClock;
  // Rows this process is sending now (written, no broker id learned yet). Its strategy's lock may be lost under
  // it (a cut connection) and the strategy settled again meanwhile, here or on another console: such a row is
  // on its way, not "never sent".
  const sending = new Set<number>();
  // Freeze quantities the broker named in refusals: the next order above one is sliced at once (order-slices.ts).
  const freeze = createFreezeMemory();
  // An order request in the account's turn at the governor, counted until its reply (order-throttle.ts).
  const inTurn = <T>(account: number, priority: OrderPriority, request: () => Promise<T>) =>
    deps.throttle ? deps.throttle.send(account, priority, request) : request();
  const lastState = async (rest: BrokerAccount, brokerOrderId: string) =>
    (await rest.orderHistory(brokerOrderId)).at(-1);
  // A filled order is booked as the broker's trades (fill-booking.ts).
  const booking = createFillBooking(deps);

  /** One look at an order's history. While its updates stream, a failed look is not the end: the push can tell. */
  async function lookAt(rest: BrokerAccount, brokerOrderId: string, watch: OrderWatch | undefined) {
    try {
      return await lastState(rest, brokerOrderId);
    } catch (err) {
      if (!watch?.isLive()) throw err;
      deps.logger.warn({ err, brokerOrderId }, 'could not look at an order; waiting for its pushed update');
      return undefined;
    }
  }

  /**
   * The broker's final word on an order: its state once terminal; an order still resting after `attempts`
   * looks' worth of waiting (100 ms, 200 ms, … apart: ~20 s for 20) has what is left cancelled (the filled
   * part stays booked), and null means it is still open. While `watch` is live, the final update the broker pushes
   * ends the wait at once and the history is looked at only now and then; while it is not, we poll as before.
   */
  async function finalState(
    account: number,
    rest: BrokerAccount,
    brokerOrderId: string,
    attempts: number,
    watch?: OrderWatch,
  ) {
    const deadline = performance.now() + 50 * attempts * (attempts - 1);
    for (let look = 1; ; look++) {
      const since = watch?.mark() ?? 0;
      const last = watch?.final(brokerOrderId) ?? (await lookAt(rest, brokerOrderId, watch));
      if (last && TERMINAL.has(last.status)) return last;
      const left = deadline - performance.now();
      if (left <= 0) break;
      const pause = Math.min(left, watch?.isLive() ? LOOK_WHILE_STREAMING_MS : 100 * look);
      await (watch ? watch.wait(brokerOrderId, since, pause) : new Promise((r) => setTimeout(r, pause)));
    }
    try {
      // A cancel counts against the account's order rate like a placement, and lowers risk as a close does.
      await inTurn(account, 'close', () => rest.cancelOrder(brokerOrderId));
    } catch (err) {
      deps.logger.warn({ err, brokerOrderId }, 'could not cancel the rest of an open order');
    }
    const last = await lastState(rest, brokerOrderId);
    return last && TERMINAL.has(last.status) ? last : null;
  }

  /**
   * Before any new decision for a live mapping: every order of its not yet settled (unsent, a lost reply,
   * resting at the broker) is resolved by asking the broker: the order book by tag when we never learned
   * the order id (every slice carrying it, when the broker sliced the order), its history otherwise. Returns what is still open at the broker; while anything is, the
   * mapping must not trade again.
   */
  async function settleOpenOrders(m: MappingState, at: number): Promise<string[]> {
    const open = await deps.repo.pendingOf(m.id);
    if (open.length === 0) return [];
    const { account: rest } = await accountFor(m);
    const book = open.some((o) => o.brokerOrderId === null) ? await rest.orders() : [];
    const stillOpen: string[] = [];
    for (const o of open) {
      const rows = await pendingRows(deps.repo, o, book, at);
      // Sent on an earlier day: today's book cannot say what became of it (order-book-day.ts).
      const isPastBook = isPastItsOrderBook(o.createdAt, at);
      if (rows.length === 0 && isPastBook) {
        stillOpen.push(goneFromOrderBook(o, rest.label));
        continue;
      }
      if (rows.length === 0) {
        // Being sent by this process, or another console's written moments ago and not at the broker yet
        // (that console may be sending it now, its lock lost under it): waited for. Failed only once it
        // cannot be on its way; this console's own otherwise (a restart after a crash, a send that failed) at
        // once. "Moments ago" on this console's clock against the writer's: `at` may be a candle's time on
        // the exchange's clock, and `createdAt` too (older rows have only that).
        const isAnothers = o.writtenBy !== null && o.writtenBy !== (deps.instance ?? null);
        const age = o.writtenAt === null ? at - o.createdAt : clock.now() - o.writtenAt;
        if (sending.has(o.id) || (isAnothers && age < UNSENT_GRACE_MS))
          stillOpen.push(`${o.side} ${o.quantity} ${o.tradingSymbol} (being placed)`);
        else await deps.repo.markFailed(o.id, NEVER_SENT, at);
      }
      for (const { id, brokerOrderId, quantity } of rows) {
        const verdict = await finalState(m.userBrokerId ?? 0, rest, brokerOrderId, 1).catch((err: unknown) => {
          if (isPastBook && isUnknownOrder(err)) return 'gone' as const;
          throw err;
        });
        if (verdict === 'gone') {
          stillOpen.push(goneFromOrderBook({ ...o, quantity }, rest.label));
          continue;
        }
        // Found filled later (a lost reply, a restart): booked at the exchange's time, not at this look's.
        const settled = verdict && (await booking.settle(m, rest, { id, createdAt: o.createdAt }, verdict, at, true));
        if (!settled) stillOpen.push(`${o.side} ${quantity} ${o.tradingSymbol} (order ${brokerOrderId})`);
        else if (!settled.isSettled) stillOpen.push(`${o.side} ${quantity} ${o.tradingSymbol}: ${settled.reason}`);
      }
    }
    return stillOpen;
  }

  /**
   * One market order: written as pending with its tag first, so a crash can be resolved by asking the broker.
   * A leg closes with the side opposite its quantity's sign (a sold leg bought back, a bought leg sold), for
   * its units; a new leg opens with its order's side. Returns null once it filled in full, else why not (the
   * broker's words when it gave any).
   */
  async function placeOne(
    { broker, account: rest }: { broker: Broker; account: BrokerAccount },
    m: MappingState,
    intent: { leg: OpenLeg; open?: never } | { open: LegOrder; leg?: never },
    at: number,
    fence: { positionVersion: number },
    trace: string,
    watch?: OrderWatch,
  ) {
    const what = intent.leg ?? intent.open.option;
    const symbol = what.tradingSymbol;
    const side = intent.leg ? closingSideOf(intent.leg.quantity) : intent.open.side;
    const quantity = intent.leg ? Math.abs(intent.leg.quantity) : intent.open.quantity;
    // The broker's tag rules (length, characters); ours are random, the broker's labels only.
    const tag = broker.rules.newOrderTag();
    const orderId = await deps.repo.insertPending(
      {
        mappingId: m.id,
        userId: m.userId,
        userBrokerId: m.userBrokerId,
        legId: intent.leg?.id ?? null,
        tag,
        tradingSymbol: symbol,
        exchange: what.exchange,
        side,
        quantity,
        intent: intent.leg ? 'close' : 'open',
        optionType: what.optionType,
        strikePaise: what.strikePaise,
        expiry: what.expiry,
        writtenBy: deps.instance ?? null,
        writtenAt: clock.now(),
        trace,
        createdAt: at,
        updatedAt: at,
      },
      fence.positionVersion,
    );
    fence.positionVersion += 1;
    sending.add(orderId);
    try {
      const order = { exchange: what.exchange, tradingSymbol: symbol, side, quantity, tag };
      return await sendAndSettle(rest, m, { id: orderId, order, priority: intent.leg ? 'close' : 'open' }, at, watch);
    } finally {
      sending.delete(orderId);
    }
  }

  /** Sends a written order and settles what became of it (placeOne); null once it filled in full, else why not. */
  async function sendAndSettle(
    rest: BrokerAccount,
    m: MappingState,
    row: { id: number; order: Omit<BrokerOrderParams, 'marketProtection'>; priority: OrderPriority },
    at: number,
    watch?: OrderWatch,
  ) {
    const { id: orderId, order } = row;
    const { tag, quantity } = order;
    let sent: Sent;
    try {
      // Above the exchange's freeze quantity the broker slices it, each slice an order of its own; its product
      // and market-protection rules are the adapter's (the instrument's protection setting goes with it).
      sent = await sendOrder(
        rest,
        { ...order, marketProtection: m.marketProtection },
        {
          memory: freeze,
          instrumentId: m.instrumentId,
          // A close (an exit, a square-off, the kill switch's) goes before the account's waiting entries.
          inTurn: (request) => inTurn(m.userBrokerId ?? 0, row.priority, request),
        },
      );
    } catch (err) {
      // A refusal is final, and so is the broker's "too many" (the order was not taken: three consoles trading
      // one account together can exceed its rate); a lost reply stays pending and is settled by its tag on recovery.
      if (err instanceof BrokerError && !(err instanceof BrokerUnknownOutcome)) {
        await deps.repo.markFailed(orderId, err.message, at);
      }
      throw err;
    }
    const refused = sent.isSliced ? sent.refusals.map((r) => `a slice was refused: ${r}`) : [];
    const rows = await placedRows(deps.repo, rest, { id: orderId, tag, quantity }, sent, at);
    if (rows.length === 0) {
      const why = reasonOf(refused) ?? 'no slice was placed';
      await deps.repo.markFailed(orderId, why, at);
      return why;
    }
    // Up to ~20 s of looks at every slice at once, then what is left is cancelled; an order the broker still
    // shows open stays pending and is settled before the mapping's next decision.
    const verdicts = await Promise.all(
      rows.map((r) => finalState(m.userBrokerId ?? 0, rest, r.brokerOrderId, 20, watch)),
    );
    const reasons: Array<string | null> = [];
    for (const [i, { id, brokerOrderId }] of rows.entries()) {
      const verdict = verdicts[i];
      const settled = verdict && (await booking.settle(m, rest, { id, createdAt: at }, verdict, at, false));
      reasons.push(settled ? settled.reason : `order ${brokerOrderId} is still open at the broker`);
    }
    return reasonOf([...reasons, ...refused]);
  }

  /** The mapping's account through the port; one without an access token is refused as the broker would. */
  async function accountFor(m: MappingState): Promise<{ broker: Broker; account: BrokerAccount }> {
    const { broker, account } = await deps.accessOf(m.userBrokerId);
    if (!account || m.userBrokerId === null) {
      throw new BrokerTokenExpired('The broker account has no access token: generate one on the Profile page', {
        broker: broker.label,
      });
    }
    return { broker, account };
  }

  /** The account's pushed order updates while its orders are awaited. */
  function watchOrders(rest: BrokerAccount): OrderWatch | undefined {
    return deps.watchesOrders === false ? undefined : rest.watchOrders();
  }

  /**
   * Before any order of a plan that closes legs: the broker must still hold them (short for a sold leg, long for
   * a bought one). One it does not (closed at the broker by hand) stops the whole plan with the reason, nothing
   * sent: closing it would open the opposite position, and a realign's new legs would trade beside a position
   * nobody holds. When the broker cannot be
   * asked, the orders go as before; they meet the same broker.
   */
  async function refuseClosesTheBrokerCannotBack(rest: BrokerAccount, plan: Plan): Promise<void> {
    const closes = closesOf(plan.decision);
    if (closes.length === 0) return;
    let holdings: BrokerPosition[];
    try {
      holdings = await rest.positions();
    } catch (err) {
      deps.logger.warn({ err, mappingId: plan.mapping.id }, 'could not read broker positions before a close');
      return;
    }
    const [first] = legsTheBrokerDoesNotHold(closes, holdings);
    if (first)
      throw new BrokerRefusal(`Could not close ${first.leg.tradingSymbol}: ${unheldReason(first, rest.label)}`);
  }

  /** Live trading: market orders through the user's broker account, closes first, then opens (each its own side). */
  async function executeLive(plan: Plan, at: number): Promise<void> {
    // Traded by another console since this decision's read: said as such before the broker is asked, which
    // would otherwise find the legs already bought back and suggest a close by hand.
    const version = await deps.repo.positionVersionOf(plan.mapping.id);
    if (version !== plan.mapping.positionVersion) throw new StalePositionError([plan.mapping.id]);
    const access = await accountFor(plan.mapping);
    const rest = access.account;
    await refuseClosesTheBrokerCannotBack(rest, plan);
    await refuseOpensTheMarginCannotCover(rest, plan, deps.logger);
    const watch = watchOrders(rest);
    // Each order moves the strategy's position version on from the last (stale-position.ts).
    const fence = { positionVersion: plan.mapping.positionVersion };
    const trace = planTrace(plan, at);
    try {
      for (const leg of closesOf(plan.decision)) {
        const why = await placeOne(access, plan.mapping, { leg }, at, fence, trace, watch);
        if (why !== null) throw tradeFailure(`Could not close ${leg.tradingSymbol}`, why);
      }
      // The new ATM is saved before the first open is sent (issue 27): a console that dies between the opens
      // holds legs around the ATM they were sold at, not around the last one (or none: "ATM 0").
      if (plan.decision.action !== 'squareOff') {
        await deps.repo.setAtm(typeOfState(plan.mapping).storage, plan.mapping.id, plan.decision.atmPaise, at);
      }
      for (const open of opensOf(plan.decision)) {
        const why = await placeOne(access, plan.mapping, { open }, at, fence, trace, watch);
        if (why !== null) throw tradeFailure(`Could not open ${open.option.tradingSymbol}`, why);
      }
    } finally {
      watch?.release();
    }
  }

  /**
   * After a restart: every mapping with orders still pending has them settled by asking the broker, under
   * its lock (`locked`), as before any decision.
   */
  async function recoverPending(
    mappingOf: (id: number) => Promise<MappingState | null>,
    locked: (mappingId: number, settle: () => Promise<void>) => Promise<void>,
    at: number,
  ) {
    const mappingIds = [...new Set((await deps.repo.pending()).map((o) => o.mappingId))];
    for (const mappingId of mappingIds) {
      await locked(mappingId, async () => {
        const m = await mappingOf(mappingId);
        if (!m) {
          for (const o of await deps.repo.pendingOf(mappingId)) await deps.repo.markFailed(o.id, 'mapping gone', at);
          return;
        }
        try {
          const open = await settleOpenOrders(m, at);
          if (open.length > 0) deps.logger.warn({ mappingId, open }, 'orders still open at the broker after a restart');
        } catch (err) {
          deps.logger.error({ err, mappingId }, 'could not settle pending orders');
        }
      });
    }
  }

  /** Paper trading: see paper-execution.ts. */
  const executePaper = (plans: Plan[], at: number) => executePaperFills(deps, plans, at);

  /** A live mapping's account's net positions, as the broker reports them now (matching it by hand, issue 27). */
  const brokerPositions = async (m: MappingState) => (await accountFor(m)).account.positions();

  return { executePaper, executeLive, recoverPending, settleOpenOrders, brokerPositions };
}

export type Executor = ReturnType<typeof createExecutor>;
