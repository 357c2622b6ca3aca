import { describe, expect, it } from 'vitest';
import { canGenerateToken, emptyBrokerConfigForm, parseBrokerConfigForm } from './broker-config-form';

describe('parseBrokerConfigForm', () => {
  it('requires the Broker Username', () => {
    expect(parseBrokerConfigForm({ ...emptyBrokerConfigForm(1), broker_username: '  ' })).toEqual({
      ok: false,
      error: 'Broker Username is required',
    });
  });

  it('leaves an empty token out and trims the username', () => {
    expect(parseBrokerConfigForm({ broker_id: '1', broker_username: ' AB1234 ', broker_token: '' })).toEqual({
      ok: true,
      body: { broker_id: 1, broker_username: 'AB1234' },
    });
  });

  it('sends a typed token', () => {
    expect(parseBrokerConfigForm({ broker_id: '2', broker_username: 'me', broker_token: 'secret' })).toEqual({
      ok: true,
      body: { broker_id: 2, broker_username: 'me', broker_token: 'secret' },
    });
  });

  it('wants a broker', () => {
    expect(parseBrokerConfigForm({ broker_id: '', broker_username: 'me', broker_token: '' })).toEqual({
      ok: false,
      error: 'Broker is required',
    });
  });
});

describe('canGenerateToken', () => {
  it('is offered on Zerodha accounts only', () => {
    expect(canGenerateToken({ broker_name: 'Zerodha' })).toBe(true);
    expect(canGenerateToken({ broker_name: 'Binance' })).toBe(false);
  });
});
