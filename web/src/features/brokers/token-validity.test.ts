import { describe, expect, it } from 'vitest';
import { mappingTokenNote, tokenIsExpired, tokenValidity } from './token-validity';

const b = { token_expires_at: '2026-11-24T00:30:00.000Z', token_refused_at: null }; // Tuesday 06:00 IST

describe('token validity', () => {
  it('shows when a token stops working, in IST', () => {
    expect(tokenValidity(b, Date.parse('2026-11-23T10:00:00Z'))).toBe('24 Nov 2026, 06:00 IST');
    expect(tokenIsExpired(b, Date.parse('2026-11-23T10:00:00Z'))).toBe(false);
  });

  it('says a dead token is dead and what to do', () => {
    expect(tokenValidity(b, Date.parse('2026-11-24T00:30:00Z'))).toBe(
      'Expired 24 Nov 2026, 06:00 IST: generate a new one',
    );
    expect(tokenIsExpired(b, Date.parse('2026-11-24T00:30:00Z'))).toBe(true);
  });

  it('says Kite refused a token before its end, and what to do', () => {
    const refused = { ...b, token_refused_at: '2026-11-23T05:12:00.000Z' };
    expect(tokenValidity(refused, Date.parse('2026-11-23T10:00:00Z'))).toBe(
      'Refused by Kite 23 Nov 2026, 10:42 IST: generate a new one',
    );
    expect(tokenIsExpired(refused, Date.parse('2026-11-23T10:00:00Z'))).toBe(true);
    const live = { is_dummy: 0, broker_token_expires_at: b.token_expires_at, broker_has_token: false };
    expect(mappingTokenNote(live, Date.parse('2026-11-23T10:00:00Z'))).toBe(
      'Token refused by Kite: generate a new one',
    );
  });

  it('shows a dash without a token', () => {
    expect(tokenValidity({ token_expires_at: null, token_refused_at: null })).toBe('—');
  });

  it("notes a LIVE mapping's token under its account, and nothing for paper", () => {
    const live = { is_dummy: 0, broker_token_expires_at: b.token_expires_at, broker_has_token: true };
    expect(mappingTokenNote(live, Date.parse('2026-11-23T10:00:00Z'))).toBe('Token valid until 24 Nov 2026, 06:00 IST');
    expect(mappingTokenNote(live, Date.parse('2026-11-24T01:00:00Z'))).toBe('Token expired 24 Nov 2026, 06:00 IST');
    expect(mappingTokenNote({ is_dummy: 0, broker_token_expires_at: null, broker_has_token: false })).toBe(
      'No access token',
    );
    expect(mappingTokenNote({ is_dummy: 1, broker_token_expires_at: null, broker_has_token: false })).toBeNull();
  });
});
