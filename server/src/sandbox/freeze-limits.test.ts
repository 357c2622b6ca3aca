import { describe, expect, it } from 'vitest';
import { FREEZE_QUANTITIES, MAX_SLICES, planSlices } from './freeze-limits.js';

/** NSE's lots from the January 2026 expiries, and NIFTY's largest whole-lot order within its 1800 freeze. */
const NIFTY_LOT = 65;
const BANKNIFTY_LOT = 30;
const NIFTY_SLICE = 27 * NIFTY_LOT; // 1755

describe('freeze quantities and autoslice', () => {
  it('passes orders up to the freeze quantity and refuses larger ones without autoslice', () => {
    expect(FREEZE_QUANTITIES).toMatchObject({ NIFTY: 1800, BANKNIFTY: 600, FINNIFTY: 1800, MIDCPNIFTY: 2800 });
    expect(planSlices('NIFTY', NIFTY_LOT, NIFTY_SLICE, false)).toEqual({ ok: true, sizes: [NIFTY_SLICE] });
    expect(planSlices('BANKNIFTY', BANKNIFTY_LOT, 600, false)).toEqual({ ok: true, sizes: [600] });
    expect(planSlices('NIFTY', NIFTY_LOT, NIFTY_SLICE + NIFTY_LOT, false)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/freeze quantity of 1800 for NIFTY/),
    });
  });

  it('slices above the freeze quantity into at most 10 children of at most the freeze quantity', () => {
    expect(planSlices('NIFTY', NIFTY_LOT, 70 * NIFTY_LOT, true)).toEqual({
      ok: true,
      sizes: [NIFTY_SLICE, NIFTY_SLICE, 16 * NIFTY_LOT],
    });
    // BANKNIFTY: 600 / 30 → slices of 20 lots, the whole freeze quantity.
    expect(planSlices('BANKNIFTY', BANKNIFTY_LOT, 42 * BANKNIFTY_LOT, true)).toEqual({
      ok: true,
      sizes: [600, 600, 2 * BANKNIFTY_LOT],
    });
    expect(planSlices('NIFTY', NIFTY_LOT, NIFTY_SLICE * MAX_SLICES, true)).toMatchObject({ ok: true });
    expect(planSlices('NIFTY', NIFTY_LOT, NIFTY_SLICE * MAX_SLICES + NIFTY_LOT, true)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/11 slices/),
    });
  });

  it("refuses autoslice within the freeze quantity with Kite's message", () => {
    expect(planSlices('NIFTY', NIFTY_LOT, 2 * NIFTY_LOT, true)).toEqual({
      ok: false,
      message: 'Quantity should be greater than or equal to 1820 for order slicing.',
    });
  });
});
