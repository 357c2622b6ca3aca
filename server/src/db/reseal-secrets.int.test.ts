import { execFile } from 'node:child_process';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialect, openTestDatabase } from '../../test/test-app.js';
import { createSecretBox, loadSecretKey, type SecretBox } from '../platform/secrets.js';
import { openDatabase, type Database } from './client.js';
import { migrateToLatest } from './migrate.js';
import { resealSecrets } from './reseal-secrets.js';
import { seedReferenceData } from './seed.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const NOW = Date.UTC(2026, 10, 23, 5, 0, 0);

/** A value in the first format (no key id), as databases sealed before key ids hold them. */
function sealLegacy(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(key).update('enc').digest(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}

const PLAIN = {
  token: 'broker-token-Aq7',
  apiKey: 'own-app-key-Zx1',
  apiSecret: 'own-app-secret-Lm4',
  legacyToken: 'legacy-broker-token-Pp0',
  bot: '123456789:telegram-bot-token-abcdefghij',
  hook: 'webhook-secret-0123456789',
  market: 'market-data-token-Qw9',
  proxy: 'socks5://asha:proxy-pass-Rt5@proxy.example:1080',
  signal: 'signal-secret-Hk2',
};

/** Rows as an old console left them: sealed with `oldKey`, one broker token still in the key-id-less format. */
async function seedSealedRows(database: Database, oldKey: Buffer) {
  const old = createSecretBox(oldKey);
  const { db } = database;
  await seedReferenceData(db, NOW, []);
  const broker = await db.selectFrom('brokers').select('id').executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ username: 'asha', passwordHash: 'x', role: 'user', createdAt: NOW, updatedAt: NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = (brokerUsername: string, token: string | null, app: boolean) => ({
    userId: user.id,
    brokerId: broker.id,
    brokerUsername,
    brokerTokenSealed: token,
    tokenUpdatedAt: token ? NOW : null,
    apiKeySealed: app ? old.encrypt(PLAIN.apiKey) : null,
    apiSecretSealed: app ? old.encrypt(PLAIN.apiSecret) : null,
    egressProxyUrlSealed: app ? old.encrypt(PLAIN.proxy) : null,
    createdAt: NOW,
    updatedAt: NOW,
  });
  // One at a time: ids in this order (the expectations list accounts by id).
  const insert = (values: ReturnType<typeof account>) =>
    db.insertInto('userBrokers').values(values).returning('id').executeTakeFirstOrThrow();
  const own = await insert(account('AB1234', old.encrypt(PLAIN.token), true));
  const legacy = await insert(account('CD5678', sealLegacy(oldKey, PLAIN.legacyToken), false));
  const none = await insert(account('EF9012', null, false));
  await db
    .insertInto('alertChannels')
    .values({
      userId: user.id,
      telegramBotTokenSealed: old.encrypt(PLAIN.bot),
      telegramChatId: '42',
      webhookUrl: 'https://example.test/hook',
      webhookSecretSealed: old.encrypt(PLAIN.hook),
      updatedAt: NOW,
    })
    .execute();
  await db
    .insertInto('settings')
    .values({
      key: 'kite.marketDataToken',
      value: JSON.stringify({ sealed: old.encrypt(PLAIN.market), userId: 'AB1234', loginTime: null }),
      updatedAt: NOW,
    })
    .execute();
  await db
    .insertInto('signalTokens')
    .values({
      mappingId: 1,
      userId: user.id,
      tokenHash: 'h'.repeat(64),
      secretSealed: old.encrypt(PLAIN.signal),
      createdAt: NOW,
    })
    .execute();
  return { userId: user.id, own: own.id, legacy: legacy.id, none: none.id };
}

async function readSealed(database: Database) {
  const { db } = database;
  const brokers = await db
    .selectFrom('userBrokers')
    .select(['id', 'brokerTokenSealed', 'apiKeySealed', 'apiSecretSealed', 'egressProxyUrlSealed'])
    .orderBy('id')
    .execute();
  const channels = await db
    .selectFrom('alertChannels')
    .select(['telegramBotTokenSealed', 'webhookSecretSealed'])
    .executeTakeFirstOrThrow();
  const market = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'kite.marketDataToken')
    .executeTakeFirstOrThrow();
  return { brokers, channels, market: (JSON.parse(market.value) as { sealed: string; userId: string }).sealed };
}

