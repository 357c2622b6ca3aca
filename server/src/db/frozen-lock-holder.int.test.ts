import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase, dialect } from '../../test/test-app.js';
import { createPostgresMappingLocks } from './mapping-locks.js';

/*
 * A console frozen (SIGSTOP, a stalled VM) while it holds a strategy's lock: a chaos run saw it halt every
 * console's trading for as long as it stayed frozen, the new leader's recovery waiting on that lock. A
 * holder speaks to PostgreSQL while it works; silent past its window, its session ends and its locks
 * with it. (What it writes when it wakes is refused by the fence: engine/stale-position.ts.)
 */

// The built module, run in a process of its own so that it can be frozen (`npm run build` first).
const locksModule = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/db/mapping-locks.js');

describe.skipIf(dialect !== 'postgres')('a lock holder that falls silent', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  beforeAll(async () => {
    scratch = await createScratchDatabase('frozen_holder');
  });
  afterAll(async () => {
    await scratch.drop();
  });

  it('loses its strategies’ locks within its silence window, and they go to the next console', async () => {
    const script = `
      const { createPostgresMappingLocks } = await import(${JSON.stringify(locksModule)});
      const locks = createPostgresMappingLocks({ url: process.env.URL, silenceMs: 1000 });
      await locks.withMappings([42], async () => {
        console.log('holding');
        await new Promise((resolve) => setTimeout(resolve, 600_000));
      });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, URL: scratch.url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let said = '';
    child.stdout.on('data', (d: Buffer) => (said += d.toString()));
    const next = createPostgresMappingLocks({ url: scratch.url });
    try {
      await vi.waitFor(() => expect(said).toContain('holding'), { timeout: 10_000 });
      // While it speaks, the lock stays its own.
      let isGot = false;
      const waiting = next.withMappings([42], () => {
        isGot = true;
        return Promise.resolve('got it');
      });
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(isGot).toBe(false);

      child.kill('SIGSTOP');
      await expect(waiting).resolves.toBe('got it');
    } finally {
      child.kill('SIGKILL');
      await next.close();
    }
  });
});
