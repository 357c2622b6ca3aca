/**
 * The sandbox's account state on disk: Kite sessions, orders, fills, positions and registered static IPs, so
 * that a restart of the console (or of `npm run sandbox`) finds what the exchange held, as Kite does after a
 * client restarts.
 * One versioned JSON document, checked field by field when read: a file that is there but cannot be read or
 * does not hold a state stops the sandbox rather than starting it empty over the accounts it may still hold.
 * Writes go to a temporary file in the same directory that is then renamed over the old one, so a crash
 * mid-write leaves the previous state whole.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Leg, OrderBookSnapshot, SandboxOrder, SandboxTrade } from './kite-order-book.js';
import type { KiteSession, KiteSessionsSnapshot } from './kite-sessions.js';
import type { DepthLedgerSnapshot } from './order-matching.js';
import {
  migrateVersion1,
  migrateVersion2,
  type LegacyTokenMap,
  type Version1State,
  type Version2Order,
  type Version2State,
} from './sandbox-state-migration.js';
import { SANDBOX_STATE_VERSION, type SandboxStateSnapshot } from './sandbox-state-snapshot.js';
import type { StaticIpRegistration } from './static-ips.js';

/** The file exists but cannot be used; the sandbox refuses to start on it. */
export class SandboxStateFileError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(
      `Sandbox state file ${file} ${problem}. The sandbox will not start over it and lose the sessions, orders ` +
        'and positions it may hold: repair the file, or move it away to start with a fresh sandbox.',
    );
    this.name = 'SandboxStateFileError';
  }
}

// Each schema is typed against the interface it restores, so a field added to an order or a session
// without being added here fails the typecheck instead of vanishing at the next restart.
const nullableNumber = z.number().nullable();

const KiteSessionSchema: z.ZodType<KiteSession> = z.object({
  userId: z.string(),
  apiKey: z.string(),
  accessToken: z.string(),
  publicToken: z.string(),
  enctoken: z.string(),
  loginMs: z.number(),
  expiresMs: z.number(),
});

const KiteSessionsSnapshotSchema: z.ZodType<KiteSessionsSnapshot> = z.object({
  loginRequests: z.array(z.object({ requestId: z.string(), userId: z.string(), expiresMs: z.number() })),
  webSessions: z.array(z.object({ enctoken: z.string(), userId: z.string() })),
  requestTokens: z.array(
    z.object({
      requestToken: z.string(),
      userId: z.string(),
      enctoken: z.string(),
      apiKey: z.string(),
      expiresMs: z.number(),
    }),
  ),
  sessions: z.array(KiteSessionSchema),
});

const SandboxOrderFields = {
  variety: z.literal('regular'),
  exchange: z.string(),
  tradingsymbol: z.string(),
  instrumentToken: z.number(),
  transactionType: z.enum(['BUY', 'SELL']),
  orderType: z.literal('LIMIT'),
  product: z.string(),
  validity: z.string(),
  quantity: z.number(),
  pricePaise: z.number(),
  tag: z.string().nullable(),
  marketProtection: nullableNumber,
  protectionPercent: nullableNumber,
  autosliceParentId: z.string().nullable(),
  orderId: z.string(),
  userId: z.string(),
  status: z.enum(['OPEN', 'COMPLETE', 'CANCELLED', 'REJECTED']),
  statusMessage: z.string().nullable(),
  placedMs: z.number(),
  updatedMs: z.number(),
  modifiedMs: nullableNumber,
  filledQuantity: z.number(),
  filledValuePaise: z.number(),
  matchedSecond: z.number(),
};

const Version2OrderFields = { ...SandboxOrderFields, statusMessageRaw: z.string().nullable() };

const Version2OrderSchema: z.ZodType<Version2Order> = z.object(Version2OrderFields);

const SandboxOrderSchema: z.ZodType<SandboxOrder> = z.object({ ...Version2OrderFields, sourceIp: z.string() });

const TradeSchema: z.ZodType<SandboxTrade> = z.object({
  tradeId: z.string(),
  orderId: z.string(),
  userId: z.string(),
  exchange: z.string(),
  tradingsymbol: z.string(),
  instrumentToken: z.number(),
  product: z.string(),
  transactionType: z.enum(['BUY', 'SELL']),
  quantity: z.number(),
  pricePaise: z.number(),
  fillMs: z.number(),
});