/** Every sealed value, opened by `box`. */
async function openAll(database: Database, box: SecretBox) {
  const s = await readSealed(database);
  const open = (v: string | null) => (v === null ? null : box.decrypt(v));
  return {
    brokers: s.brokers.map((b) => [
      open(b.brokerTokenSealed),
      open(b.apiKeySealed),
      open(b.apiSecretSealed),
      open(b.egressProxyUrlSealed),
    ]),
    bot: open(s.channels.telegramBotTokenSealed),
    hook: open(s.channels.webhookSecretSealed),
    market: open(s.market),
  };
}

const EXPECTED = {
  brokers: [
    [PLAIN.token, PLAIN.apiKey, PLAIN.apiSecret, PLAIN.proxy],
    [PLAIN.legacyToken, null, null, null],
    [null, null, null, null],
  ],
  bot: PLAIN.bot,
  hook: PLAIN.hook,
  market: PLAIN.market,
};

describe(`secrets rotation (${dialect})`, () => {
  let database: Database & { drop(): Promise<void> };
  beforeEach(async () => {
    database = await openTestDatabase();
    await migrateToLatest(database);
  });
  afterEach(() => database.drop());

  it('re-seals every sealed column under the new key, which then opens them alone', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    await seedSealedRows(database, oldKey);
    // Before: the new key alone opens nothing.
    await expect(openAll(database, createSecretBox(newKey))).rejects.toThrow(/unknown key/);

    const counts = await resealSecrets(database.db, createSecretBox(newKey, [oldKey]));
    expect(Object.fromEntries(counts.map((c) => [c.column, [c.resealed, c.current]]))).toEqual({
      'user_brokers.broker_token_sealed': [2, 0],
      'user_brokers.api_key_sealed': [1, 0],
      'user_brokers.api_secret_sealed': [1, 0],
      'user_brokers.egress_proxy_url_sealed': [1, 0],
      'alert_channels.telegram_bot_token_sealed': [1, 0],
      'alert_channels.webhook_secret_sealed': [1, 0],
      'settings.kite.marketDataToken': [1, 0],
      'signal_tokens.secret_sealed': [1, 0],
    });

    const newOnly = createSecretBox(newKey);
    expect(await openAll(database, newOnly)).toEqual(EXPECTED);
    await expect(openAll(database, createSecretBox(oldKey))).rejects.toThrow(/unknown key/);
    const after = await readSealed(database);
    expect(after.market.startsWith(`v2.${newOnly.keyId}.`)).toBe(true);

    // A second run finds everything current and changes nothing.
    const again = await resealSecrets(database.db, createSecretBox(newKey, [oldKey]));
    expect(again.every((c) => c.resealed === 0)).toBe(true);
    expect(again.reduce((n, c) => n + c.current, 0)).toBe(9);
    expect(await readSealed(database)).toEqual(after);
  });

  it('changes nothing when one value opens with no known key, and names its row, not its value', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const ids = await seedSealedRows(database, oldKey);
    await database.db
      .updateTable('userBrokers')
      .set({ apiSecretSealed: createSecretBox(randomBytes(32)).encrypt('lost-secret') })
      .where('id', '=', ids.own)
      .execute();
    const before = await readSealed(database);

    await expect(resealSecrets(database.db, createSecretBox(newKey, [oldKey]))).rejects.toThrow(
      new RegExp(`user_brokers.api_secret_sealed of row ${ids.own} cannot be opened: Sealed with an unknown key`),
    );
    expect(await readSealed(database)).toEqual(before);
  });
});

/** Every table of the migrated schema, read from the database's own catalogue. */
async function tablesInSchema(database: Database): Promise<string[]> {
  const query =
    database.kind === 'postgres'
      ? sql<{ t: string }>`select table_name as t from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`
      : sql<{ t: string }>`select name as t from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  return (await query.execute(database.db)).rows.map((r) => r.t).sort();
}

/**
 * Every column named `*_sealed` in the schema, from the catalogue rather than from the rotation's own list:
 * a sealed column added without rotation support is found here, and fails the test below.
 */
async function sealedColumnsInSchema(database: Database): Promise<Array<{ table: string; column: string }>> {
  const query =
    database.kind === 'postgres'
      ? sql<{ t: string; c: string }>`select table_name as t, column_name as c from information_schema.columns
          where table_schema = current_schema()`
      : sql<{ t: string; c: string }>`select m.name as t, p.name as c from sqlite_master m, pragma_table_info(m.name) p
          where m.type = 'table'`;
  const rows = (await query.execute(database.db)).rows
    .filter((r) => r.c.endsWith('_sealed'))
    .map((r) => ({ table: r.t, column: r.c }));
  return rows.sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`));
}

