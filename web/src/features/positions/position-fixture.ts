import { toPaise, toRupees } from '@app/contract';
import type { AdminPosition, GreeksTotals, PnlFigures, PositionLeg, PositionsReply } from '@app/contract';
import { shiftGreeks, ZERO_GREEKS } from './greeks-display';

/** A leg for component tests: 50 sold of a SANDBOX call, marked live. */
export function legFixture(overrides: Partial<PositionLeg> = {}): PositionLeg {
  return {
    trading_symbol: 'SANDBOX25D1210050CE',
    option_type: 'CE',
    strike: 10050,
    expiry: '2025-12-12',
    quantity: 50,
    entry_price: 120.5,
    ltp: 110.25,
    ltp_is_stale: false,
    unrealized_pnl: 512.5,
    broker_way: {
      average_price: 120.5,
      unrealized_pnl: 512.5,
      overnight_quantity: 0,
      previous_close: null,
      day_pnl: 512.5,
    },
    greeks: { iv: 14.25, delta: -20.5, gamma: -0.0123, theta: 150.25, vega: -300.5 },
    ...overrides,
  };
}

export function figures(realized: number, unrealized: number, charges: number): PnlFigures {
  const net = toRupees(toPaise(realized) + toPaise(unrealized) - toPaise(charges));
  return { realized_pnl: realized, unrealized_pnl: unrealized, charges, net_pnl: net };
}

/** A complete position for component tests: mapping 11 of user 3 (the mapping fixture's), two legs. */
export function positionFixture(overrides: Partial<AdminPosition> = {}): AdminPosition {
  return {
    user_strategy_mapping_id: 11,
    user_id: 3,
    user_username: 'trader1',
    strategy_name: 'RDX',
    instrument_name: 'SANDBOX 24x7',
    is_dummy: 1,
    running_status: 1,
    legs: [
      legFixture(),
      legFixture({
        trading_symbol: 'SANDBOX25D129950PE',
        option_type: 'PE',
        strike: 9950,
        entry_price: 80,
        ltp: 95,
        ltp_is_stale: true,
        unrealized_pnl: -750,
        greeks: null,
      }),
    ],
    ...figures(100, -237.5, 81.4),
    today: figures(100, -237.5, 81.4),
    charges_final: false,
    broker_way: { realized_pnl: 100, unrealized_pnl: -237.5, day_pnl: -137.5 },
    // The first leg's; the second, marked at its last fill, has none.
    greeks: { delta: -20.5, gamma: -0.0123, theta: 150.25, vega: -300.5, legs_left_out: 1 },
    ...overrides,
  };
}

/** Figures summed over `positions`, in paise. */
function sumOf(positions: AdminPosition[], pick: (p: AdminPosition) => PnlFigures): PnlFigures {
  const paise = (k: keyof PnlFigures) => toRupees(positions.reduce((s, p) => s + toPaise(pick(p)[k]), 0));
  return {
    realized_pnl: paise('realized_pnl'),
    unrealized_pnl: paise('unrealized_pnl'),
    charges: paise('charges'),
    net_pnl: paise('net_pnl'),
  };
}

/** Greeks summed over `positions`. */
const greeksOf = (positions: AdminPosition[]): GreeksTotals =>
  positions.reduce((sum, p) => shiftGreeks(sum, p.greeks, undefined), ZERO_GREEKS);

/** A reply holding `positions`, its totals and today's strip the sums of theirs. */
export function replyFixture(positions: AdminPosition[]): PositionsReply & { positions: AdminPosition[] } {
  const mode = (isDummy: number) => {
    const own = positions.filter((p) => p.is_dummy === isDummy);
    const of = (pick: (p: AdminPosition) => PnlFigures) => sumOf(own, pick);
    return { strategies: own.length, totals: { ...of((p) => p), greeks: greeksOf(own) }, today: of((p) => p.today) };
  };
  return {
    positions,
    totals: { ...sumOf(positions, (p) => p), greeks: greeksOf(positions) },
    today: sumOf(positions, (p) => p.today),
    by_mode: { live: mode(0), paper: mode(1) },
    charges_final: positions.every((p) => p.charges_final),
    as_of: '2025-12-10T05:00:00.000Z',
  };
}
