import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './data-dir.js';

/**
 * Encrypts broker tokens and other credentials at rest (AES-256-GCM) and signs session tokens (HMAC-SHA256).
 * Sealed values name the key that sealed them, so a new key can still open values sealed by the previous one
 * until `npm run secrets:rotate` has re-sealed them.
 */
export interface SecretBox {
  /** The current key's id, as written into every value it seals. */
  readonly keyId: string;
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** Whether `sealed` is already in the current format under the current key (rotation skips it). */
  isCurrent(sealed: string): boolean;
  sign(value: string): string;
  verify(value: string, signature: string): boolean;
}

/** `v1.<iv>.<tag>.<body>`: the first format, without a key id (opened by trying each known key). */
const LEGACY = 'v1';
/** `v2.<kid>.<iv>.<tag>.<body>`. */
const VERSION = 'v2';

/** The passphrase form of SECRET_KEY and SECRET_KEY_PREVIOUS, hashed to 32 bytes. */
function keyFromPassphrase(passphrase: string): Buffer {
  return createHash('sha256').update(passphrase).digest();
}

function readKeyFile(file: string): Buffer {
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`Key file ${file} does not hold a 64-hex-digit key`);
  return key;
}

/**
 * Key from SECRET_KEY when set, otherwise from `DATA_DIR/secret.key`, created on first use.
 * Losing the key makes stored broker tokens unreadable, which only forces a re-login.
 */
export function loadSecretKey(secretKey: string | undefined, dataDir: string): Buffer {
  if (secretKey) return keyFromPassphrase(secretKey);
  const file = path.join(dataDir, 'secret.key');
  if (!fs.existsSync(file)) {
    ensurePrivateDir(dataDir);
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  }
  return readKeyFile(file);
}

/**
 * SECRET_KEY_PREVIOUS: the key being rotated away from, a passphrase as SECRET_KEY takes, or
 * `file:<path>` for a key file (the `secret.key` a console generated when SECRET_KEY was unset).
 */
export function loadPreviousKey(previous: string | undefined): Buffer | null {
  if (!previous) return null;
  if (previous.startsWith('file:')) return readKeyFile(path.resolve(previous.slice('file:'.length)));
  return keyFromPassphrase(previous);
}

/** The box a process uses: the current key from env (or the key file), plus the previous key if set. */
export function secretBoxFromEnv(env: {
  SECRET_KEY?: string | undefined;
  SECRET_KEY_PREVIOUS?: string | undefined;
  DATA_DIR: string;
}): SecretBox {
  const previous = loadPreviousKey(env.SECRET_KEY_PREVIOUS);
  return createSecretBox(loadSecretKey(env.SECRET_KEY, env.DATA_DIR), previous ? [previous] : []);
}

/** The first 8 hex digits of a hash of the key: names it in sealed values without revealing it. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('rdx-key-id').update(key).digest('hex').slice(0, 8);
}

interface Keyring {
  id: string;
  enc: Buffer;
  mac: Buffer;
}

function keyring(key: Buffer): Keyring {
  return {
    id: keyIdOf(key),
    enc: createHash('sha256').update(key).update('enc').digest(),
    mac: createHash('sha256').update(key).update('mac').digest(),
  };
}

function open(encKey: Buffer, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

const hmac = (macKey: Buffer, value: string) => createHmac('sha256', macKey).update(value).digest('base64url');

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Seals with `key`; opens with `key` or any of `previous` (the keys a rotation is moving away from). */
export function createSecretBox(key: Buffer, previous: Buffer[] = []): SecretBox {
  const current = keyring(key);
  const all = [current, ...previous.map(keyring).filter((k) => k.id !== current.id)];
  return {
    keyId: current.id,
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.enc, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [
        VERSION,
        current.id,
        iv.toString('base64url'),
        tag.toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    decrypt(sealed) {
      const parts = sealed.split('.');
      if (parts[0] === VERSION && parts.length === 5) {
        const [, kid, iv, tag, body] = parts as [string, string, string, string, string];
        const k = all.find((candidate) => candidate.id === kid);
        if (!k) {
          throw new Error(
            `Sealed with an unknown key (key id ${kid}; this console has ${all.map((c) => c.id).join(', ')}): ` +
              'set SECRET_KEY_PREVIOUS to the key it was sealed with',
          );
        }
        return open(k.enc, iv, tag, body);
      }
      if (parts[0] === LEGACY && parts.length === 4) {
        const [, iv, tag, body] = parts as [string, string, string, string];
        // No key id: the authentication tag tells which key sealed it.
        for (const k of all) {
          try {
            return open(k.enc, iv, tag, body);
          } catch {
            // not this key
          }
        }
        throw new Error(
          'Sealed with an unknown key (a v1 value): set SECRET_KEY_PREVIOUS to the key it was sealed with',
        );
      }
      throw new Error('Unreadable sealed value');
    },
    isCurrent(sealed) {
      const parts = sealed.split('.');
      return parts[0] === VERSION && parts.length === 5 && parts[1] === current.id;
    },
    sign(value) {
      return hmac(current.mac, value);
    },
    // Sessions signed before a rotation stay valid while the previous key is configured.
    verify(value, signature) {
      return all.some((k) => sameText(hmac(k.mac, value), signature));
    },
  };
}
