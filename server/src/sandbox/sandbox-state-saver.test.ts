import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SandboxStateSnapshot } from './sandbox-state-snapshot.js';
import { createStateSaver } from './sandbox-state-saver.js';

/** A snapshot numbered by how many changes it holds, so a test can tell which state each write carried. */
const stateAfter = (changes: number): SandboxStateSnapshot => ({
  version: 3,
  kiteSessions: { loginRequests: [], webSessions: [], requestTokens: [], sessions: [] },
  orderBook: {
    sequence: changes,
    orders: [],
    legs: [],
    usedDepth: { newest: 0, used: [] },
    trades: [],
    tradeSequence: 0,
  },
  staticIps: [],
});

let changes: number;
let written: number[];
let write: (file: string, snapshot: SandboxStateSnapshot) => Promise<void>;

beforeEach(() => {
  vi.useFakeTimers();
  changes = 0;
  written = [];
  write = (_file, snapshot) => {
    written.push(snapshot.orderBook.sequence);
    return Promise.resolve();
  };
});
afterEach(() => {
  vi.useRealTimers();
});

function saver(onError = vi.fn()) {
  return createStateSaver({
    file: 'state.json',
    snapshot: () => stateAfter(changes),
    delayMs: 50,
    write: (f, s) => write(f, s),
    onError,
  });
}

function change(s: ReturnType<typeof saver>, count = 1): void {
  for (let i = 0; i < count; i++) {
    changes += 1;
    s.changed();
  }
}

describe('the sandbox state saver', () => {
  it('writes a burst of changes once, with all of them, a moment after the first', async () => {
    const s = saver();
    change(s, 10);
    await vi.advanceTimersByTimeAsync(49);
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toEqual([10]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toEqual([10]);
  });

  it('writes changes made during a write in the next one; writes never overlap', async () => {
    const finishers: (() => void)[] = [];
    let active = 0;
    let mostActive = 0;
    write = async (_file, snapshot) => {
      active += 1;
      mostActive = Math.max(mostActive, active);
      await new Promise<void>((resolve) => finishers.push(resolve));
      written.push(snapshot.orderBook.sequence);
      active -= 1;
    };
    const s = saver();
    change(s);
    await vi.advanceTimersByTimeAsync(50);
    change(s, 2);
    await vi.advanceTimersByTimeAsync(500);
    expect(finishers).toHaveLength(1);
    finishers[0]?.();
    await vi.advanceTimersByTimeAsync(50);
    finishers[1]?.();
    await vi.advanceTimersByTimeAsync(50);
    expect(written).toEqual([1, 3]);
    expect(mostActive).toBe(1);
  });

  it('flush writes what is pending at once, then nothing more (the sandbox has closed)', async () => {
    const s = saver();
    change(s, 3);
    await s.flush();
    expect(written).toEqual([3]);
    await s.flush();
    change(s);
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toEqual([3]);
  });

  it('reports a failed write, tries again at the next change, and flush rejects when its write fails', async () => {
    write = () => Promise.reject(new Error('disk full'));
    const onError = vi.fn();
    const s = saver(onError);
    change(s);
    await vi.advanceTimersByTimeAsync(1000);
    expect(onError).toHaveBeenCalledTimes(1);
    change(s);
    await vi.advanceTimersByTimeAsync(50);
    expect(onError).toHaveBeenCalledTimes(2);
    await expect(s.flush()).rejects.toThrow('disk full');
  });
});
