import { describe, expect, it } from 'vitest';
import { missedClose } from './handover-catch-up.js';

const MIN = 60_000;
const T = Date.UTC(2026, 10, 26, 7, 39, 0); // the last close the old leader claimed (13:09 IST)

describe('a close missed by a leadership handover', () => {
  it('is acted on seconds after it, up to 30 s (or half a 1m candle)', () => {
    expect(missedClose(T, T - 60 * MIN, T + MIN + 262, '1m')).toEqual({ act: true, closeAt: T + MIN });
    expect(missedClose(T, T - 60 * MIN, T + MIN + 30_000, '1m')).toEqual({ act: true, closeAt: T + MIN });
    expect(missedClose(T, T - 60 * MIN, T + 15 * MIN + 30_000, '15m')).toEqual({ act: true, closeAt: T + 15 * MIN });
  });

  it('is reported, not acted on, when older but within its interval; forgotten beyond', () => {
    expect(missedClose(T, T - 60 * MIN, T + MIN + 30_001, '1m')).toEqual({ act: false, closeAt: T + MIN });
    expect(missedClose(T, T - 60 * MIN, T + 2 * MIN, '1m')).toBeNull();
    expect(missedClose(T, T - 60 * MIN, T + 15 * MIN + 31_000, '15m')).toEqual({ act: false, closeAt: T + 15 * MIN });
  });

  it('is none before it is due, with no claim before it, or when the service was off for it', () => {
    expect(missedClose(T, T - 60 * MIN, T + MIN - 1, '1m')).toBeNull();
    expect(missedClose(null, T - 60 * MIN, T + MIN + 1_000, '1m')).toBeNull();
    expect(missedClose(T, null, T + MIN + 1_000, '1m')).toBeNull();
    expect(missedClose(T, T + MIN, T + MIN + 1_000, '1m')).toBeNull();
    expect(missedClose(T, T + MIN - 1, T + MIN + 1_000, '1m')).toEqual({ act: true, closeAt: T + MIN });
  });
});
