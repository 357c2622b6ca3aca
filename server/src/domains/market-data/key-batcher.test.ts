import { describe, expect, it } from 'vitest';
import { createKeyBatcher } from './key-batcher.js';

/*
 * Quotes asked for by many callers at once go to the provider as one call (Kite: one quote request a second per
 * app, up to 500 instruments each), so a busy close is never refused for the rate.
 */

/** A provider that answers each key with its length, records each call, and lets the test say when it answers. */
function provider() {
  const calls: string[][] = [];
  const pending: Array<() => void> = [];
  const fetch = (keys: string[]) => {
    calls.push(keys);
    return new Promise<Map<string, number>>((resolve) => {
      pending.push(() => resolve(new Map(keys.map((k) => [k, k.length]))));
    });
  };
  /** Answers every call made, including those its answers let start, until none is left. */
  const answerAll = async () => {
    for (let turn = 0; turn < 10; turn++) {
      await new Promise((r) => setImmediate(r));
      while (pending.length > 0) pending.shift()?.();
    }
  };
  return { calls, fetch, answerAll };
}

describe('key batcher', () => {
  it('sends the keys of callers asking together as one call, each caller getting its own keys', async () => {
    const p = provider();
    const get = createKeyBatcher(p.fetch, 500);
    const a = get(['NFO:A', 'NFO:B']);
    const b = get(['NFO:B', 'NFO:CC']);
    await p.answerAll();
    expect(p.calls).toEqual([['NFO:A', 'NFO:B', 'NFO:CC']]);
    expect(await a).toEqual(
      new Map([
        ['NFO:A', 5],
        ['NFO:B', 5],
      ]),
    );
    expect(await b).toEqual(
      new Map([
        ['NFO:B', 5],
        ['NFO:CC', 6],
      ]),
    );
  });

  it('holds keys asked for while a call is out for the next call, one call at a time', async () => {
    const p = provider();
    const get = createKeyBatcher(p.fetch, 500);
    const first = get(['NFO:A']);
    await new Promise((r) => setImmediate(r));
    const second = get(['NFO:B']);
    const third = get(['NFO:C']);
    expect(p.calls).toEqual([['NFO:A']]);
    await p.answerAll();
    await Promise.all([first, second, third]);
    expect(p.calls).toEqual([['NFO:A'], ['NFO:B', 'NFO:C']]);
  });

  it('splits a batch into calls of at most the provider’s keys per call', async () => {
    const p = provider();
    const get = createKeyBatcher(p.fetch, 2);
    const all = get(['a', 'b', 'c', 'd', 'e']);
    await p.answerAll();
    expect((await all).size).toBe(5);
    expect(p.calls).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('fails every caller of a refused call, and the next batch is asked afresh', async () => {
    let refuse = true;
    const calls: string[][] = [];
    const get = createKeyBatcher((keys: string[]) => {
      calls.push(keys);
      return refuse ? Promise.reject(new Error('Too many requests')) : Promise.resolve(new Map([[keys[0]!, 1]]));
    }, 500);
    const a = get(['x']);
    const b = get(['y']);
    await expect(a).rejects.toThrow('Too many requests');
    await expect(b).rejects.toThrow('Too many requests');
    refuse = false;
    expect(await get(['z'])).toEqual(new Map([['z', 1]]));
    expect(calls).toEqual([['x', 'y'], ['z']]);
  });
});
