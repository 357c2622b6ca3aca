import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Encrypts broker tokens at rest (AES-256-GCM) and signs session tokens (HMAC-SHA256). */
export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  sign(value: string): string;
  verify(value: string, signature: string): boolean;
}

const VERSION = 'v1';

/**
 * Key from SECRET_KEY when set, otherwise from `DATA_DIR/secret.key`, created on first use.
 * Losing the key file makes stored broker tokens unreadable, which only forces a re-login.
 */
export function loadSecretKey(secretKey: string | undefined, dataDir: string): Buffer {
  if (secretKey) return createHash('sha256').update(secretKey).digest();
  const file = path.join(dataDir, 'secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
}

export function createSecretBox(key: Buffer): SecretBox {
  const encKey = createHash('sha256').update(key).update('enc').digest();
  const macKey = createHash('sha256').update(key).update('mac').digest();
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unreadable sealed value');
      const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    sign(value) {
      return createHmac('sha256', macKey).update(value).digest('base64url');
    },
    verify(value, signature) {
      const expected = Buffer.from(this.sign(value));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
