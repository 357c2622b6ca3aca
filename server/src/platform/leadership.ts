import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/schema.js';

/**
 * Which instance runs the singleton workers (engine, scheduler, live sync; DESIGN §9). On PostgreSQL the
 * leader holds a session advisory lock on a connection of its own: when the leader dies (kill -9
 * included) its connection closes, the lock is released, and the next standby to ask takes it. With
 * SQLite there is one process, always the leader.
 */
export interface Leadership {
  /** This instance's name, as /api/health shows it. */
  readonly instance: string;
  isLeader(): boolean;
  /** Runs `onGain` when this instance becomes the leader and `onLose` when it stops being one. */
  start(handlers: LeadershipHandlers): Promise<void>;
  stop(): Promise<void>;
}

export interface LeadershipHandlers {
  onGain(): Promise<void>;
  onLose(): Promise<void>;
}

/** One process and one database file: this process leads from the start. */
export function createSoleLeadership(instance: string): Leadership {
  let handlers: LeadershipHandlers | null = null;
  return {
    instance,
    isLeader: () => true,
    async start(h) {
      handlers = h;
      await h.onGain();
    },
    async stop() {
      await handlers?.onLose();
      handlers = null;
    },
  };
}

const LEADER_LOCK: [number, number] = [0x52_44_58, 0x4c_45_41]; // "RDX", "LEA"

/**
 * Whether some instance holds the leader lock on this database right now. The leader's name is kept in
 * the settings table, which outlives it (a leader killed before a standby takes over, a restored dump,
 * instances that all run `SERVICES=api`): /api/health names a leader only while the lock is held.
 */
export async function leaderLockHeld(db: Kysely<DB>): Promise<boolean> {
  const { rows } = await sql<{ held: boolean }>`select exists (
      select 1 from pg_locks l join pg_database d on d.oid = l.database
      where d.datname = current_database() and l.locktype = 'advisory' and l.granted
        and l.classid = ${LEADER_LOCK[0]}::oid and l.objid = ${LEADER_LOCK[1]}::oid and l.objsubid = 2
    ) as held`.execute(db);
  return rows[0]?.held === true;
}

/**
 * Leadership through `pg_try_advisory_lock` on a dedicated connection, asked every `pollMs`. A leader
 * speaks on that connection every poll and steps down (stopping its workers) the moment it fails.
 */
export function createPostgresLeadership(options: {
  url: string;
  instance: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  pollMs?: number;
  /** How long a leader may stay silent before PostgreSQL ends its session (default 4 polls). */
  silenceMs?: number;
}): Leadership {
  const pollMs = options.pollMs ?? 2000;
  const silenceMs = options.silenceMs ?? pollMs * 4;
  let client: pg.Client | null = null;
  let isLeader = false;
  let timer: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let handlers: LeadershipHandlers | null = null;
  let busy: Promise<void> = Promise.resolve();

  async function stepDown(reason: string) {
    if (!isLeader) return;
    isLeader = false;
    options.logger.warn({ instance: options.instance, reason }, 'leadership lost');
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    const lost = client;
    client = null;
    await lost?.end().catch(() => undefined);
    await handlers?.onLose();
  }

  /**
   * The leader's word to PostgreSQL, every poll and apart from the workers' start (which can take longer
   * than the silence allowed). A leader that stops speaking (frozen, cut off by the network) has its
   * session ended by PostgreSQL after `silenceMs` (`idle_session_timeout`), its lock with it, and a standby
   * takes over; a `select 1` that fails or hangs past `silenceMs` makes the leader step down by itself.
   */
  function speak(leader: pg.Client) {
    heartbeat = setInterval(() => {
      leader.query('select 1').catch((err: unknown) => {
        if (client === leader) stepDownInTurn(err instanceof Error ? err.message : 'connection lost');
      });
    }, pollMs);
    heartbeat.unref();
  }

  /** Steps down after whatever leadership work is under way; a failing step-down is logged, never thrown. */
  function stepDownInTurn(reason: string) {
    busy = busy
      .then(() => stepDown(reason))
      .catch((err: unknown) => options.logger.error({ err }, 'stepping down failed'));
  }

  async function poll() {
    if (isLeader) return;
    const candidate = new pg.Client({ connectionString: options.url, query_timeout: silenceMs, keepAlive: true });
    candidate.on('error', () => stepDownInTurn('connection error'));
    try {
      await candidate.connect();
      const { rows } = await candidate.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', LEADER_LOCK);
      if (!rows[0]?.ok) {
        await candidate.end();
        return;
      }
    } catch {
      await candidate.end().catch(() => undefined);
      return;
    }
    // PostgreSQL 14+ ends a session idle this long; on an older server a silent leader keeps the lock until
    // its connection is seen dead (a crash or kill -9 still frees it at once).
    await candidate
      .query(`set idle_session_timeout = ${Math.round(silenceMs)}`)
      .catch((err: Error) => options.logger.warn({ reason: err.message }, 'a frozen leader will not be replaced'));
    client = candidate;
    isLeader = true;
    speak(candidate);
    options.logger.info({ instance: options.instance }, 'leadership gained');
    await handlers?.onGain();
  }

  const tick = () => {
    busy = busy.then(poll).catch((err: unknown) => options.logger.error({ err }, 'leadership poll failed'));
    return busy;
  };

  return {
    instance: options.instance,
    isLeader: () => isLeader,
    async start(h) {
      handlers = h;
      await tick();
      timer = setInterval(() => void tick(), pollMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await busy;
      await stepDown('shutting down');
      handlers = null;
    },
  };
}
