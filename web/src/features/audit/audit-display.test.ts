import { describe, expect, it } from 'vitest';
import { changeLines, detailLines } from './audit-display';

describe('changeLines', () => {
  it('names fields by their on-screen labels and money in rupees', () => {
    expect(changeLines({ ce_count: { before: 1, after: 2 }, max_loss_paise: { before: null, after: 500000 } })).toEqual(
      ['CE Count: 1 → 2', 'Max Loss: — → ₹5,000.00'],
    );
  });

  it("names an admin's cap on a strategy's Max Loss beside the Max Loss it was set with", () => {
    const set = { before: null, after: 80000 };
    expect(changeLines({ max_loss_paise: set, admin_max_loss_paise: set })).toEqual([
      'Max Loss: — → ₹800.00',
      "Admin's Max Loss cap: — → ₹800.00",
    ]);
    expect(changeLines({ daily_max_loss_paise: set, admin_daily_max_loss_paise: set })).toEqual([
      'Daily Max Loss: — → ₹800.00',
      "Admin's Daily Max Loss cap: — → ₹800.00",
    ]);
  });

  it('names the portfolio limits (issue 34) by their labels: delta as a number, vega and margin in rupees', () => {
    expect(
      changeLines({
        max_net_delta_hundredths: { before: null, after: 30050 },
        max_net_vega_paise: { before: null, after: 150000 },
        max_margin_used_paise: { before: 20000000, after: null },
        reduce_on_breach: { before: 0, after: 1 },
      }),
    ).toEqual([
      'Max Net Delta: — → 300.5',
      'Max Net Vega: — → ₹1,500.00',
      'Max Margin Used: ₹2,00,000.00 → —',
      'Reduce on breach: no → yes',
    ]);
  });

  it("names an admin's caps on the portfolio limits beside the limits they were set with", () => {
    expect(
      changeLines({
        admin_max_net_delta_hundredths: { before: null, after: 30000 },
        admin_max_net_vega_paise: { before: null, after: 150000 },
        admin_max_margin_used_paise: { before: 20000000, after: null },
      }),
    ).toEqual([
      "Admin's Max Net Delta cap: — → 300",
      "Admin's Max Net Vega cap: — → ₹1,500.00",
      "Admin's Max Margin Used cap: ₹2,00,000.00 → —",
    ]);
  });

  it('says whether a secret is set, never a bare yes or no', () => {
    expect(changeLines({ has_broker_token: { before: false, after: true } })).toEqual(['Broker Token: not set → set']);
    expect(changeLines({ has_api_key: { before: null, after: false } })).toEqual(['API Key: not set → not set']);
  });

  it('shows times in IST instead of epoch milliseconds or UTC strings', () => {
    const at = Date.parse('2026-11-24T04:00:00Z'); // 09:30 IST
    const [updated] = changeLines({ token_updated_at: { before: null, after: at } });
    expect(updated).toMatch(/^Token updated at: — → 24 Nov 2026, 09:30(:00)? IST$/);
    const [start] = detailLines({ start_date: '2026-11-24T18:30:00.000Z' });
    expect(start).toMatch(/: 25 Nov 2026, 00:00(:00)? IST$/);
  });

  it('leaves small numbers and plain text alone', () => {
    expect(changeLines({ rdx_lot_count: { before: 1, after: 3 } })[0]).toMatch(/: 1 → 3$/);
    expect(detailLines({ note: 'max_loss' })).toEqual(['Note: max_loss']);
  });
});

describe('reasons', () => {
  it('says why in words: a failed login, an automatic stop', () => {
    expect(detailLines({ reason: 'invalid_credentials' })).toEqual(['Reason: wrong username or password']);
    expect(detailLines({ reason: 'max_loss' })).toEqual(['Reason: its Max Loss was reached']);
    expect(changeLines({ stop_reason: { before: null, after: 'token_expired' } })[0]).toMatch(
      /: — → the broker access token expired$/,
    );
  });

  it('shows a reason it does not know as it is', () => {
    expect(detailLines({ reason: 'something_new' })).toEqual(['Reason: something_new']);
  });
});

describe('coded fields', () => {
  it('shows a strategy status, mode and activity as the screens do', () => {
    expect(
      changeLines({
        running_status: { before: 0, after: 1 },
        is_dummy: { before: null, after: 1 },
        is_active: { before: 1, after: 0 },
      }),
    ).toEqual(['Status: STOPPED → RUNNING', 'Mode: — → DUMMY', 'Active: yes → no']);
  });
});
