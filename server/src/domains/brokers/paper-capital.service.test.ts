import { describe, expect, it, vi } from 'vitest';
import type { PaperPosition } from './broker-funds.service.js';
import { PAPER_KIND } from './broker-registry.js';
import { createPaperCapitalCheck, type PaperCapitalEntry } from './paper-capital.service.js';

/*
 * A close's paper entries against their Paper accounts' capital, on fakes: a calculator that charges ₹1,000 a
 * sold lot (units / 50) and nothing for a bought one, so the figures can be followed by hand.
 */

const LOT = 50;
const sold = (symbol: string, lots = 1): PaperCapitalEntry['basket'][number] => ({
  exchange: 'NFO',
  tradingSymbol: symbol,
  side: 'SELL',
  quantity: lots * LOT,
});
const entry = (mappingId: number, userBrokerId: number, ...basket: PaperCapitalEntry['basket']): PaperCapitalEntry => ({
  mappingId,
  userBrokerId,
  basket,
});

function build(opts: {
  accounts: Array<{ id: number; userId: number; kind: string; capitalPaise: number }>;
  held?: Map<number, PaperPosition[]>;
  bookedPaise?: number;
  calculatorFails?: boolean;
}) {
  const asked: PaperPosition[][] = [];
  const warn = vi.fn();
  const check = createPaperCapitalCheck({
    repo: {
      findByIds: (ids) =>
        Promise.resolve(
          opts.accounts
            .filter((a) => ids.includes(a.id))
            .map((a) => ({ id: a.id, userId: a.userId, brokerKind: a.kind, virtualCapitalPaise: a.capitalPaise })),
        ) as never,
      openPaperLegsOf: () => Promise.resolve(opts.held ?? new Map()),
    },
    paperBooks: (userId) =>
      Promise.resolve(
        new Map(
          opts.accounts.filter((a) => a.userId === userId).map((a) => [a.id, { bookedPaise: opts.bookedPaise ?? 0 }]),
        ),
      ),
    basketMarginPaise: (positions) => {
      asked.push([...positions]);
      if (opts.calculatorFails) return Promise.reject(new Error('calculator down'));
      const lots = positions.reduce((n, p) => n + Math.max(0, p.quantity) / LOT, 0);
      return Promise.resolve({ initialPaise: lots * 1000_00, finalPaise: lots * 1000_00 });
    },
    logger: { warn },
  });
  return { check, asked, warn };
}

describe('paper entries against their Paper account’s capital', () => {
  it('lets every entry go with one question when the capital covers them together', async () => {
    const { check, asked } = build({ accounts: [{ id: 7, userId: 1, kind: PAPER_KIND, capitalPaise: 4000_00 }] });
    const shorts = await check([entry(1, 7, sold('A'), sold('B')), entry(2, 7, sold('C'), sold('D'))]);
    expect(shorts.size).toBe(0);
    expect(asked).toHaveLength(1);
  });

  it('admits entries in turn while they fit beside the legs held, and says what a refused one needs and what is left', async () => {
    const { check } = build({
      accounts: [{ id: 7, userId: 1, kind: PAPER_KIND, capitalPaise: 5500_00 }],
      held: new Map([[7, [{ exchange: 'NFO', tradingSymbol: 'H', quantity: 2 * LOT }]]]),
      bookedPaise: -500_00,
    });
    // Capital ₹5,500 less ₹500 booked = ₹5,000; the held legs hold ₹2,000, so ₹3,000 is left.
    const shorts = await check([
      entry(1, 7, sold('A'), sold('B')), // ₹2,000: fits, ₹1,000 left
      entry(2, 7, sold('C'), sold('D')), // ₹2,000: short, and takes nothing
      entry(3, 7, sold('E')), // ₹1,000: fits exactly
    ]);
    expect([...shorts]).toEqual([[2, { neededPaise: 2000_00, availablePaise: 1000_00 }]]);
  });

  it('counts a buy-back in the same basket: a realign that closes what it reopens needs only the difference', async () => {
    const { check } = build({
      accounts: [{ id: 7, userId: 1, kind: PAPER_KIND, capitalPaise: 2500_00 }],
      held: new Map([[7, [{ exchange: 'NFO', tradingSymbol: 'OLD', quantity: 2 * LOT }]]]),
    });
    const realign = entry(1, 7, { ...sold('OLD', 2), side: 'BUY' }, sold('NEW', 2));
    expect((await check([realign])).size).toBe(0);
  });

  it('leaves entries on broker accounts alone, and lets an account’s entries go when its margin cannot be asked', async () => {
    const broker = build({ accounts: [{ id: 8, userId: 1, kind: 'kite', capitalPaise: 0 }] });
    expect((await broker.check([entry(1, 8, sold('A', 100))])).size).toBe(0);
    expect(broker.asked).toHaveLength(0);

    const down = build({
      accounts: [{ id: 7, userId: 1, kind: PAPER_KIND, capitalPaise: 1_00 }],
      calculatorFails: true,
    });
    expect((await down.check([entry(1, 7, sold('A'))])).size).toBe(0);
    expect(down.warn).toHaveBeenCalledOnce();
  });
});
