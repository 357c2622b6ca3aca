import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsRepository } from '../../db/settings.repository.js';
import { createSharedState } from '../../db/shared-state.js';
import { manualClock } from '../../platform/clock.js';
import { openTestDatabase } from '../../../test/test-app.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createScheduler, type SchedulableSync } from './scheduler.service.js';
import pino from 'pino';

const z = (iso: string) => Date.parse(iso);
const logger = pino({ level: 'silent' });

function fakeSync(): SchedulableSync & { starts: number; stops: number } {
  let running = false;
  return {
    starts: 0,
    stops: 0,
    start() {
      this.starts += 1;
      running = true;
      return Promise.resolve();
    },
    stop() {
      this.stops += 1;
      running = false;
      return Promise.resolve();
    },
    status: () => Promise.resolve({ isRunning: running }),
  };
}

let db: Awaited<ReturnType<typeof openTestDatabase>>;
beforeEach(async () => {
  db = await openTestDatabase();
  await migrateToLatest(db);
});
afterEach(async () => {
  await db.drop();
});

const build = (sync: SchedulableSync, now: number) =>
  createScheduler({
    shared: createSharedState(createSettingsRepository(db.db)),
    sync,
    clock: manualClock(now),
    logger,
  });

describe('auto-scheduling', () => {
  it('the worker tick starts live sync when it passes 09:15 and stops it when it passes 15:30', async () => {
    const sync = fakeSync();
    const s = build(sync, z('2026-11-23T03:44:00Z')); // Monday 09:14 IST
    await s.enable();
    await s.tick(z('2026-11-23T03:44:30Z'));
    expect(sync.starts).toBe(0);
    await s.tick(z('2026-11-23T03:45:01Z'));
    await s.tick(z('2026-11-23T03:45:02Z'));
    expect(sync.starts).toBe(1);
    await s.tick(z('2026-11-23T10:00:00Z'));
    expect(sync.stops).toBe(1);
  });

  it('starts at 09:15 and stops at 15:30 IST on a weekday once enabled', async () => {
    const sync = fakeSync();
    const s = build(sync, z('2026-11-23T02:00:00Z')); // Monday 07:30 IST
    expect((await s.enable()).autoStart).toBe(true);
    expect(sync.starts).toBe(0);
    await s.onStart(z('2026-11-23T03:45:00Z'));
    expect(sync.starts).toBe(1);
    await s.onStop();
    expect(sync.stops).toBe(1);
  });

  it('does nothing at the edges while disabled', async () => {
    const sync = fakeSync();
    const s = build(sync, z('2026-11-23T02:00:00Z'));
    await s.onStart(z('2026-11-23T03:45:00Z'));
    expect(sync.starts).toBe(0);
    expect(await s.status()).toMatchObject({
      autoStart: false,
      autoStop: false,
      startTime: '09:15',
      stopTime: '15:30',
    });
  });

  it('survives a restart, and a restart inside the window starts live sync at once', async () => {
    await build(fakeSync(), z('2026-11-22T02:00:00Z')).enable(); // Sunday: nothing to start
    const afterRestart = fakeSync();
    const restarted = build(afterRestart, z('2026-11-23T06:00:00Z')); // Monday 11:30 IST
    await restarted.restore();
    expect((await restarted.status()).autoStart).toBe(true);
    expect(afterRestart.starts).toBe(1);
  });

  it('a restart outside the window waits', async () => {
    await build(fakeSync(), z('2026-11-23T02:00:00Z')).enable();
    const sync = fakeSync();
    await build(sync, z('2026-11-23T11:00:00Z')).restore(); // Monday 16:30 IST
    expect(sync.starts).toBe(0);
  });

  it('disable is persisted too', async () => {
    const first = build(fakeSync(), z('2026-11-23T02:00:00Z'));
    await first.enable();
    await first.disable();
    const sync = fakeSync();
    const again = build(sync, z('2026-11-23T06:00:00Z'));
    await again.restore();
    expect((await again.status()).autoStart).toBe(false);
    expect(sync.starts).toBe(0);
  });
});
