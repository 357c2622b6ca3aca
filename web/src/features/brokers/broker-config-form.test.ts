import { MSG } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  brokerChoices,
  brokerConfigToForm,
  canGenerateToken,
  emptyBrokerConfigForm,
  isPaperBroker,
  kiteAppLabel,
  PAPER_MESSAGES,
  parseBrokerConfigForm,
  withoutSecrets,
} from './broker-config-form';
import { userBrokerFixture } from './user-broker-fixture';

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
    const stored = userBrokerFixture({ broker_id: 1, broker_username: 'AB1234', has_api_key: true });
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

describe('the order egress in the body', () => {
  it("checks the IPs, proxy URL and family with the contract's rules", () => {
    expect(parseBrokerConfigForm(form({ primary_ip: '203.0.113.300' }))).toEqual({
      ok: false,
      error: 'Registered IPs must be IP addresses, like 203.0.113.7',
    });
    expect(parseBrokerConfigForm(form({ primary_ip: '203.0.113.7', backup_ip: '203.0.113.7' }))).toEqual({
      ok: false,
      error: 'Registered IPs must not repeat an address',
    });
    expect(parseBrokerConfigForm(form({ egress_kind: 'proxy', egress_proxy_url: 'ftp://proxy.example' }))).toEqual({
      ok: false,
      error: 'Egress Proxy must be a URL like http://host:3128 or socks5://user:pass@host:1080',
    });
    expect(parseBrokerConfigForm(form({ family_group: 'Sharma; drop' }))).toEqual({
      ok: false,
      error: 'Family Group must be letters, digits, spaces, dots or dashes',
    });
  });

  it('asks for the username before the egress, and leaves an unchanged egress out on edit', () => {
    const noName = form({ broker_username: '', egress_kind: 'proxy' });
    expect(parseBrokerConfigForm(noName)).toEqual({ ok: false, error: 'Broker Username is required' });
    const account = userBrokerFixture({ egress_kind: 'proxy', egress_shown: 'http://proxy.example:3128' });
    expect(parseBrokerConfigForm(brokerConfigToForm(account), { editing: account })).toEqual({
      ok: true,
      body: { broker_id: 1, broker_username: 'AB0007' },
    });
  });

  it('forgets a typed proxy URL after a submit (it may carry a password), and never fills one in', () => {
    const account = userBrokerFixture({ egress_kind: 'proxy', egress_shown: 'http://proxy.example:3128' });
    expect(brokerConfigToForm(account).egress_proxy_url).toBe('');
    const typed = form({ egress_kind: 'proxy', egress_proxy_url: 'http://u:p@proxy.example:3128' });
    expect(withoutSecrets(typed)).toEqual({ ...typed, egress_proxy_url: '' });
  });
});

describe('a Paper account (issue 32 item 3)', () => {
  const brokers = [
    { id: 1, name: 'Zerodha', is_paper: false },
    { id: 3, name: 'Paper', is_paper: true },
  ];
  const paper = (overrides: Partial<ReturnType<typeof emptyBrokerConfigForm>>) =>
    form({ broker_id: '3', broker_username: 'paper1', virtual_capital: '1000000', ...overrides });

  it('sends its name and virtual capital, and nothing that reaches a broker', () => {
    const typed = paper({
      broker_token: 'tok',
      api_key: 'abcd1234efgh5678',
      api_secret: 'secret0123456789',
      primary_ip: '203.0.113.7',
      family_group: 'Sharma',
    });
    expect(parseBrokerConfigForm(typed, { isPaper: true })).toEqual({
      ok: true,
      body: { broker_id: 3, broker_username: 'PAPER1', virtual_capital: 1000000 },
    });
    expect(parseBrokerConfigForm(paper({ virtual_capital: ' 250000.50 ' }), { isPaper: true })).toEqual({
      ok: true,
      body: { broker_id: 3, broker_username: 'PAPER1', virtual_capital: 250000.5 },
    });
  });

  it('requires the capital, above zero with two decimals at most', () => {
    expect(parseBrokerConfigForm(paper({ virtual_capital: ' ' }), { isPaper: true })).toEqual({
      ok: false,
      error: MSG.paperAccountNeedsCapital,
    });
    expect(parseBrokerConfigForm(paper({ virtual_capital: '0' }), { isPaper: true })).toEqual({
      ok: false,
      error: 'Virtual Capital must be more than 0',
    });
    expect(parseBrokerConfigForm(paper({ virtual_capital: '100.123' }), { isPaper: true })).toEqual({
      ok: false,
      error: 'Virtual Capital may have at most two decimals',
    });
  });

  it("names the account in a Paper account's words", () => {
    expect(parseBrokerConfigForm(paper({ broker_username: ' ' }), { isPaper: true })).toEqual({
      ok: false,
      error: PAPER_MESSAGES.nameMissing,
    });
    expect(parseBrokerConfigForm(paper({ broker_username: 'my paper' }), { isPaper: true })).toEqual({
      ok: false,
      error: PAPER_MESSAGES.nameForm,
    });
  });

  it('never sends a capital for a broker account', () => {
    expect(parseBrokerConfigForm(form({ virtual_capital: '1000000' }))).toEqual({
      ok: true,
      body: { broker_id: 1, broker_username: 'AB1234' },
    });
  });

  it('shows a stored capital when editing, and keeps it after a submit', () => {
    const stored = userBrokerFixture({
      broker_id: 3,
      broker_name: 'Paper',
      broker_username: 'PAPER1',
      has_token: false,
      has_api_key: false,
      is_paper: true,
      virtual_capital: 1000000,
    });
    expect(brokerConfigToForm(stored).virtual_capital).toBe('1000000');
    expect(brokerConfigToForm(userBrokerFixture()).virtual_capital).toBe('');
    expect(withoutSecrets(paper({})).virtual_capital).toBe('1000000');
  });

  it('knows the Paper broker, and offers an edited account only brokers of its kind', () => {
    expect(isPaperBroker(brokers, '3')).toBe(true);
    expect(isPaperBroker(brokers, '1')).toBe(false);
    expect(isPaperBroker(undefined, '3')).toBe(false);
    expect(brokerChoices(brokers, null)).toEqual(brokers);
    expect(brokerChoices(brokers, userBrokerFixture())).toEqual([brokers[0]]);
    expect(brokerChoices(brokers, userBrokerFixture({ is_paper: true }))).toEqual([brokers[1]]);
  });
});
