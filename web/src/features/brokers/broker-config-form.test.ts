import { MSG, type UserBroker } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  brokerConfigToForm,
  canGenerateToken,
  emptyBrokerConfigForm,
  kiteAppLabel,
  parseBrokerConfigForm,
  withoutSecrets,
} from './broker-config-form';

const form = (overrides: Partial<ReturnType<typeof emptyBrokerConfigForm>>) => ({
  ...emptyBrokerConfigForm(1),
  broker_username: 'AB1234',
  ...overrides,
});

describe('parseBrokerConfigForm', () => {
  it('requires the Broker Username', () => {
    expect(parseBrokerConfigForm({ ...emptyBrokerConfigForm(1), broker_username: '  ' })).toEqual({
      ok: false,
      error: 'Broker Username is required',
    });
  });

  it('leaves an empty token out and trims the username', () => {
    expect(parseBrokerConfigForm(form({ broker_username: ' AB1234 ' }))).toEqual({
      ok: true,
      body: { broker_id: 1, broker_username: 'AB1234' },
    });
  });

  it('sends a typed token (the user ID upper case, as Kite writes it)', () => {
    expect(parseBrokerConfigForm(form({ broker_id: '2', broker_username: 'me', broker_token: 'secret' }))).toEqual({
      ok: true,
      body: { broker_id: 2, broker_username: 'ME', broker_token: 'secret' },
    });
  });

  it('wants a broker', () => {
    expect(parseBrokerConfigForm(form({ broker_id: '' }))).toEqual({ ok: false, error: 'Broker is required' });
  });
});

describe("the account's own Kite app", () => {
  it('sends a trimmed API Key and API Secret together', () => {
    const parsed = parseBrokerConfigForm(form({ api_key: ' abcd1234efgh5678 ', api_secret: 'secret0123456789' }));
    expect(parsed).toEqual({
      ok: true,
      body: { broker_id: 1, broker_username: 'AB1234', api_key: 'abcd1234efgh5678', api_secret: 'secret0123456789' },
    });
  });

  it('refuses one without the other, and a key that is not letters and digits', () => {
    expect(parseBrokerConfigForm(form({ api_key: 'abcd1234efgh5678' }))).toEqual({ ok: false, error: MSG.kiteAppPair });
    expect(parseBrokerConfigForm(form({ api_secret: 'secret0123456789' }))).toEqual({
      ok: false,
      error: MSG.kiteAppPair,
    });
    expect(parseBrokerConfigForm(form({ api_key: 'not a key!', api_secret: 'secret0123456789' }))).toEqual({
      ok: false,
      error: 'API Key must be 6 to 64 letters or digits',
    });
  });

  it('leaves both out when empty (keep on edit), sends empty strings to remove, and nothing for Binance', () => {
    expect(parseBrokerConfigForm(form({}))).toEqual({ ok: true, body: { broker_id: 1, broker_username: 'AB1234' } });
    expect(parseBrokerConfigForm(form({ remove_own_app: true, api_key: 'typed0key' }))).toEqual({
      ok: true,
      body: { broker_id: 1, broker_username: 'AB1234', api_key: '', api_secret: '' },
    });
    const binance = form({ broker_id: '2', api_key: 'abcd1234efgh5678', api_secret: 'secret0123456789' });
    expect(parseBrokerConfigForm(binance, { isKite: false })).toEqual({
      ok: true,
      body: { broker_id: 2, broker_username: 'AB1234' },
    });
  });

  it('never puts a stored key or secret back in the form, and drops typed ones after a submit', () => {
    const stored = { broker_id: 1, broker_username: 'AB1234', has_api_key: true } as UserBroker;
    expect(brokerConfigToForm(stored)).toMatchObject({ api_key: '', api_secret: '', remove_own_app: false });
    const typed = form({ broker_token: 't', api_key: 'abcd1234efgh5678', api_secret: 'secret0123456789' });
    expect(withoutSecrets(typed)).toEqual(form({}));
  });

  it('labels a Zerodha row with the app it uses; other brokers have none', () => {
    expect(kiteAppLabel({ broker_name: 'Zerodha', has_api_key: true })).toBe('Own app');
    expect(kiteAppLabel({ broker_name: 'Zerodha', has_api_key: false })).toBe('Console app');
    expect(kiteAppLabel({ broker_name: 'Binance', has_api_key: false })).toBeNull();
  });
});

describe('canGenerateToken', () => {
  it('is offered on Zerodha accounts only', () => {
    expect(canGenerateToken({ broker_name: 'Zerodha' })).toBe(true);
    expect(canGenerateToken({ broker_name: 'Binance' })).toBe(false);
  });
});