/** Old-key values anywhere in `text`: `v2.<old key id>.…`, or the first format (which names no key). */
function oldSealedIn(text: string, oldKeyId: string): boolean {
  return text.includes(`v2.${oldKeyId}.`) || /\bv1\.[\w-]{16}\.[\w-]{22}\./.test(text);
}

describe(`secrets rotation covers every sealed column of the schema (${dialect})`, () => {
  let database: Database & { drop(): Promise<void> };
  beforeEach(async () => {
    database = await openTestDatabase();
    await migrateToLatest(database);
  });
  afterEach(() => database.drop());

  it('leaves no value under the old key in any *_sealed column, nor anywhere else in the database', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const old = createSecretBox(oldKey);
    await seedSealedRows(database, oldKey);
    const columns = await sealedColumnsInSchema(database);
    // The schema has the columns this suite knows of at least (a failed catalogue query would find none).
    expect(columns.length).toBeGreaterThanOrEqual(5);

    // Every row of every table with a sealed column gets a value sealed under the old key there.
    const plainOf = (table: string, column: string) => `plain of ${table}.${column}`;
    for (const { table, column } of columns) {
      const updated =
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${old.encrypt(plainOf(table, column))}`.execute(
          database.db,
        );
      expect(
        Number(updated.numAffectedRows ?? 0),
        `${table} has no row: seed one in seedSealedRows so that ${column} is rotated`,
      ).toBeGreaterThan(0);
    }

    await resealSecrets(database.db, createSecretBox(newKey, [oldKey]));

    const newOnly = createSecretBox(newKey);
    const notResealed: string[] = [];
    for (const { table, column } of columns) {
      const { rows } = await sql<{ v: string }>`select ${sql.ref(column)} as v from ${sql.table(table)}`.execute(
        database.db,
      );
      const opened = rows.map((r) => (newOnly.isCurrent(r.v) ? newOnly.decrypt(r.v) : null));
      if (!opened.every((plain) => plain === plainOf(table, column))) notResealed.push(`${table}.${column}`);
    }
    expect(notResealed, 'sealed columns secrets:rotate leaves under the old key (reseal-secrets.ts)').toEqual([]);

    // Sealed values outside *_sealed columns (the settings row holding the market-data token, JSON of any
    // table): no text anywhere in the database is still sealed under the old key.
    const leftUnderOldKey: string[] = [];
    for (const table of await tablesInSchema(database)) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db);
      for (const row of rows) {
        for (const [name, value] of Object.entries(row)) {
          if (typeof value === 'string' && oldSealedIn(value, old.keyId)) leftUnderOldKey.push(`${table}.${name}`);
        }
      }
    }
    expect(leftUnderOldKey).toEqual([]);
    expect(await openAll(database, newOnly)).toMatchObject({ market: PLAIN.market });
  });
});

describe.skipIf(dialect === 'postgres')('npm run secrets:rotate', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdx-rotate-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('moves a console from its generated key file to SECRET_KEY and prints counts, never values', async () => {
    const oldKey = loadSecretKey(undefined, dataDir);
    const file = openDatabase({ sqliteFile: path.join(dataDir, 'console.db') });
    await migrateToLatest(file);
    await seedSealedRows(file, oldKey);
    await file.close();

    const cli = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, [path.join(repoRoot, 'server/dist/db/rotate-secrets-cli.js')], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, ...env },
      });
    // Without the previous key nothing opens, and nothing is written.
    await expect(cli({ SECRET_KEY: 'the new passphrase' })).rejects.toMatchObject({
      stderr: expect.stringMatching(/Nothing changed: .*unknown key/) as unknown,
    });

    const { stdout, stderr } = await cli({
      SECRET_KEY: 'the new passphrase',
      SECRET_KEY_PREVIOUS: `file:${path.join(dataDir, 'secret.key')}`,
    });
    expect(stdout).toContain('user_brokers.broker_token_sealed: 2 re-sealed, 0 already current');
    expect(stdout).toContain('settings.kite.marketDataToken: 1 re-sealed');
    for (const value of Object.values(PLAIN)) expect(stdout + stderr).not.toContain(value);

    const reopened = openDatabase({ sqliteFile: path.join(dataDir, 'console.db') });
    try {
      expect(await openAll(reopened, createSecretBox(loadSecretKey('the new passphrase', dataDir)))).toEqual(EXPECTED);
    } finally {
      await reopened.close();
    }
  });
});
