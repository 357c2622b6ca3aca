import { describe, expect, it } from 'vitest';
import { nextKiteTokenExpiry } from '../../protocols/kite-rest.js';
import { brokerTokenExpiresAt, brokerTokenState } from './broker-token.logic.js';

const at = (iso: string) => Date.parse(iso);

describe('brokerTokenState', () => {
  it('ends a token by the rule of its broker, whatever that broker is', () => {
    const inAnHour = (generatedAt: number) => generatedAt + 3_600_000;
    expect(brokerTokenState(inAnHour, true, 0, 3_599_999)).toBe('valid');
    expect(brokerTokenState(inAnHour, true, 0, 3_600_000)).toBe('expired');
    expect(brokerTokenState(inAnHour, true, 0, 10, 5)).toBe('refused');
    expect(brokerTokenExpiresAt(inAnHour, true, 1_000)).toBe(3_601_000);
  });

  describe("with Kite's rule", () => {
    it('a token lives until the next 06:00 IST (00:30 UTC) after it was issued', () => {
      const issued = at('2026-11-23T03:45:00Z'); // 09:15 IST Monday
      expect(new Date(brokerTokenExpiresAt(nextKiteTokenExpiry, true, issued) ?? 0).toISOString()).toBe(
        '2026-11-24T00:30:00.000Z',
      );
      expect(brokerTokenState(nextKiteTokenExpiry, true, issued, at('2026-11-24T00:29:59Z'))).toBe('valid');
      expect(brokerTokenState(nextKiteTokenExpiry, true, issued, at('2026-11-24T00:30:00Z'))).toBe('expired');
    });

    it('a token issued between midnight and 06:00 IST dies the same morning', () => {
      const issued = at('2026-11-23T20:00:00Z'); // 01:30 IST Tuesday
      expect(new Date(brokerTokenExpiresAt(nextKiteTokenExpiry, true, issued) ?? 0).toISOString()).toBe(
        '2026-11-24T00:30:00.000Z',
      );
    });

    it('no token is no token, whatever the time', () => {
      expect(brokerTokenState(nextKiteTokenExpiry, false, null, 0)).toBe('none');
      expect(brokerTokenExpiresAt(nextKiteTokenExpiry, false, 123)).toBeNull();
    });
  });
});
