import { describe, expect, it } from 'vitest';
import { manualClock } from './clock.js';
import { createSharedReplies } from './shared-reply.js';

/** A computation the test finishes by hand, counting how many were started. */
function computations() {
  const finish: ((value: string) => void)[] = [];
  const fail: ((err: Error) => void)[] = [];
  return {
    started: () => finish.length,
    make: () =>
      new Promise<string>((resolve, reject) => {
        finish.push(resolve);
        fail.push(reject);
      }),
    finish: (i: number, value: string) => finish[i]?.(value),
    fail: (i: number, err: Error) => fail[i]?.(err),
  };
}

describe('createSharedReplies', () => {
  it('has callers asking while a reply is computed wait for that one computation', async () => {
    const shared = createSharedReplies<string>({ clock: manualClock(0), keepMs: 1000 });
    const c = computations();
    const asked = [shared.get('all', 'v1', c.make), shared.get('all', 'v1', c.make), shared.get('all', 'v1', c.make)];
    expect(c.started()).toBe(1);
    c.finish(0, 'reply');
    expect(await Promise.all(asked)).toEqual(['reply', 'reply', 'reply']);
  });

  it('hands the finished reply out until keepMs after its computation started, then computes anew', async () => {
    const clock = manualClock(0);
    const shared = createSharedReplies<string>({ clock, keepMs: 1000 });
    const c = computations();
    const first = shared.get('all', 'v1', c.make);
    c.finish(0, 'first');
    await first;
    clock.advance(999);
    expect(await shared.get('all', 'v1', c.make)).toBe('first');
    clock.advance(1);
    // Only aged: the caller starts the new computation and is handed the reply it replaces, as are those after.
    expect(await shared.get('all', 'v1', c.make)).toBe('first');
    expect(await shared.get('all', 'v1', c.make)).toBe('first');
    expect(c.started()).toBe(2);
    c.finish(1, 'second');
    await Promise.resolve();
    expect(await shared.get('all', 'v1', c.make)).toBe('second');
    expect(c.started()).toBe(2);
  });

  it('starts no second computation beside one still running past keepMs: its callers join it', async () => {
    const clock = manualClock(0);
    const shared = createSharedReplies<string>({ clock, keepMs: 1000 });
    const c = computations();
    const first = shared.get('all', 'v1', c.make);
    c.finish(0, 'first');
    await first;
    clock.advance(1000);
    expect(await shared.get('all', 'v1', c.make)).toBe('first');
    clock.advance(1500);
    // The second computation has run 1.5 s: callers are still handed the reply it replaces, and none starts.
    expect(await shared.get('all', 'v1', c.make)).toBe('first');
    expect(c.started()).toBe(2);
    c.finish(1, 'second');
    await Promise.resolve();
    expect(await shared.get('all', 'v1', c.make)).toBe('second');
  });

  it('has a caller arriving long after a first computation started wait for it, not start another', async () => {
    const clock = manualClock(0);
    const shared = createSharedReplies<string>({ clock, keepMs: 1000 });
    const c = computations();
    const first = shared.get('all', 'v1', c.make);
    clock.advance(5000);
    const late = shared.get('all', 'v1', c.make);
    expect(c.started()).toBe(1);
    c.finish(0, 'slow');
    expect([await first, await late]).toEqual(['slow', 'slow']);
  });

  it('never stands in a reply long expired, nor one of another version: those callers wait', async () => {
    const clock = manualClock(0);
    const shared = createSharedReplies<string>({ clock, keepMs: 1000 });
    const c = computations();
    const first = shared.get('all', 'v1', c.make);
    c.finish(0, 'first');
    await first;
    clock.advance(2000);
    const late = shared.get('all', 'v1', c.make);
    c.finish(1, 'fresh');
    expect(await late).toBe('fresh');
    await Promise.resolve();
    clock.advance(1000);
    const changed = shared.get('all', 'v2', c.make);
    c.finish(2, 'at v2');
    expect(await changed).toBe('at v2');
  });

  it('computes anew at once when the version read has changed', async () => {
    const shared = createSharedReplies<string>({ clock: manualClock(0), keepMs: 1000 });
    const c = computations();
    const first = shared.get('all', 'v1', c.make);
    c.finish(0, 'at v1');
    await first;
    const second = shared.get('all', 'v2', c.make);
    c.finish(1, 'at v2');
    expect(await second).toBe('at v2');
    expect(await shared.get('all', 'v2', c.make)).toBe('at v2');
    expect(c.started()).toBe(2);
  });

  it('never hands a reply made under one key out under another', async () => {
    const shared = createSharedReplies<string>({ clock: manualClock(0), keepMs: 1000 });
    const c = computations();
    const one = shared.get('one', 'v1', c.make);
    const two = shared.get('two', 'v1', c.make);
    expect(c.started()).toBe(2);
    c.finish(0, 'for one');
    c.finish(1, 'for two');
    expect([await one, await two]).toEqual(['for one', 'for two']);
    expect(await shared.get('two', 'v1', c.make)).toBe('for two');
  });

  it('keeps no failed computation: its waiters hear the failure, the next caller starts over', async () => {
    const shared = createSharedReplies<string>({ clock: manualClock(0), keepMs: 1000 });
    const c = computations();
    const asked = [shared.get('all', 'v1', c.make), shared.get('all', 'v1', c.make)];
    c.fail(0, new Error('database gone'));
    for (const a of asked) await expect(a).rejects.toThrow('database gone');
    const again = shared.get('all', 'v1', c.make);
    expect(c.started()).toBe(2);
    c.finish(1, 'recovered');
    expect(await again).toBe('recovered');
  });
});
