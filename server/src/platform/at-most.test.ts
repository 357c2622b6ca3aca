import { describe, expect, it } from 'vitest';
import { atMost, createSlots } from './at-most.js';

describe('atMost', () => {
  it('never has more than the limit under way, and answers in the items’ order', async () => {
    let running = 0;
    let most = 0;
    const results = await atMost(3, [5, 1, 4, 2, 3, 0, 6], async (n) => {
      running += 1;
      most = Math.max(most, running);
      for (let i = 0; i < n; i++) await Promise.resolve();
      running -= 1;
      return n * 10;
    });
    expect(most).toBe(3);
    expect(results).toEqual([50, 10, 40, 20, 30, 0, 60]);
  });

  it('rejects with the first failure and refuses a limit below one', async () => {
    await expect(
      atMost(2, [1, 2, 3], (n) => (n === 2 ? Promise.reject(new Error('two')) : Promise.resolve(n))),
    ).rejects.toThrow('two');
    await expect(atMost(0, [1], (n) => Promise.resolve(n))).rejects.toThrow(RangeError);
    expect(await atMost(4, [], (n: number) => Promise.resolve(n))).toEqual([]);
  });
});

describe('createSlots', () => {
  it('holds every caller together to the limit, and serves waiters in arrival order', async () => {
    const inSlot = createSlots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) =>
      inSlot(async () => {
        started.push(n);
        running += 1;
        most = Math.max(most, running);
        for (let i = 0; i < 3; i++) await Promise.resolve();
        running -= 1;
        return n;
      });
    const [a, b] = await Promise.all([atMost(3, [1, 2, 3], task), atMost(3, [4, 5, 6], task)]);
    expect(a).toEqual([1, 2, 3]);
    expect(b).toEqual([4, 5, 6]);
    expect(most).toBe(2);
    expect(started.slice(0, 2)).toEqual([1, 2]);
  });

  it('frees the slot of a task that failed', async () => {
    const inSlot = createSlots(1);
    await expect(inSlot(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await inSlot(() => Promise.resolve('next'))).toBe('next');
  });
});
