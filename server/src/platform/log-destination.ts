import fs from 'node:fs';

/*
 * Where the console's log lines go: a file descriptor (stdout), written asynchronously and never in a way
 * that can hold the process. pino's own destination (sonic-boom) flushes synchronously when the process
 * exits and retries a failed write every 100 ms for ever: with stdout's reader gone (a supervisor stopping
 * the console and its `| tee` together) each retry got EPIPE, the main thread slept between them, and the
 * 10 s forced exit never ran. Here a destination that refuses a write (EPIPE, EBADF, …) is closed for good:
 * later lines are dropped, never retried. A reader that is merely slow is waited for without blocking, and
 * what queues meanwhile is capped, so logging cannot eat memory either.
 */

/** What may wait for a slow reader before newer lines are dropped. */
const MAX_QUEUED_BYTES = 4 * 1024 * 1024;
/** After EAGAIN (a non-blocking pipe that is full): try again this much later. */
const RETRY_FULL_MS = 50;

export interface LogDestination {
  /** Queues `text` to be written; never blocks, never throws. (pino calls it with one JSON line.) */
  write(text: string): boolean;
  /** Resolves once everything queued is written or dropped, or after `timeoutMs`, whichever comes first. */
  flush(timeoutMs: number): Promise<void>;
  /** Whether the destination refused a write and now drops every line. */
  isClosed(): boolean;
}

/** The destination for file descriptor `fd` (1: stdout). `write` is `fs.write`, replaceable in tests. */
export function createLogDestination(
  fd: number,
  write: typeof fs.write = fs.write,
  maxQueuedBytes = MAX_QUEUED_BYTES,
): LogDestination {
  let queue: Buffer[] = [];
  let queuedBytes = 0;
  let pending: Buffer | null = null;
  let isClosed = false;
  let idle: Array<() => void> = [];

  const settle = () => {
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  };

  function close() {
    isClosed = true;
    queue = [];
    queuedBytes = 0;
    pending = null;
    settle();
  }

  function pump() {
    if (pending === null) {
      if (queue.length === 0) return settle();
      pending = queue.length === 1 ? (queue[0] ?? Buffer.alloc(0)) : Buffer.concat(queue);
      queue = [];
      queuedBytes = 0;
    }
    const chunk = pending;
    write(fd, chunk, 0, chunk.length, null, (err, written) => {
      if (isClosed) return;
      if (err) {
        if (err.code !== 'EAGAIN') return close();
        // A full pipe whose reader is alive: wait for it without keeping the process up for its sake.
        setTimeout(pump, RETRY_FULL_MS).unref();
        return;
      }
      pending = written < chunk.length ? chunk.subarray(written) : null;
      pump();
    });
  }

  return {
    write(text) {
      if (isClosed) return true;
      const bytes = Buffer.from(text, 'utf8');
      // A reader that fell this far behind loses the newest lines rather than the console its memory.
      if (queuedBytes + bytes.length > maxQueuedBytes) return true;
      const isBusy = pending !== null || queue.length > 0;
      queue.push(bytes);
      queuedBytes += bytes.length;
      if (!isBusy) pump();
      return true;
    },
    flush(timeoutMs) {
      if (isClosed || (pending === null && queue.length === 0)) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref();
        idle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    isClosed: () => isClosed,
  };
}
