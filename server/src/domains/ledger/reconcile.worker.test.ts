import type { ReconcileAccount, ReconcileSymbol } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { createReconcileWorker } from './reconcile.worker.js';

const EVERY = 60_000;
const T0 = Date.parse('2026-11-23T05:00:00Z');

/** A reconciliation that answers per account as told, and records which accounts each round asked. */
function fakeReconcile(outcome: (id: number) => string | null, accounts: number[], symbols: ReconcileSymbol[] = []) {
  const asked: number[][] = [];
  return {
    asked,
    reconcileHeld(isDue: (id: number) => boolean): Promise<ReconcileAccount[]> {
      const due = accounts.filter(isDue);
      asked.push(due);
      return Promise.resolve(
        due.map((id) => ({
          user_broker_id: id,
          user_id: 1,
          user_username: 'trader',
          broker_username: `ZR${id}`,
          symbols,
          in_sync: outcome(id) === null,
          error: outcome(id),
        })),
      );
    },
  };
}

describe('the reconciliation worker (issue 27)', () => {
  it('asks an answering account every tick, and a failing one later and later, reporting each failure', async () => {
    const warned: object[] = [];
    const reconcile = fakeReconcile((id) => (id === 2 ? 'Kite is unreachable' : null), [1, 2]);
    const { tick } = createReconcileWorker({ reconcile, everyMs: EVERY, logger: { warn: (o) => warned.push(o) } });
    for (let minute = 0; minute < 7; minute += 1) await tick(T0 + minute * EVERY);
    expect(reconcile.asked).toEqual([[1, 2], [1], [1, 2], [1], [1], [1], [1, 2]]);
    expect(warned).toHaveLength(3);
    expect(warned[0]).toMatchObject({ userBrokerId: 2, reason: 'Kite is unreachable', failures: 1 });
  });

  it('an account with an order still settling is compared again on the next tick, not backed off', async () => {
    const settling: ReconcileSymbol = {
      trading_symbol: 'NIFTY26D0124500CE',
      exchange: 'NFO',
      console_quantity: 0,
      broker_quantity: 65,
      drift: 0,
      in_flight: true,
    };
    const reconcile = fakeReconcile(() => null, [1], [settling]);
    const warned: object[] = [];
    const { tick } = createReconcileWorker({ reconcile, everyMs: EVERY, logger: { warn: (o) => warned.push(o) } });
    await tick(T0);
    await tick(T0 + EVERY);
    expect(reconcile.asked).toEqual([[1], [1]]);
    expect(warned).toEqual([]);
  });

  it('a new leader asks a broker that failed on the old one at once', async () => {
    const reconcile = fakeReconcile(() => 'Kite is unreachable', [1]);
    const { tick, worker } = createReconcileWorker({ reconcile, everyMs: EVERY, logger: { warn: () => undefined } });
    await tick(T0);
    await worker.stop();
    await tick(T0 + EVERY);
    expect(reconcile.asked).toEqual([[1], [1]]);
    expect(worker).toMatchObject({ name: 'reconciliation', singleton: true, everyMs: EVERY });
  });
});
