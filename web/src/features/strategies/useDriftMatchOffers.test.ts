import { describe, expect, it } from 'vitest';
import { mappingFixture } from './mapping-fixture';
import { isPausedForDrift, offersByMapping } from './useDriftMatchOffers';

const offer = (mappingId: number, tradingSymbol: string) => ({
  key: `4:${tradingSymbol}:${mappingId}`,
  mappingId,
  strategy: 'RDX on NIFTY 50',
  tradingSymbol,
  quantity: 65,
  owner: 'trader1',
});

describe('drift-paused rows (issue 27)', () => {
  it('are the paused ones stopped for a broker difference only', () => {
    expect(isPausedForDrift(mappingFixture({ running_status: 2, stop_reason: 'broker_drift' }))).toBe(true);
    expect(isPausedForDrift(mappingFixture({ running_status: 2, stop_reason: 'manual' }))).toBe(false);
    // Resumed since: the stop reason is history.
    expect(isPausedForDrift(mappingFixture({ running_status: 1, stop_reason: 'broker_drift' }))).toBe(false);
  });

  it('get each of their own offers', () => {
    const byMapping = offersByMapping([offer(14, 'CE1'), offer(15, 'CE1'), offer(14, 'PE1')]);
    expect(byMapping.get(14)?.map((o) => o.tradingSymbol)).toEqual(['CE1', 'PE1']);
    expect(byMapping.get(15)?.map((o) => o.tradingSymbol)).toEqual(['CE1']);
  });
});
