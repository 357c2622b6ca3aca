import { describe, expect, it } from 'vitest';
import { createOrderThrottle, memorySendLedger, waitBeforeSend, type OrderLimits } from './order-throttle.js';

/**
 * A clock that only moves when the throttle sleeps. A sleep first lets everything already due run (the
 * callers' reactions to turns granted at this instant), as real time would before it moved on.
 */
function fakeTime() {
  let t = 0;
  return {
    now: () => t,
    sleep: async (ms: number) => {
      await new Promise((resolve) => setImmediate(resolve));
      t += ms;
    },
  };
}

function throttleWith(limits: OrderLimits, time = fakeTime()) {
  return { time, throttle: createOrderThrottle({ ledger: memorySendLedger(limits, time.now), sleep: time.sleep }) };
}

describe('createOrderThrottle', () => {
  it("sends at most 10 of an account's orders in any second, in arrival order", async () => {
    const { time, throttle } = throttleWith({ perSecond: 10, perMinute: 200, marginMs: 0 });
    const at: number[] = [];
    await Promise.all(Array.from({ length: 25 }, () => throttle.take(7).then(() => at.push(time.now()))));
    expect(at.slice(0, 10).every((t) => t === 0)).toBe(true);
    expect(at.slice(10, 20).every((t) => t === 1000)).toBe(true);
    expect(at.slice(20).every((t) => t === 2000)).toBe(true);
  });

  it('lets a close overtake the entries waiting for the same account, even one arriving while they wait', async () => {
    const { time, throttle } = throttleWith({ perSecond: 1, perMinute: 200, marginMs: 0 });
    const order: string[] = [];
    const take = (name: string, priority: 'close' | 'open') =>
      throttle.take(7, priority).then(() => order.push(`${name}@${time.now()}`));
    const entries = [take('entry1', 'open'), take('entry2', 'open'), take('entry3', 'open')];
    // The first entry has the second's turn; the others wait. A square-off's order then arrives.
    await entries[0];
    const exit = take('exit', 'close');
    await Promise.all([...entries, exit]);
    expect(order).toEqual(['entry1@0', 'exit@1000', 'entry2@2000', 'entry3@3000']);
  });

  it('gives the turn to a close that arrived while the shared ledger was being asked', async () => {
    const answers: Array<(wait: number) => void> = [];
    const throttle = createOrderThrottle({
      ledger: { tryTake: () => new Promise<number>((resolve) => answers.push(resolve)) },
      sleep: () => Promise.resolve(),
    });
    const order: string[] = [];
    const entry = throttle.take(7, 'open').then(() => order.push('entry'));
    await Promise.resolve();
    // The entry's turn is being asked of the database when the exit's order arrives.
    const exit = throttle.take(7, 'close').then(() => order.push('exit'));
    answers.shift()?.(0);
    await new Promise((resolve) => setImmediate(resolve));
    answers.shift()?.(0);
    await Promise.all([entry, exit]);
    expect(order).toEqual(['exit', 'entry']);
  });

  it('does not make one account wait for another', async () => {
    const { time, throttle } = throttleWith({ perSecond: 1, perMinute: 200, marginMs: 0 });
    await throttle.take(1);
    await throttle.take(2);
    expect(time.now()).toBe(0);
  });

  it('keeps to the per-minute limit too', async () => {
    const { time, throttle } = throttleWith({ perSecond: 100, perMinute: 3, marginMs: 0 });
    for (let i = 0; i < 4; i++) await throttle.take(1);
    expect(time.now()).toBe(60_000);
  });

  it('tells how long each turn waited in its line, by kind', async () => {
    const time = fakeTime();
    const turns: Array<{ priority: string; waitedMs: number }> = [];
    const throttle = createOrderThrottle({
      ledger: memorySendLedger({ perSecond: 1, perMinute: 200, marginMs: 0 }, time.now),
      sleep: time.sleep,
      now: time.now,
      onTurn: ({ priority, waitedMs }) => turns.push({ priority, waitedMs }),
    });
    await Promise.all([throttle.take(7, 'open'), throttle.take(7, 'open'), throttle.take(7, 'close')]);
    // Asked together, the exit goes at once and the entries wait one second each for the rate.
    expect(turns).toEqual([
      { priority: 'close', waitedMs: 0 },
      { priority: 'open', waitedMs: 1000 },
      { priority: 'open', waitedMs: 2000 },
    ]);
  });

  it('counts its own requests until their replies: a slow request holds its place in the window', async () => {
    let t = 0;
    const wakers: Array<() => void> = [];
    const limits = { perSecond: 1, perMinute: 200, marginMs: 0 };
    const throttle = createOrderThrottle({
      ledger: memorySendLedger(limits, () => t),
      limits,
      now: () => t,
      sleep: () => new Promise<void>((resolve) => wakers.push(resolve)),
    });
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const wakeAt = async (at: number) => {
      t = at;
      wakers.shift()?.();
      await settle();
    };
    const firstReplied = await throttle.take(7);
    let secondAt: number | null = null;
    const second = throttle.take(7).then(() => (secondAt = t));
    await settle();
    // Counted from its turn alone, the second would go at 1000. But the first's reply comes at 1500: the
    // broker may have received it only then, so the second waits until a second after that.
    await wakeAt(1000);
    expect(secondAt).toBeNull();
    t = 1500;
    firstReplied();
    await wakeAt(1500);
    expect(secondAt).toBeNull();
    await wakeAt(2500);
    await second;
    expect(secondAt).toBe(2500);
  });

  it('sends a request in its turn and counts it until its reply, failed or not', async () => {
    const time = fakeTime();
    const limits = { perSecond: 1, perMinute: 200, marginMs: 0 };
    const throttle = createOrderThrottle({
      ledger: memorySendLedger(limits, time.now),
      limits,
      sleep: time.sleep,
      now: time.now,
    });
    await expect(throttle.send(7, 'open', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await throttle.send(7, 'close', () => Promise.resolve(time.now()))).toBe(1000);
  });

  it('two throttles counting in one ledger (two consoles) keep to one limit together', async () => {
    const time = fakeTime();
    const ledger = memorySendLedger({ perSecond: 10, perMinute: 200, marginMs: 0 }, time.now);
    const one = createOrderThrottle({ ledger, sleep: time.sleep });
    const two = createOrderThrottle({ ledger, sleep: time.sleep });
    const at: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : two).take(7).then(() => at.push(time.now()))),
    );
    expect(at.filter((t) => t === 0)).toHaveLength(10);
    expect(at.filter((t) => t >= 1000)).toHaveLength(10);
  });
});

describe('waitBeforeSend', () => {
  const limits = { perSecond: 2, perMinute: 3, marginMs: 50 };

  it('lets a send go while both windows have room', () => {
    expect(waitBeforeSend([], 0, limits)).toBe(0);
    expect(waitBeforeSend([0], 10, limits)).toBe(0);
  });

  it('waits for the oldest send of a full second to leave it, margin included', () => {
    expect(waitBeforeSend([0, 400], 500, limits)).toBe(550);
  });

  it('waits for the oldest send of a full minute to leave it', () => {
    expect(waitBeforeSend([0, 20_000, 40_000], 50_000, limits)).toBe(10_050);
  });
});
