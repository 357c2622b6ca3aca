import { describe, expect, it } from 'vitest';
import { FREEZE_QUANTITIES, MAX_SLICES, planSlices } from './freeze-limits.js';

describe('freeze quantities and autoslice', () => {
  it('passes orders up to the freeze quantity and refuses larger ones without autoslice', () => {
    expect(FREEZE_QUANTITIES).toMatchObject({ NIFTY: 1800, BANKNIFTY: 600, FINNIFTY: 1800, MIDCPNIFTY: 2800 });
    expect(planSlices('NIFTY', 75, 1800, false)).toEqual({ ok: true, sizes: [1800] });
    expect(planSlices('NIFTY', 75, 1875, false)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/freeze quantity of 1800 for NIFTY/),
    });
  });

  it('slices above the freeze quantity into at most 10 children of at most the freeze quantity', () => {
    expect(planSlices('NIFTY', 75, 4500, true)).toEqual({ ok: true, sizes: [1800, 1800, 900] });
    // BANKNIFTY: 600 / 35 → slices of 17 lots (595).
    expect(planSlices('BANKNIFTY', 35, 1260, true)).toEqual({ ok: true, sizes: [595, 595, 70] });
    expect(planSlices('NIFTY', 75, 1800 * MAX_SLICES, true)).toMatchObject({ ok: true });
    expect(planSlices('NIFTY', 75, 1800 * MAX_SLICES + 75, true)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/11 slices/),
    });
  });

  it("refuses autoslice within the freeze quantity with Kite's message", () => {
    expect(planSlices('NIFTY', 75, 150, true)).toEqual({
      ok: false,
      message: 'Quantity should be greater than or equal to 1875 for order slicing.',
    });
  });
});
