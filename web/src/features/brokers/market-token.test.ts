import type { MarketDataToken } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { marketTokenLine } from './market-token';

const token = (over: Partial<MarketDataToken> = {}): MarketDataToken => ({
  state: 'valid',
  user_id: 'SB0001',
  generated_at: '2026-11-27T03:32:00.000Z', // 09:02 IST
  expires_at: '2026-11-28T00:30:00.000Z', // 06:00 IST next day
  refused_at: null,
  logs_in_by_itself: false,
  ...over,
});
const before = Date.parse('2026-11-27T10:00:00.000Z');

describe('the market-data token line', () => {
  it('says when the token was made and that it is good until 06:00 IST', () => {
    expect(marketTokenLine(token(), before)).toEqual({
      text: 'Market-data token generated 27 Nov 2026, 09:02 IST for SB0001, valid until 28 Nov 2026, 06:00 IST.',
      tone: 'ok',
    });
  });

  it('says a token past 06:00 IST expired, even before the server next looked', () => {
    const after = Date.parse('2026-11-28T01:00:00.000Z');
    expect(marketTokenLine(token(), after).text).toBe(
      'The market-data token for SB0001 expired at 28 Nov 2026, 06:00 IST: generate a new one.',
    );
    expect(marketTokenLine(token({ state: 'expired' }), before).tone).toBe('warn');
  });

  it('says Kite refused it, and when', () => {
    const refused = token({ state: 'refused', refused_at: '2026-11-27T05:12:00.000Z' });
    expect(marketTokenLine(refused, before)).toEqual({
      text: 'Kite refused the market-data token for SB0001 at 27 Nov 2026, 10:42 IST: generate a new one.',
      tone: 'warn',
    });
  });

  it('asks for a code when there is none, unless the sandbox logs in by itself', () => {
    const none = token({ state: 'none', user_id: null, generated_at: null, expires_at: null });
    expect(marketTokenLine(none, before).text).toBe(
      'No market-data token yet: generate one with the App Code from your authenticator.',
    );
    expect(marketTokenLine({ ...none, logs_in_by_itself: true }, before)).toEqual({
      text: 'No market-data token yet: the sandbox logs in by itself when market data needs it.',
      tone: 'ok',
    });
  });
});
