import { describe, expect, it } from 'vitest';
import { createLocalMappingLocks } from './mapping-locks.js';

/** A promise and its resolver, to hold a lock open until the test lets go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** Lets every queued callback run (microtasks and one turn of the event loop). */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('mapping locks in one process', () => {
  it('runs callers of one strategy one after another, in the order they came', async () => {
    const locks = createLocalMappingLocks();
    const order: string[] = [];
    const first = gate();
    const started = gate();
    const a = locks.withMappings([7], async () => {
      order.push('a starts');
      started.open();
      await first.opened;
      order.push('a ends');
    });
    const b = locks.withMappings([7], () => Promise.resolve(void order.push('b')));
    const c = locks.withMappings([7, 8], () => Promise.resolve(void order.push('c')));
    await started.opened;
    await turn();
    expect(order).toEqual(['a starts']);
    first.open();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a starts', 'a ends', 'b', 'c']);
  });

  it('lets other strategies through while one is held', async () => {
    const locks = createLocalMappingLocks();
    const held = gate();
    const slow = locks.withMappings([1, 2], () => held.opened);
    await expect(locks.withMappings([3, 4], () => Promise.resolve('free'))).resolves.toBe('free');
    held.open();
    await slow;
  });

  it('never deadlocks callers that name the same strategies in different orders, and never overlaps them', async () => {
    const locks = createLocalMappingLocks();
    const inside = new Set<number>();
    let overlaps = 0;
    const run = (ids: number[]) =>
      locks.withMappings(ids, async () => {
        if (ids.some((id) => inside.has(id))) overlaps++;
        for (const id of ids) inside.add(id);
        await turn();
        for (const id of ids) inside.delete(id);
      });
    const sets = [[1, 2, 3], [3, 2, 1], [2, 9], [9, 1], [3], [1, 9, 2, 3]];
    await Promise.all(Array.from({ length: 60 }, (_, i) => run(sets[i % sets.length] ?? [])));
    expect(overlaps).toBe(0);
  });

  it('releases a strategy whose holder failed', async () => {
    const locks = createLocalMappingLocks();
    await expect(locks.withMappings([5], () => Promise.reject(new Error('broker down')))).rejects.toThrow(
      'broker down',
    );
    await expect(locks.withMappings([5], () => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('takes 10,000 strategies at once and gives them back', async () => {
    const locks = createLocalMappingLocks();
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1);
    const big = gate();
    const started = gate();
    const close = locks.withMappings(ids, () => {
      started.open();
      return big.opened;
    });
    let manual = false;
    const realign = locks.withMappings([5_000], () => Promise.resolve(void (manual = true)));
    await started.opened;
    await turn();
    expect(manual).toBe(false);
    big.open();
    await Promise.all([close, realign]);
    expect(manual).toBe(true);
  });
});
