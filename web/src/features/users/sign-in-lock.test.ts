import { describe, expect, it } from 'vitest';
import { signInState } from './sign-in-lock';

const NOW = Date.parse('2026-11-27T08:30:00Z'); // 14:00 IST

describe('signInState', () => {
  it('says until when a locked user is locked, on the Indian clock, with the failures counted', () => {
    expect(signInState({ locked_until: '2026-11-27T08:42:10Z', failed_logins: 7 }, NOW)).toEqual({
      kind: 'locked',
      text: 'Locked until 14:12 IST',
      failed: '7 failed sign-ins',
    });
  });

  it('shows failures short of a lock, and nothing once a lock read earlier has ended', () => {
    expect(signInState({ locked_until: null, failed_logins: 1 }, NOW)).toEqual({
      kind: 'failures',
      text: '1 failed sign-in',
    });
    expect(signInState({ locked_until: null, failed_logins: 0 }, NOW)).toEqual({ kind: 'clear' });
    expect(signInState({ locked_until: '2026-11-27T08:29:59Z', failed_logins: 5 }, NOW)).toEqual({ kind: 'clear' });
  });
});
