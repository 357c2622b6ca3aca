import { SIGNAL_ACTIONS, SignalRequestSchema } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { mappingFixture } from './mapping-fixture';
import { alertMessage, alertMessages, newSecretQuestion, webhookUrl } from './signal-setup';

describe('signal setup', () => {
  it("builds the webhook address on the console's own origin", () => {
    expect(webhookUrl('https://desk.example.in', 'Jx0-a_b')).toBe('https://desk.example.in/api/signals/Jx0-a_b');
    expect(webhookUrl('http://127.0.0.1:4330/', 'tok')).toBe('http://127.0.0.1:4330/api/signals/tok');
  });

  it('writes the alert message as the JSON docs/SIGNALS.md says, {{timenow}} as its key', () => {
    expect(alertMessage('start', 'b4S"x')).toBe(
      '{"action":"start","secret":"b4S\\"x","idempotency_key":"{{timenow}}"}',
    );
    // Each message is a signal the server reads: valid JSON, every field in the contract's shape.
    const messages = alertMessages('s3cret');
    expect(messages.map((m) => m.action)).toEqual([...SIGNAL_ACTIONS]);
    for (const { action, message } of messages) {
      expect(SignalRequestSchema.parse(JSON.parse(message))).toEqual({
        action,
        secret: 's3cret',
        idempotency_key: '{{timenow}}',
      });
    }
  });

  it('asks before making a secret, naming the strategy and that earlier alerts stop working', () => {
    const m = mappingFixture({ broker_username: 'PAPER1', is_dummy: 1 });
    const first = newSecretQuestion(m, false);
    expect(first).toMatchObject({
      title: 'Create a new signal secret?',
      confirmLabel: 'Create new secret',
      isDanger: true,
    });
    expect(first.text).toContain('Any earlier webhook address and secret of this strategy stop working at once');
    expect(first.details).toEqual(['Strategy: RDX on NIFTY 50', 'Account: PAPER1 (paper)']);
    const again = newSecretQuestion({ ...m, is_dummy: 0 }, true);
    expect(again).toMatchObject({ title: 'Rotate this strategy’s signal secret?', confirmLabel: 'Rotate secret' });
    expect(again.text).toContain('The address and secret shown here stop working at once');
    expect(again.details).toContain('Account: PAPER1 (LIVE)');
  });
});
