import { describe, expect, it } from 'vitest';
import { telegramRefusal, webhookOutcome } from './alert-senders.js';

describe('webhookOutcome', () => {
  it("tells the class of a webhook's answer, never the status itself", () => {
    expect(webhookOutcome(204)).toEqual({ ok: true });
    expect(webhookOutcome(404)).toEqual({ ok: false, status: 404, error: 'The webhook refused it (HTTP 4xx)' });
    expect(webhookOutcome(401)).toEqual({ ok: false, status: 401, error: 'The webhook refused it (HTTP 4xx)' });
    expect(webhookOutcome(502)).toMatchObject({ error: 'The webhook could not take it (HTTP 5xx)' });
    expect(webhookOutcome(301)).toMatchObject({ isPermanent: true, error: expect.stringMatching(/HTTP 3xx/) });
  });
});

describe('telegramRefusal', () => {
  it("says what to fix in a trader's words", () => {
    expect(telegramRefusal(400)).toBe('Telegram did not find the chat: check the Chat ID');
    expect(telegramRefusal(401)).toBe('Telegram did not accept the Bot Token: check it');
    expect(telegramRefusal(403)).toMatch(/^The bot may not write to this chat/);
    expect(telegramRefusal(503)).toBe('Telegram is having trouble (HTTP 503)');
  });
});
