import { describe, expect, it } from 'vitest';
import { appCodeError, plainBrokerLoginError } from './kite-token';

describe('appCodeError', () => {
  it("says 'App Code is required' for an empty or blank code", () => {
    expect(appCodeError('')).toBe('App Code is required');
    expect(appCodeError('   ')).toBe('App Code is required');
  });

  it('accepts a code once trimmed', () => {
    expect(appCodeError(' 123456 ')).toBeNull();
  });
});

describe('plainBrokerLoginError', () => {
  it("turns Kite's wire words into the form's", () => {
    expect(plainBrokerLoginError('Invalid `user_id` or `password`.')).toBe('Broker User ID or password is incorrect');
    expect(plainBrokerLoginError('Invalid `user_id`.')).toBe('Broker User ID is not known to the broker');
    expect(plainBrokerLoginError('Invalid `twofa_value`.')).toBe(
      'App Code is wrong or expired: use the current 6-digit code',
    );
    expect(plainBrokerLoginError('Missing `request_token`.')).toBe('Missing request_token.');
  });

  it('leaves plain messages alone', () => {
    expect(plainBrokerLoginError('Failed to generate broker token')).toBe('Failed to generate broker token');
  });
});
