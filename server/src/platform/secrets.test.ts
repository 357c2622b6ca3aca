import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey } from './secrets.js';

describe('SecretBox', () => {
  const box = createSecretBox(randomBytes(32));

  it('round-trips a value and never stores it in the clear', () => {
    const sealed = box.encrypt('kite-access-token-123');
    expect(sealed).not.toContain('kite-access-token-123');
    expect(box.decrypt(sealed)).toBe('kite-access-token-123');
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('refuses a tampered value and another key', () => {
    const sealed = box.encrypt('value');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => box.decrypt(parts.join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).decrypt(sealed)).toThrow();
  });

  it('signs and verifies', () => {
    const sig = box.sign('abc');
    expect(box.verify('abc', sig)).toBe(true);
    expect(box.verify('abd', sig)).toBe(false);
    expect(box.verify('abc', 'short')).toBe(false);
  });
});

describe('loadSecretKey', () => {
  it('derives from SECRET_KEY, else creates and then reuses a key file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'key-'));
    expect(loadSecretKey('passphrase', dir)).toEqual(loadSecretKey('passphrase', dir));
    expect(fs.existsSync(path.join(dir, 'secret.key'))).toBe(false);
    const first = loadSecretKey(undefined, dir);
    expect(first).toHaveLength(32);
    expect(loadSecretKey(undefined, dir)).toEqual(first);
    expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o077).toBe(0);
  });
});
