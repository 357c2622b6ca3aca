import { AUDIT_CHANGED, AUDIT_HIDDEN, type Mapping } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { automaticStop, diffFields, fieldsOf, isSecretField, secretChanges } from './audit.logic.js';

describe('fieldsOf: a row as the log may show it', () => {
  it('keeps plain fields in snake_case and drops ids and bookkeeping times', () => {
    expect(fieldsOf({ id: 3, lotSize: 65, instrumentToken: '256265', createdAt: 1, updatedAt: 2 })).toEqual({
      lot_size: 65,
      instrument_token: '256265',
    });
  });

  it('never keeps a password hash or a sealed value, but says whether a sealed one is set', () => {
    const row = { username: 'asha', passwordHash: '$argon2id$secret', brokerTokenSealed: 'v1:abc', apiKeySealed: null };
    expect(fieldsOf(row)).toEqual({ username: 'asha', has_broker_token: true, has_api_key: false });
  });

  it('keeps where a URL points but not its path, query or credentials, and still shows that it changed', () => {
    const discord = fieldsOf({ webhookUrl: 'https://discord.com/api/webhooks/123/SECRETTOKENabc' });
    expect(discord.webhook_url).toMatch(/^https:\/\/discord\.com\/… #[0-9a-f]{8}$/);
    expect(JSON.stringify(discord)).not.toContain('SECRETTOKEN');
    const moved = fieldsOf({ webhookUrl: 'https://discord.com/api/webhooks/123/OTHERtoken' });
    expect(moved.webhook_url).not.toBe(discord.webhook_url);
    expect(fieldsOf({ webhookUrl: 'https://user:pw@hooks.example.com' }).webhook_url).not.toContain('pw');
    expect(fieldsOf({ webhookUrl: 'https://hooks.example.com' }).webhook_url).toBe('https://hooks.example.com');
    expect(fieldsOf({ webhookUrl: null }).webhook_url).toBeNull();
  });

  it('knows secrets by name, and an exchange instrument token is not one', () => {
    for (const name of [
      'password',
      'new_password',
      'api_secret',
      'api_key',
      'broker_token',
      'access_token',
      'appcode',
    ]) {
      expect(isSecretField(name), name).toBe(true);
    }
    for (const name of ['app_code', 'totp', 'telegram_bot_token', 'webhook_secret', 'pin', 'enc_key']) {
      expect(isSecretField(name), name).toBe(true);
    }
    for (const name of ['instrument_token', 'username', 'token_updated_at', 'ce_count', 'spinner']) {
      expect(isSecretField(name), name).toBe(false);
    }
  });
});

describe('diffFields', () => {
  it('lists only the fields that changed, with both values', () => {
    expect(
      diffFields({ ce_count: 1, pe_count: 1, end_time: null }, { ce_count: 2, pe_count: 1, end_time: '15:00' }),
    ).toEqual({
      ce_count: { before: 1, after: 2 },
      end_time: { before: null, after: '15:00' },
    });
  });

  it('shows a created object from nothing and a deleted one to nothing', () => {
    expect(diffFields(null, { role: 'user' })).toEqual({ role: { before: null, after: 'user' } });
    expect(diffFields({ role: 'user' }, null)).toEqual({ role: { before: 'user', after: null } });
  });

  it('finds nothing when nothing changed', () => {
    expect(diffFields({ engaged: false }, { engaged: false })).toEqual({});
  });
});

describe('secretChanges: a secret set or cleared, never its value', () => {
  it('marks a sent secret changed and a null one cleared; an omitted or empty one changed nothing', () => {
    const body = { broker_token: 'tok-XYZ', api_key: null, api_secret: '', broker_username: 'AB1234' };
    const changes = secretChanges(body, ['broker_token', 'api_key', 'api_secret', 'password']);
    expect(changes).toEqual({
      broker_token: { before: AUDIT_HIDDEN, after: AUDIT_CHANGED },
      api_key: { before: AUDIT_HIDDEN, after: null },
    });
    expect(JSON.stringify(changes)).not.toContain('tok-XYZ');
  });
});

describe('automaticStop', () => {
  const mapping = (running_status: number) => ({ id: 7, user_id: 3, running_status }) as Mapping;

  it('records a stop the console made by itself as the system, with its reason', () => {
    expect(automaticStop(mapping(0), 'max_loss')).toMatchObject({
      action: 'mapping.auto_stop',
      objectId: 7,
      ownerUserId: 3,
      detail: { reason: 'max_loss', running_status: 0 },
    });
    expect(automaticStop(mapping(2), 'token_expired')?.action).toBe('mapping.auto_pause');
  });

  it('leaves starts, a person’s stops and the kill switch to their requests’ own rows', () => {
    expect(automaticStop(mapping(1), 'started')).toBeNull();
    expect(automaticStop(mapping(0), 'manual')).toBeNull();
    expect(automaticStop(mapping(0), 'kill_switch')).toBeNull();
  });
});