const LegSchema: z.ZodType<Leg> = z.object({
  userId: z.string(),
  exchange: z.string(),
  tradingsymbol: z.string(),
  instrumentToken: z.number(),
  product: z.string(),
  buyQuantity: z.number(),
  buyValue: z.number(),
  sellQuantity: z.number(),
  sellValue: z.number(),
});

const DepthLedgerSnapshotSchema: z.ZodType<DepthLedgerSnapshot> = z.object({
  newest: z.number(),
  used: z.array(z.object({ second: z.number(), key: z.string(), levels: z.array(z.number()) })),
});

const OrderBookFields = {
  sequence: z.number(),
  legs: z.array(LegSchema),
  usedDepth: DepthLedgerSnapshotSchema,
  trades: z.array(TradeSchema),
  tradeSequence: z.number(),
};

const OrderBookSnapshotSchema: z.ZodType<OrderBookSnapshot> = z.object({
  ...OrderBookFields,
  orders: z.array(SandboxOrderSchema),
});

const StaticIpRegistrationSchema: z.ZodType<StaticIpRegistration> = z.object({
  userId: z.string(),
  ips: z.array(z.string()),
  changedMs: z.number(),
});

const SandboxStateSnapshotSchema: z.ZodType<SandboxStateSnapshot> = z.object({
  version: z.literal(SANDBOX_STATE_VERSION),
  kiteSessions: KiteSessionsSnapshotSchema,
  orderBook: OrderBookSnapshotSchema,
  staticIps: z.array(StaticIpRegistrationSchema),
});

const Version2StateSchema: z.ZodType<Version2State> = z.object({
  version: z.literal(2),
  kiteSessions: KiteSessionsSnapshotSchema,
  orderBook: z.object({ ...OrderBookFields, orders: z.array(Version2OrderSchema) }),
});

const Version1StateSchema: z.ZodType<Version1State> = z.object({
  version: z.literal(1),
  kiteSessions: KiteSessionsSnapshotSchema,
  orderBook: z.object({
    sequence: z.number(),
    orders: z.array(z.object(SandboxOrderFields)),
    legs: z.array(LegSchema),
    usedDepth: DepthLedgerSnapshotSchema,
  }),
});

function checked<T>(file: string, schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') || 'the top level';
  throw new SandboxStateFileError(file, `does not hold a sandbox state (${where}: ${issue?.message})`);
}

/**
 * Checks the text of `file` and returns the state it holds; throws SandboxStateFileError otherwise. Older
 * versions are migrated (sandbox-state-migration.ts): a version-1 file's option tokens renamed by
 * `legacyTokens`, then a version-2 file given its static IPs (none) and its orders' source addresses ("").
 */
export function parseSandboxState(file: string, text: string, legacyTokens: LegacyTokenMap): SandboxStateSnapshot {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new SandboxStateFileError(file, `is not valid JSON (${(error as Error).message})`);
  }
  const version = typeof raw === 'object' && raw !== null ? (raw as { version?: unknown }).version : undefined;
  if (version === 1) return migrateVersion2(migrateVersion1(checked(file, Version1StateSchema, raw), legacyTokens));
  if (version === 2) return migrateVersion2(checked(file, Version2StateSchema, raw));
  if (version !== SANDBOX_STATE_VERSION) {
    const found = version === undefined ? 'has no version' : `has version ${JSON.stringify(version)}`;
    throw new SandboxStateFileError(file, `${found}, and this sandbox reads versions 1 to ${SANDBOX_STATE_VERSION}`);
  }
  return checked(file, SandboxStateSnapshotSchema, raw);
}

/** The state saved in `file`, or null when there is no file yet (a fresh sandbox). */
export async function readSandboxState(
  file: string,
  legacyTokens: LegacyTokenMap,
): Promise<SandboxStateSnapshot | null> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SandboxStateFileError(file, `cannot be read (${(error as Error).message})`);
  }
  return parseSandboxState(file, text, legacyTokens);
}

/**
 * Replaces `file` with `snapshot` atomically: the new text is written and synced to a temporary file beside
 * it, then renamed over it. Readable by its owner only, since it holds live access tokens.
 */
export async function writeSandboxState(file: string, snapshot: SandboxStateSnapshot): Promise<void> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await fs.open(temp, 'w', 0o600);
    try {
      await handle.writeFile(JSON.stringify(snapshot));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}
