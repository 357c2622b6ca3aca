import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, keyIdOf, loadPreviousKey, loadSecretKey, secretBoxFromEnv } from './secrets.js';

/** A value in the first format (`v1.iv.tag.body`, no key id), exactly as databases before key ids hold them. */
function sealLegacy(key: Buffer, plain: string): string {
  const encKey = createHash('sha256').update(key).update('enc').digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encKey, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

describe('SecretBox', () => {
  const key = randomBytes(32);
  const box = createSecretBox(key);

  it('round-trips a value and never stores it in the clear', () => {
    const sealed = box.encrypt('kite-access-token-123');
    expect(sealed).not.toContain('kite-access-token-123');
    expect(box.decrypt(sealed)).toBe('kite-access-token-123');
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('names the sealing key in every value, without revealing the key', () => {
    const sealed = box.encrypt('value');
    const [version, kid] = sealed.split('.');
    expect(version).toBe('v2');
    expect(kid).toBe(box.keyId);
    expect(kid).toMatch(/^[0-9a-f]{8}$/);
    expect(key.toString('hex')).not.toContain(kid);
    expect(keyIdOf(key)).toBe(kid);
    expect(box.isCurrent(sealed)).toBe(true);
  });

  it('refuses a tampered value and another key', () => {
    const sealed = box.encrypt('value');
    const parts = sealed.split('.');
    parts[4] = Buffer.from('other').toString('base64url');
    expect(() => box.decrypt(parts.join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).decrypt(sealed)).toThrow(/unknown key.*SECRET_KEY_PREVIOUS/);
    expect(() => box.decrypt('garbage')).toThrow('Unreadable sealed value');
  });

  it('a value whose key id was swapped for another known key does not open', () => {
    const other = randomBytes(32);
    const both = createSecretBox(key, [other]);
    const parts = box.encrypt('value').split('.');
    parts[1] = keyIdOf(other);
    expect(() => both.decrypt(parts.join('.'))).toThrow();
  });

  it('opens values sealed by the previous key, and seals only with the current one', () => {
    const oldKey = randomBytes(32);
    const oldSealed = createSecretBox(oldKey).encrypt('old-token');
    const rotated = createSecretBox(randomBytes(32), [oldKey]);
    expect(rotated.decrypt(oldSealed)).toBe('old-token');
    expect(rotated.isCurrent(oldSealed)).toBe(false);
    const resealed = rotated.encrypt(rotated.decrypt(oldSealed));
    expect(rotated.isCurrent(resealed)).toBe(true);
    // The old key alone cannot open what the new one sealed.
    expect(() => createSecretBox(oldKey).decrypt(resealed)).toThrow(/unknown key/);
  });

  it('opens legacy values without a key id with the current key or the previous one', () => {
    const oldKey = randomBytes(32);
    expect(box.decrypt(sealLegacy(key, 'legacy-current'))).toBe('legacy-current');
    expect(box.isCurrent(sealLegacy(key, 'x'))).toBe(false);
    const rotated = createSecretBox(randomBytes(32), [oldKey]);
    expect(rotated.decrypt(sealLegacy(oldKey, 'legacy-old'))).toBe('legacy-old');
    expect(() => rotated.decrypt(sealLegacy(randomBytes(32), 'lost'))).toThrow(/unknown key/);
  });

  it('signs with the current key and verifies signatures of the current or previous key', () => {
    const sig = box.sign('abc');
    expect(box.verify('abc', sig)).toBe(true);
    expect(box.verify('abd', sig)).toBe(false);
    expect(box.verify('abc', 'short')).toBe(false);
    const rotated = createSecretBox(randomBytes(32), [key]);
    expect(rotated.verify('abc', sig)).toBe(true);
    expect(rotated.sign('abc')).not.toBe(sig);
    expect(createSecretBox(randomBytes(32)).verify('abc', sig)).toBe(false);
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

describe('secretBoxFromEnv', () => {
  it('takes SECRET_KEY_PREVIOUS as a passphrase or as file:<key file>', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'key-'));
    const fileKeyed = secretBoxFromEnv({ DATA_DIR: dir });
    const fromFile = fileKeyed.encrypt('sealed-by-file-key');
    const fromPhrase = secretBoxFromEnv({ SECRET_KEY: 'old phrase', DATA_DIR: dir }).encrypt('sealed-by-phrase');

    const keyFile = `file:${path.join(dir, 'secret.key')}`;
    expect(loadPreviousKey(keyFile)).toEqual(loadSecretKey(undefined, dir));
    expect(loadPreviousKey(undefined)).toBeNull();
    const afterFile = secretBoxFromEnv({ SECRET_KEY: 'new phrase', SECRET_KEY_PREVIOUS: keyFile, DATA_DIR: dir });
    expect(afterFile.decrypt(fromFile)).toBe('sealed-by-file-key');
    const afterPhrase = secretBoxFromEnv({
      SECRET_KEY: 'new phrase',
      SECRET_KEY_PREVIOUS: 'old phrase',
      DATA_DIR: dir,
    });
    expect(afterPhrase.decrypt(fromPhrase)).toBe('sealed-by-phrase');
    expect(() => afterPhrase.decrypt(fromFile)).toThrow(/unknown key/);
    expect(() => loadPreviousKey(`file:${path.join(dir, 'missing.key')}`)).toThrow();
  });
});
