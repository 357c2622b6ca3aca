import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  afterAttempt,
  backoffMs,
  isPermanentFailure,
  MAX_ATTEMPTS,
  MAX_BACKOFF_MS,
  signWebhookBody,
  TELEGRAM_MAX_CHARS,
  telegramText,
  webhookBody,
} from './delivery.logic.js';

const NOW = Date.UTC(2026, 10, 23, 5, 0);

describe('backoff', () => {
  it('waits 30 s after the first failure, doubling to a 30-minute ceiling', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(MAX_BACKOFF_MS);
  });
});

describe('afterAttempt', () => {
  it('records a delivery', () => {
    expect(afterAttempt(1, { ok: true }, NOW)).toEqual({
      status: 'delivered',
      attempts: 2,
      nextAttemptAt: NOW,
      deliveredAt: NOW,
      lastError: null,
    });
  });

  it('retries a server error or a timeout later, with the reason', () => {
    expect(afterAttempt(0, { ok: false, status: 502, error: 'The webhook answered 502' }, NOW)).toEqual({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: NOW + 30_000,
      deliveredAt: null,
      lastError: 'The webhook answered 502',
    });
    expect(afterAttempt(2, { ok: false, status: null, error: 'timed out' }, NOW).nextAttemptAt).toBe(NOW + 120_000);
    expect(afterAttempt(0, { ok: false, status: 429, error: 'slow down' }, NOW).status).toBe('pending');
  });

  it('gives up on a refusal no retry changes, and after the last attempt', () => {
    expect(afterAttempt(0, { ok: false, status: 401, error: 'Unauthorized' }, NOW).status).toBe('failed');
    expect(afterAttempt(0, { ok: false, status: null, error: 'gone', isPermanent: true }, NOW).status).toBe('failed');
    expect(afterAttempt(MAX_ATTEMPTS - 1, { ok: false, status: 500, error: 'down' }, NOW)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
    });
    expect(isPermanentFailure(404)).toBe(true);
    expect(isPermanentFailure(408)).toBe(false);
    expect(isPermanentFailure(503)).toBe(false);
  });
});

describe('webhook signature', () => {
  it('is sha256= and the hex HMAC-SHA256 of the exact body with the secret', () => {
    const body = webhookBody(12, {
      id: 3,
      kind: 'test',
      title: 'Test notification',
      body: 'ok',
      created_at: '2026-11-23T05:00:00.000Z',
      read_at: null,
      user_strategy_mapping_id: null,
      user_broker_id: null,
    });
    const secret = 'a-webhook-secret-of-mine';
    const expected = createHmac('sha256', secret).update(body).digest('hex');
    expect(signWebhookBody(body, secret)).toBe(`sha256=${expected}`);
    expect(signWebhookBody(body, 'another-secret-entirely')).not.toBe(`sha256=${expected}`);
    expect(JSON.parse(body)).toMatchObject({ delivery_id: 12, alert: { id: 3, kind: 'test' } });
  });
});

describe('telegramText', () => {
  it('puts the title over the body and keeps within Telegram’s limit', () => {
    expect(telegramText({ title: 'T', body: 'B' })).toBe('T\n\nB');
    const long = telegramText({ title: 'T', body: 'x'.repeat(5000) });
    expect(long).toHaveLength(TELEGRAM_MAX_CHARS);
    expect(long.endsWith('…')).toBe(true);
  });
});
