import type { PositionsReply } from '@app/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  applyPositionUpdate,
  holdingsFromKey,
  holdingsKey,
  patchPositionInCache,
  positionKeys,
} from './position-cache';
import { figures, legFixture, positionFixture, replyFixture } from './position-fixture';

const AT = '2025-12-10T05:00:01.000Z';

describe('applyPositionUpdate (the strip and totals follow live updates)', () => {
  it("replaces a strategy's figures and moves today's strip and the totals by the difference, to the paisa", () => {
    const a = positionFixture({ ...figures(100.1, 20.2, 40.3), today: figures(100.1, 20.2, 40.3) });
    const b = positionFixture({
      user_strategy_mapping_id: 12,
      ...figures(-10, 0.2, 0.1),
      today: figures(0, 0.2, 0.1),
    });
    const reply = replyFixture([a, b]);
    expect(reply.today).toEqual({ realized_pnl: 100.1, unrealized_pnl: 20.4, charges: 40.4, net_pnl: 80.1 });

    const moved = { ...a, ...figures(100.1, -30.3, 60.7), today: figures(100.1, -30.3, 60.7) };
    const next = applyPositionUpdate(reply, moved, AT);
    expect(next.positions.map((p) => p.unrealized_pnl)).toEqual([-30.3, 0.2]);
    expect(next.today).toEqual({ realized_pnl: 100.1, unrealized_pnl: -30.1, charges: 60.8, net_pnl: 9.2 });
    expect(next.totals).toEqual({
      realized_pnl: 90.1,
      unrealized_pnl: -30.1,
      charges: 60.8,
      net_pnl: -0.8,
      greeks: reply.totals.greeks,
    });
    expect(next.as_of).toBe(AT);
    // The cached reply is not changed in place.
    expect(reply.positions[0]).toBe(a);
  });

  it("moves the totals' greeks by a strategy's new greeks less its old, counting legs left out", () => {
    const a = positionFixture();
    const b = positionFixture({ user_strategy_mapping_id: 12 });
    const reply = replyFixture([a, b]);
    expect(reply.totals.greeks).toEqual({ delta: -41, gamma: -0.0246, theta: 300.5, vega: -601, legs_left_out: 2 });
    const quoted = { delta: -18.25, gamma: -0.011, theta: 160, vega: -290.25, legs_left_out: 0 };
    const next = applyPositionUpdate(reply, { ...b, greeks: quoted }, AT);
    expect(next.totals.greeks).toEqual({
      delta: -38.75,
      gamma: -0.0233,
      theta: 310.25,
      vega: -590.75,
      legs_left_out: 1,
    });
    expect(next.by_mode.paper.totals.greeks).toEqual(next.totals.greeks);
  });

  it("says the charges are final only while every strategy's are: an update with today's orders makes them estimates", () => {
    const a = positionFixture({ charges_final: true });
    const b = positionFixture({ user_strategy_mapping_id: 12, charges_final: true });
    const reply = replyFixture([a, b]);
    expect(reply.charges_final).toBe(true);
    const traded = applyPositionUpdate(reply, { ...b, charges_final: false }, AT);
    expect(traded.charges_final).toBe(false);
    expect(applyPositionUpdate(traded, { ...b, charges_final: true }, AT).charges_final).toBe(true);
  });

  it('adds a strategy the list did not have (its first fill) and its figures to the sums', () => {
    const reply = replyFixture([]);
    const first = positionFixture({ ...figures(0, 5, 20), today: figures(0, 5, 20) });
    const next = applyPositionUpdate(reply, first, AT);
    expect(next.positions).toHaveLength(1);
    expect(next.today).toEqual({ realized_pnl: 0, unrealized_pnl: 5, charges: 20, net_pnl: -15 });
  });

  it('keeps live and paper apart: an update moves only its own mode, and a strategy switched to live moves over', () => {
    const paper = positionFixture({ ...figures(10, 0, 5), today: figures(10, 0, 5) });
    const live = positionFixture({
      user_strategy_mapping_id: 12,
      is_dummy: 0,
      ...figures(-50, -5, 40),
      today: figures(-50, -5, 40),
    });
    const reply = replyFixture([paper, live]);
    const worse = { ...live, ...figures(-80, -5, 40), today: figures(-80, -5, 40) };
    const next = applyPositionUpdate(reply, worse, AT);
    expect(next.by_mode.live).toEqual({
      strategies: 1,
      totals: { ...figures(-80, -5, 40), greeks: live.greeks },
      today: figures(-80, -5, 40),
    });
    expect(next.by_mode.paper).toEqual(reply.by_mode.paper);
    // Edited to live while stopped, the paper strategy's figures leave paper's line for live's.
    const switched = applyPositionUpdate(next, { ...paper, is_dummy: 0 }, AT);
    expect(switched.by_mode.paper.strategies).toBe(0);
    expect(switched.by_mode.paper.today).toEqual(figures(0, 0, 0));
    expect(switched.by_mode.live.strategies).toBe(2);
    expect(switched.by_mode.live.today).toEqual(figures(-70, -5, 45));
  });
});

describe('patchPositionInCache', () => {
  function clientWith(mine: PositionsReply | null, all: PositionsReply | null) {
    const client = new QueryClient();
    if (mine) client.setQueryData(positionKeys.mine(), mine);
    if (all) client.setQueryData(positionKeys.allUsers(), all);
    return client;
  }

  it("merges the viewer's own strategy into their list, without the admin-only username", () => {
    const client = clientWith(replyFixture([positionFixture()]), null);
    const moved = positionFixture({ net_pnl: 999 });
    patchPositionInCache(client, moved, 3);
    const mine = client.getQueryData<PositionsReply>(positionKeys.mine());
    expect(mine?.positions[0]?.net_pnl).toBe(999);
    expect(mine?.positions[0]).not.toHaveProperty('user_username');
  });

  it("leaves the viewer's own list alone for another user's strategy, but updates the admin's list", () => {
    const other = positionFixture({ user_strategy_mapping_id: 40, user_id: 9, user_username: 'someone' });
    const client = clientWith(replyFixture([]), replyFixture([]));
    patchPositionInCache(client, other, 3);
    expect(client.getQueryData<PositionsReply>(positionKeys.mine())?.positions).toHaveLength(0);
    expect(client.getQueryData<PositionsReply>(positionKeys.allUsers())?.positions).toHaveLength(1);
  });

  it('says whether the holdings changed (a fill) or only the prices did', () => {
    const client = clientWith(replyFixture([positionFixture()]), null);
    expect(patchPositionInCache(client, positionFixture({ unrealized_pnl: 1, net_pnl: 1 }), 3)).toBe(false);
    const rolled = positionFixture({ legs: [legFixture({ trading_symbol: 'SANDBOX25D1210100CE' })] });
    expect(patchPositionInCache(client, rolled, 3)).toBe(true);
  });
});

describe('holdingsKey', () => {
  it('names the holdings in one string, the same whatever the legs order, and reads back', () => {
    const [ce, pe] = positionFixture().legs;
    const key = holdingsKey({ legs: [pe!, { ...ce!, quantity: -25 }] });
    expect(key).toBe('SANDBOX25D1210050CE:-25,SANDBOX25D129950PE:50');
    expect(key).toBe(holdingsKey({ legs: [{ ...ce!, quantity: -25 }, pe!] }));
    expect([...holdingsFromKey(key)]).toEqual([
      ['SANDBOX25D1210050CE', -25],
      ['SANDBOX25D129950PE', 50],
    ]);
    expect(holdingsFromKey(holdingsKey(undefined)).size).toBe(0);
  });
});
