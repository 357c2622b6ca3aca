/**
 * What an executed index option order costs at Zerodha, pure, in paise (fractions kept; Kite's replies
 * carry them unrounded): brokerage ₹20 an executed order; STT 0.15% of the premium on the sell side;
 * NSE transaction charges 0.03553% of the premium; SEBI's ₹10 a crore; stamp duty 0.003% on the buy side;
 * GST 18% on brokerage, transaction and SEBI charges. Figures from a broker's published 2026 schedule for
 * F&O options (proficientequities.com, "Charges"), after the Union Budget 2026 raised STT on options from
 * 0.1%; Zerodha's own charges page (zerodha.com/charges) was not read: check it. The reply's shape is
 * kiteconnect-mocks `order_margins.json`'s `charges`.
 */

/** Charges of one order, paise. */
export interface OrderCharges {
  transactionTax: number;
  exchangeTurnoverCharge: number;
  sebiTurnoverCharge: number;
  brokerage: number;
  stampDuty: number;
  gst: number;
  total: number;
}

const BROKERAGE_PAISE = 2_000;
const STT_SELL = 0.0015;
const NSE_TRANSACTION = 0.0003553;
const SEBI = 10 / 10_000_000;
const STAMP_BUY = 0.00003;
const GST = 0.18;

/** The charges of an option order of `quantity` units at `pricePaise` a unit. */
export function optionOrderCharges(side: 'BUY' | 'SELL', quantity: number, pricePaise: number): OrderCharges {
  const premium = quantity * pricePaise;
  const transactionTax = side === 'SELL' ? premium * STT_SELL : 0;
  const exchangeTurnoverCharge = premium * NSE_TRANSACTION;
  const sebiTurnoverCharge = premium * SEBI;
  const brokerage = BROKERAGE_PAISE;
  const stampDuty = side === 'BUY' ? premium * STAMP_BUY : 0;
  const gst = GST * (brokerage + exchangeTurnoverCharge + sebiTurnoverCharge);
  const total = transactionTax + exchangeTurnoverCharge + sebiTurnoverCharge + brokerage + stampDuty + gst;
  return { transactionTax, exchangeTurnoverCharge, sebiTurnoverCharge, brokerage, stampDuty, gst, total };
}

/** The sum of several orders' charges. */
export function sumCharges(list: readonly OrderCharges[]): OrderCharges {
  const zero: OrderCharges = {
    transactionTax: 0,
    exchangeTurnoverCharge: 0,
    sebiTurnoverCharge: 0,
    brokerage: 0,
    stampDuty: 0,
    gst: 0,
    total: 0,
  };
  return list.reduce(
    (a, c) => ({
      transactionTax: a.transactionTax + c.transactionTax,
      exchangeTurnoverCharge: a.exchangeTurnoverCharge + c.exchangeTurnoverCharge,
      sebiTurnoverCharge: a.sebiTurnoverCharge + c.sebiTurnoverCharge,
      brokerage: a.brokerage + c.brokerage,
      stampDuty: a.stampDuty + c.stampDuty,
      gst: a.gst + c.gst,
      total: a.total + c.total,
    }),
    zero,
  );
}
