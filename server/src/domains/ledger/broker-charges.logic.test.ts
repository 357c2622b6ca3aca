import { toPaise } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { brokerageFor } from '../brokers/broker-registry.js';
import { chargesForFill, scheduleAt } from './charges.logic.js';
import type { BrokerageSchedule } from './charges.types.js';
import { contractNote, dayNotes, type ClientFill, type NoteFill } from './contract-note.logic.js';

const ist = (local: string) => Date.parse(`${local}+05:30`);
const paise = (rupees: string) => toPaise(Number(rupees));

/**
 * A made-up broker for these tests only: ₹15 an order until 2026-04-30, ₹10 from 2026-05-01. Registered
 * nowhere; the tests hand it to the ledger where the registry's lookup would be.
 */
const CHEAPER: readonly BrokerageSchedule[] = [
  { from: '2024-10-01', perOrderPaise: 1500 },
  { from: '2026-05-01', perOrderPaise: 1000 },
];

/** 2026-05-05 (STT 0.15% since 2026-04-01). */
const at = (time: string) => ist(`2026-05-05T${time}`);

/** A short strangle opened and the call bought back: three orders of two NIFTY lots, 130 units each. */
const DAY_FILLS: NoteFill[] = [
  { owner: 'rdx', tradingSymbol: 'NIFTY2651224400CE', quantity: 130, pricePaise: paise('84.10'), at: at('09:16:00') },
  { owner: 'rdx', tradingSymbol: 'NIFTY2651223800PE', quantity: 130, pricePaise: paise('71.35'), at: at('09:16:02') },
  { owner: 'rdx', tradingSymbol: 'NIFTY2651224400CE', quantity: -130, pricePaise: paise('42.60'), at: at('14:05:00') },
].map((f, i) => ({ ...f, orderId: i + 1 }));

describe('charges chosen per broker', () => {
  it("a Kite account, a fill with no account and an unknown kind all pay Zerodha's ₹20 an order", () => {
    expect(brokerageFor('kite')).toEqual([{ from: '2024-10-01', perOrderPaise: 2000 }]);
    // No account (a paper strategy never given one) or a kind no adapter serves: the first registered broker.
    expect(brokerageFor(null)).toBe(brokerageFor('kite'));
    expect(brokerageFor('no-such-broker')).toBe(brokerageFor('kite'));
    expect(scheduleAt(at('10:00:00'), brokerageFor('kite'))).toEqual(scheduleAt(at('10:00:00')));
    expect(chargesForFill({ quantity: 65, pricePaise: paise('100'), at: at('10:00:00'), brokerKind: 'kite' })).toEqual(
      chargesForFill({ quantity: 65, pricePaise: paise('100'), at: at('10:00:00') }),
    );
  });

  it("another broker's schedule changes the brokerage (and the GST on it), never the statutory parts", () => {
    const zerodha = contractNote(DAY_FILLS, scheduleAt(at('09:15:00'))).charges;
    const cheaper = contractNote(DAY_FILLS, scheduleAt(at('09:15:00'), CHEAPER)).charges;
    // Three executed orders: ₹60.00 at Zerodha, ₹30.00 at ₹10 an order.
    expect(zerodha.brokeragePaise).toBe(6000);
    expect(cheaper.brokeragePaise).toBe(3000);
    // STT, exchange charges, SEBI fee and stamp duty are the exchange's and the law's: the same at both.
    for (const part of ['sttPaise', 'exchangePaise', 'sebiPaise', 'stampPaise'] as const) {
      expect(cheaper[part]).toBe(zerodha[part]);
    }
    // GST is 18% of brokerage + exchange charges + SEBI fee: ₹30.00 less brokerage is ₹5.40 less GST.
    expect(zerodha.gstPaise - cheaper.gstPaise).toBe(540);
    expect(zerodha.totalPaise - cheaper.totalPaise).toBe(3000 + 540);
  });

  it("a broker's brokerage is dated like the statutory rates: each day at its own price", () => {
    expect(scheduleAt(ist('2026-04-30T15:00:00'), CHEAPER).brokeragePerOrderPaise).toBe(1500);
    expect(scheduleAt(ist('2026-05-01T00:00:00'), CHEAPER)).toMatchObject({
      from: '2026-05-01',
      brokeragePerOrderPaise: 1000,
    });
    // The statutory part of the day is still the schedule from 2026-04-01 (STT 0.15%).
    expect(scheduleAt(ist('2026-05-01T00:00:00'), CHEAPER).stt).toEqual(scheduleAt(ist('2026-05-01T00:00:00')).stt);
    // A day before a broker's first schedule is charged at its first, as with the statutory schedules.
    expect(scheduleAt(ist('2023-01-02T10:00:00'), CHEAPER).brokeragePerOrderPaise).toBe(1500);
  });

  it("each account's note takes its own broker's brokerage, by the fills' broker kind", () => {
    const rows: ClientFill[] = [
      ...DAY_FILLS.map((f) => ({ ...f, client: 'live:5', brokerKind: 'kite' })),
      ...DAY_FILLS.map((f) => ({ ...f, owner: 'other', client: 'live:9', brokerKind: 'cheaper' })),
      // A paper strategy with no broker account: charged as the first registered broker (Kite) would.
      ...DAY_FILLS.map((f) => ({ ...f, owner: 'paper', client: 'paper:user-1', brokerKind: null })),
    ];
    const lookup = (kind: string | null | undefined) => (kind === 'cheaper' ? CHEAPER : brokerageFor(kind));
    const brokerage = new Map(dayNotes(rows, lookup).map((n) => [n.client, n.charges.brokeragePaise]));
    expect(brokerage).toEqual(
      new Map([
        ['live:5', 6000],
        ['live:9', 3000],
        ['paper:user-1', 6000],
      ]),
    );
  });
});
