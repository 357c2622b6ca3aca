import { describe, expect, it } from 'vitest';
import { channelsValues, deliveryText, parseAlertChannels, testAlertReport } from './alert-channels-form';

const TOKEN = '123456789:AAF-a-test-bot-token-0123456789';

describe('parseAlertChannels', () => {
  it('leaves empty secrets out, so the saved ones are kept', () => {
    const values = channelsValues({
      has_telegram_bot_token: true,
      telegram_chat_id: '-100123',
      webhook_url: 'https://example.com/hook',
      has_webhook_secret: true,
      active: ['telegram', 'webhook'],
      last_delivery: { telegram: null, webhook: null },
    });
    expect(values).toEqual({
      botToken: '',
      chatId: '-100123',
      webhookUrl: 'https://example.com/hook',
      webhookSecret: '',
    });
    expect(parseAlertChannels(values)).toEqual({
      ok: true,
      body: { telegram_chat_id: '-100123', webhook_url: 'https://example.com/hook' },
    });
  });

  it('sends typed secrets, and says what is wrong with the contract’s words', () => {
    const typed = { botToken: ` ${TOKEN} `, chatId: '42', webhookUrl: '', webhookSecret: '' };
    expect(parseAlertChannels(typed)).toEqual({
      ok: true,
      body: { telegram_bot_token: TOKEN, telegram_chat_id: '42', webhook_url: '' },
    });
    expect(parseAlertChannels({ ...typed, botToken: 'nope' })).toEqual({
      ok: false,
      error: 'Telegram Bot Token must be the token BotFather gave (123456789:ABC...)',
    });
    expect(parseAlertChannels({ ...typed, webhookUrl: 'ftp://x' })).toMatchObject({ ok: false });
    expect(parseAlertChannels({ ...typed, webhookUrl: 'https://x.example', webhookSecret: 'short' })).toEqual({
      ok: false,
      error: 'Webhook Secret must be at least 16 characters',
    });
  });
});

describe('deliveryText', () => {
  const at = '2026-11-23T05:00:30.000Z'; // 10:30:30 IST
  it('says nothing before any alert was sent', () => {
    expect(deliveryText('Telegram', null)).toBeNull();
  });

  it('says when the last alert arrived, or why it has not and when it is tried again', () => {
    expect(deliveryText('Telegram', { status: 'delivered', attempts: 2, at, error: null })).toBe(
      'Telegram: last alert delivered 23 Nov 2026, 10:30:30 IST',
    );
    expect(deliveryText('Webhook', { status: 'pending', attempts: 1, at, error: 'The webhook answered 503' })).toBe(
      'Webhook: last alert not delivered yet (The webhook answered 503); trying again 23 Nov 2026, 10:30:30 IST',
    );
    expect(deliveryText('Webhook', { status: 'pending', attempts: 0, at, error: null })).toBe(
      'Webhook: last alert waiting to be sent',
    );
  });

  it('tells the trader to check the settings when the console gave up', () => {
    expect(
      deliveryText('Telegram', { status: 'failed', attempts: 1, at, error: 'Telegram answered 400: chat not found' }),
    ).toBe(
      'Telegram: last alert not delivered after 1 try (Telegram answered 400: chat not found); check the settings and send a test alert',
    );
  });
});

describe('testAlertReport', () => {
  it('says a channel that did not take the test alert did not, and makes the message an error', () => {
    expect(
      testAlertReport({
        channels: [
          { channel: 'telegram', status: 'failed', error: 'Telegram did not find the chat: check the Chat ID' },
          { channel: 'webhook', status: 'delivered', error: null },
        ],
      }),
    ).toEqual({
      kind: 'error',
      text: 'Test alert sent to the bell, but not every channel took it',
      details: [
        'Telegram: not delivered (Telegram did not find the chat: check the Chat ID); check the settings',
        'Webhook: delivered',
      ],
    });
    expect(
      testAlertReport({
        channels: [{ channel: 'webhook', status: 'pending', error: 'The webhook could not be reached' }],
      }).details,
    ).toEqual(['Webhook: not delivered yet (The webhook could not be reached); it will be tried again']);
  });

  it('is a success only when every channel took it, or there are none', () => {
    expect(testAlertReport({ channels: [{ channel: 'telegram', status: 'delivered', error: null }] })).toEqual({
      kind: 'success',
      text: 'Test alert sent to the bell and delivered on every channel',
      details: ['Telegram: delivered'],
    });
    expect(testAlertReport({ channels: [] })).toEqual({
      kind: 'success',
      text: 'Test alert sent to the bell',
      details: [],
    });
  });
});
