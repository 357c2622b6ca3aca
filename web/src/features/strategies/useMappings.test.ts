import { describe, expect, it } from 'vitest';
import { MAPPINGS_POLL_MS, nextReadInMs } from './useMappings';

describe('nextReadInMs', () => {
  const minute = Date.UTC(2026, 10, 23, 5, 0, 0); // 10:30:00 IST, a candle close

  it('reads just after the next minute’s candle close when that comes before the poll', () => {
    expect(nextReadInMs(minute + 45_000, MAPPINGS_POLL_MS)).toBe(18_000); // 10:30:45 -> 10:31:03
    expect(nextReadInMs(minute + 59_000, MAPPINGS_POLL_MS)).toBe(4_000);
  });

  it('keeps to the poll when the next close is further off', () => {
    expect(nextReadInMs(minute + 5_000, MAPPINGS_POLL_MS)).toBe(MAPPINGS_POLL_MS);
    expect(nextReadInMs(minute, 10_000)).toBe(10_000);
  });
});
