import { listRoutes } from '@app/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser } from '../../test/factories.js';
import { freshRows, fuzzActors } from '../../test/fuzz/fuzz-actors.js';
import { describeRequest, requestArb, type FuzzRequest } from '../../test/fuzz/request-arbitrary.js';
import { changedTables, rowCounter, type RowCounts } from '../../test/fuzz/row-counts.js';
import { buildTestApp, dialect, type TestApp } from '../../test/test-app.js';

/**
 * Edges that never 500 (issue 14): every route of the contract gets requests generated from its own zod
 * schemas and then broken — wrong types, missing and extra fields, huge strings, deep nesting, unicode,
 * NaN/±Infinity/1e308, SQL and path fragments, invalid dates — as admin, as a user, and without a session.
 * A reply of 500 or more fails, and so does a refused request (4xx) after which any table has a different
 * number of rows. The seed is fixed: a failure replays. FUZZ_RUNS=100000 sends more; FUZZ_SEED another set.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 14_2026);
// PostgreSQL pays a network round trip per statement; its run covers the same routes with fewer requests.
const DEFAULT_RUNS = dialect === 'postgres' ? 3_000 : 10_000;
const TOTAL = Number(process.env.FUZZ_RUNS ?? DEFAULT_RUNS);
const routes = listRoutes();
const PER_ROUTE = Math.ceil(TOTAL / routes.length);
/**
 * A route's share may take a while when FUZZ_RUNS is raised (routes that call the sandbox exchange wait out
 * its rate limits, as they would Kite's): a hang guard of 250 ms a request, at least a minute.
 */
const ROUTE_TIMEOUT_MS = Math.max(60_000, PER_ROUTE * 250);

/** Tables a refused request may write to, by route, and why. */
const REFUSED_MAY_WRITE: Record<string, { tables: string[]; why: string }> = {
  'auth.login': {
    tables: ['login_failures', 'audit_log'],
    why: 'a refused sign-in is counted toward the lockout and put on the audit record',
  },
  'auth.changePassword': {
    tables: ['login_failures'],
    why: 'a wrong current password counts toward the lockout like a refused sign-in',
  },
  'brokerTokens.generateKiteToken': {
    tables: ['login_failures'],
    why: 'every Kite login attempt counts toward its per-user and per-account limit, refused or not',
  },
  'brokerTokens.generateUserToken': {
    tables: ['login_failures'],
    why: 'every Kite login attempt counts toward its per-user and per-account limit, refused or not',
  },
  'signals.send': {
    tables: ['login_failures', 'audit_log'],
    why: "every signal, refused or not, is on the audit record and counts toward its token's rate",
  },
};

/**
 * Routes whose success sets background work going (the engine trading, the live feed writing candles): the
 * fuzz stops it again at once, or its writes would be blamed on the next refused request.
 */
const STOP_AFTERWARDS: Record<string, string> = {
  'engine.start': '/api/rdx/stop',
  'marketData.liveSyncStart': '/api/live-sync/stop',
};

/** Routes after whose success the fuzz's own sessions may be gone (logout, password, role, deletion). */
const ENDS_SESSIONS = new Set(['auth.logout', 'auth.changePassword', 'users.update', 'users.remove']);

let t: TestApp;
let actors: ReturnType<typeof fuzzActors>;
let count: () => Promise<RowCounts>;
let sent = 0;

beforeAll(async () => {
  t = await buildTestApp();
  actors = fuzzActors(t, { admin: await buildAdmin(t), user: await buildUser(t) });
  count = await rowCounter(t.database);
});
afterAll(async () => {
  await t?.close();
});

const SETTLE_MS = dialect === 'postgres' ? 10 : 2;
/** Counts again until three reads `gapMs` apart agree (at most a few seconds): follow-up work has finished. */
async function settled(first: RowCounts, gapMs = SETTLE_MS): Promise<RowCounts> {
  let last = first;
  for (let same = 0, round = 0; same < 2 && round < 100; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, gapMs));
    const next = await count();
    same = changedTables(last, next).length === 0 ? same + 1 : 0;
    last = next;
  }
  return last;
}

async function send(r: FuzzRequest) {
  const token = actors.tokenOf(r.actor);
  return t.request({
    method: r.method,
    url: r.url,
    ...(r.payload !== undefined ? { payload: r.payload } : {}),
    headers: r.contentType ? { 'content-type': r.contentType } : {},
    ...(token ? { token } : {}),
  });
}

/** Row counts after the last request: what a refused request is compared against. */
let before: RowCounts;

/** Sends one request and checks what issue 14 asks of every reply; throws to fail the property. */
async function probe(key: string, r: FuzzRequest): Promise<void> {
  const sendChecked = async () => {
    const reply = await send(r);
    sent += 1;
    // No 5xx at all: the sandbox's per-second limits, which thousands of requests exceed, come back as 429.
    if (reply.statusCode >= 500) {
      throw new Error(`answered ${reply.statusCode}: ${reply.body.slice(0, 300)}`);
    }
    return reply;
  };
  let res = await sendChecked();
  let after = await count();
  const allowed = REFUSED_MAY_WRITE[key]?.tables ?? [];
  const writes = (from: RowCounts, to: RowCounts) =>
    changedTables(from, to).filter((c) => !allowed.includes(c.split(' ')[0]!));
  if (res.statusCode >= 400 && writes(before, after).length > 0) {
    // Work an earlier success set going (an alert, an audit row, P&L marks) may have landed just now. Let
    // it finish, then send the same request again: only a refusal that writes again wrote by itself.
    const quiet = await settled(after, 50);
    res = await sendChecked();
    after = await count();
    const written = res.statusCode >= 400 ? writes(quiet, after) : [];
    if (written.length > 0) {
      throw new Error(`answered ${res.statusCode} yet changed rows: ${written.join(', ')}: ${res.body}`);
    }
  }
  // A change can set work going after its reply (a fill's P&L marks are booked on the next turn):
  // wait until the counts hold still, so that work is not blamed on the next, refused request.
  const stop = STOP_AFTERWARDS[key];
  if (stop && res.statusCode < 300) {
    await t.request({ method: 'POST', url: stop, token: actors.tokenOf('admin') });
  }
  if (res.statusCode < 300 && r.method !== 'GET') after = await settled(after);
  const mayHaveEnded =
    (r.actor === 'admin' || r.actor === 'user') &&
    (res.statusCode === 401 || (res.statusCode < 300 && ENDS_SESSIONS.has(key)));
  if (mayHaveEnded && (await actors.ensure())) after = await count();
  before = after;
}

describe(`fuzzing every route (${TOTAL} requests, seed ${SEED}, ${dialect})`, () => {
  routes.forEach(({ key, route }, index) => {
    const name = `${route.method} ${route.path} (${key}) never answers 5xx nor writes when it refuses`;
    it(
      name,
      async () => {
        await actors.ensure();
        const hints = await freshRows(t, route.path, actors.current('user'), actors.current('admin'));
        before = await count();
        const property = fc.asyncProperty(requestArb(route, hints), (r) => probe(key, r));
        const result = await fc.check(property, { seed: SEED + index, numRuns: PER_ROUTE, endOnFailure: true });
        if (result.failed) {
          const [r] = result.counterexample ?? [];
          const error = result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance;
          // The app's state depends on every earlier request: a replay is the whole run with the same knobs.
          expect.fail(
            `${r ? describeRequest(r) : '?'}\n→ ${String(error)}\n(replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${TOTAL})`,
          );
        }
      },
      ROUTE_TIMEOUT_MS,
    );
  });

  it(`sent at least ${TOTAL} requests`, () => {
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
  });
});
