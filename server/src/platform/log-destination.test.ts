import type fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogDestination } from './log-destination.js';

type Done = (err: NodeJS.ErrnoException | null, written: number) => void;

/** A file descriptor's writes, answered by the test: each call waits for `answer`. */
function fakeFd() {
  const calls: Array<{ text: string; done: Done }> = [];
  const write = ((_fd: number, buf: Buffer, _off: number, len: number, _pos: null, done: Done) => {
    calls.push({ text: buf.subarray(0, len).toString('utf8'), done });
  }) as unknown as typeof fs.write;
  const errno = (code: string) => Object.assign(new Error(code), { code });
  return {
    write,
    calls,
    /** Answers the oldest unanswered write. */
    answer(result: number | string) {
      const call = calls.find((c) => !('answered' in c));
      if (!call) throw new Error('no write waiting');
      Object.assign(call, { answered: true });
      if (typeof result === 'string') call.done(errno(result), 0);
      else call.done(null, result);
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('createLogDestination', () => {
  it('writes lines in order, one write at a time, the rest of a partial write first', async () => {
    const fd = fakeFd();
    const out = createLogDestination(1, fd.write);
    out.write('one\n');
    out.write('two\n');
    out.write('three\n');
    expect(fd.calls.map((c) => c.text)).toEqual(['one\n']);
    fd.answer(2);
    expect(fd.calls.map((c) => c.text)).toEqual(['one\n', 'e\n']);
    fd.answer(2);
    expect(fd.calls.at(-1)?.text).toBe('two\nthree\n');
    const flushed = out.flush(60_000);
    fd.answer(10);
    await flushed;
    expect(out.isClosed()).toBe(false);
  });

  it('drops every later line once the reader is gone (EPIPE), and never tries that write again', async () => {
    const fd = fakeFd();
    const out = createLogDestination(1, fd.write);
    out.write('shutting down\n');
    fd.answer('EPIPE');
    expect(out.isClosed()).toBe(true);
    out.write('worker stopped\n');
    await out.flush(60_000);
    expect(fd.calls.map((c) => c.text)).toEqual(['shutting down\n']);
  });

  it('waits for a full pipe whose reader is alive without blocking, then writes on', () => {
    vi.useFakeTimers();
    const fd = fakeFd();
    const out = createLogDestination(1, fd.write);
    out.write('line\n');
    fd.answer('EAGAIN');
    out.write('next\n');
    expect(fd.calls).toHaveLength(1);
    vi.advanceTimersByTime(50);
    expect(fd.calls.map((c) => c.text)).toEqual(['line\n', 'line\n']);
    fd.answer(5);
    expect(fd.calls.at(-1)?.text).toBe('next\n');
  });

  it('drops the newest lines rather than queueing without end behind a reader that stopped reading', () => {
    const fd = fakeFd();
    const out = createLogDestination(1, fd.write, 10);
    out.write('first\n'); // being written
    out.write('12345\n');
    out.write('67890\n'); // 12 bytes waiting would pass the cap of 10: dropped
    fd.answer(6);
    expect(fd.calls.at(-1)?.text).toBe('12345\n');
  });

  it('gives up waiting for a flush after its timeout', async () => {
    vi.useFakeTimers();
    const fd = fakeFd();
    const out = createLogDestination(1, fd.write);
    out.write('never answered\n');
    const flushed = out.flush(1000);
    vi.advanceTimersByTime(1000);
    await expect(flushed).resolves.toBeUndefined();
  });
});
