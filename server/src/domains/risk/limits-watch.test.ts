import type { Mapping, PnlFigures, Position, PositionsReply } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { createLimitsWatch, type LimitsWatchDeps } from './limits-watch.js';

const ZERO: PnlFigures = { realized_pnl: 0, unrealized_pnl: 0, charges: 0, net_pnl: 0 };
const MAPPING_ID = 7;

/** A strategy past its ₹100 max loss, holding two legs, with the running status given. */
function position(runningStatus: number, unrealized: number): Position {
  return {
    user_strategy_mapping_id: MAPPING_ID,
    user_id: 1,
    running_status: runningStatus,
    legs: [{}, {}],
    today: { ...ZERO, unrealized_pnl: unrealized },
  } as unknown as Position;
}

function watchWithOneStrategy() {
  const handlers = new Map<string, (payload: unknown) => unknown>();
  const state = { runningStatus: 1, flattens: 0, notes: [] as string[], breaches: [] as unknown[] };
  const deps: LimitsWatchDeps = {
    repo: {
      strategyLimits: () =>
        Promise.resolve([
          { id: MAPPING_ID, userId: 1, maxLossPaise: 100_00, targetProfitPaise: null, adminMaxLossPaise: null },
        ]),
      dailyLimits: () => Promise.resolve([]),
      ownerOf: () => Promise.resolve(null),
      setStopNotes: (notes) => {
        state.notes.push(...notes.map((n) => n.note));
        return Promise.resolve();
      },
    },
    events: {
      subscribe: ((name: string, handler: (payload: unknown) => unknown) => {
        handlers.set(name, handler);
        return () => handlers.delete(name);
      }) as LimitsWatchDeps['events']['subscribe'],
      publish: (name: string, payload: unknown) => {
        state.breaches.push({ name, payload });
        return Promise.resolve();
      },
    },
    now: () => 0,
    positionsOf: () => Promise.resolve({ positions: [], today: ZERO } as unknown as PositionsReply),
    // The broker refuses the exit: the legs stay open whatever is asked.
    mappingsOf: () =>
      Promise.resolve([
        { id: MAPPING_ID, running_status: state.runningStatus, open_legs: [{}, {}] } as unknown as Mapping,
      ]),
    stopAndFlatten: () => {
      state.flattens += 1;
      state.runningStatus = 0;
      return Promise.resolve();
    },
    logger: { warn: () => undefined, error: () => undefined },
  };
  const watch = createLimitsWatch(deps);
  const emit = async (name: string, payload: unknown) => {
    await handlers.get(name)?.(payload);
    await watch.settled();
  };
  return { state, emit };
}

describe('the limits watch', () => {
  it('sends a breached strategy to be flattened once, not again on every price update while legs stay open', async () => {
    const { state, emit } = watchWithOneStrategy();
    for (let tick = 0; tick < 5; tick++) {
      await emit('positions.changed', { positions: [position(state.runningStatus, -150 - tick)] });
    }
    expect(state.flattens).toBe(1);
  });

  it('stops a strategy that gapped far past its max loss with the figures on its row and in the breach it tells', async () => {
    const { state, emit } = watchWithOneStrategy();
    // ₹100 limit, ₹344.25 lost by the time a price arrived: the market jumped past the line.
    await emit('positions.changed', { positions: [position(1, -344.25)] });
    const note = '−₹344.25 against a limit of ₹100.00 — the market gapped past it';
    expect(state.notes).toEqual([note]);
    expect(state.breaches).toEqual([
      {
        name: 'limits.breached',
        payload: expect.objectContaining({ reason: 'max_loss', dayPnlPaise: -344_25, limitPaise: 100_00, note }),
      },
    ]);
  });

  it('says nothing of a gap when the stop came close to the limit', async () => {
    const { state, emit } = watchWithOneStrategy();
    await emit('positions.changed', { positions: [position(1, -100.5)] });
    expect(state.notes).toEqual(['−₹100.50 against a limit of ₹100.00']);
  });

  it('guards a strategy afresh once it is started again', async () => {
    const { state, emit } = watchWithOneStrategy();
    await emit('positions.changed', { positions: [position(1, -150)] });
    state.runningStatus = 1;
    await emit('mapping.status_changed', { mapping: { id: MAPPING_ID }, reason: 'started' });
    await emit('positions.changed', { positions: [position(1, -160)] });
    expect(state.flattens).toBe(2);
  });
});
