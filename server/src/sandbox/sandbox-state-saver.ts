/**
 * Saves the sandbox's state after the changes that matter, coalesced: the first change schedules one write
 * a moment later and every change until then rides along in it (an autoslice of ten children, a strategy
 * placing four legs), since the snapshot is taken when the write starts. A change during a write schedules
 * the next one; writes never overlap. `flush` (at close) writes whatever is still pending.
 */
import { writeSandboxState } from './sandbox-state-file.js';
import type { SandboxStateSnapshot } from './sandbox-state-snapshot.js';

/** How long after a change the state is written (real ms). */
export const STATE_SAVE_DELAY_MS = 50;

/** Keeps a state file up to date with the sandbox. */
export interface StateSaver {
  /** Something that matters changed: save soon. */
  changed(): void;
  /** Stops scheduling and writes what has not been written yet; rejects if that write fails. */
  flush(): Promise<void>;
}

/** What a saver writes, where, and how it reports a background write that failed. */
export interface StateSaverOptions {
  file: string;
  snapshot: () => SandboxStateSnapshot;
  delayMs?: number;
  /** The atomic write (sandbox-state-file.ts); tests count the writes through it. */
  write?: (file: string, snapshot: SandboxStateSnapshot) => Promise<void>;
  /** A background write failed; it is tried again at the next change and at `flush`. */
  onError?: (error: unknown) => void;
}

function warnUnsaved(file: string): (error: unknown) => void {
  // The sandbox has no logger of its own (it stands outside the product), so the warning goes to stderr.
  return (error) => process.emitWarning(`Sandbox state not saved to ${file}: ${(error as Error).message}`);
}

/** A saver for `options.file`; nothing is written until something changes. */
export function createStateSaver(options: StateSaverOptions): StateSaver {
  const { file, snapshot, delayMs = STATE_SAVE_DELAY_MS, write = writeSandboxState } = options;
  const onError = options.onError ?? warnUnsaved(file);
  let isDirty = false;
  let isFlushing = false;
  let hasFailed = false;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;

  const schedule = () => {
    if (timer || writing || isFlushing) return;
    // unref: a pending save never keeps a process alive on its own; close() flushes it.
    timer = setTimeout(() => void writeNow(), delayMs).unref();
  };

  const writeNow = async () => {
    timer = null;
    if (!isDirty) return;
    isDirty = false;
    writing = write(file, snapshot()).then(
      () => {
        hasFailed = false;
      },
      (error: unknown) => {
        isDirty = true;
        hasFailed = true;
        onError(error);
      },
    );
    await writing;
    writing = null;
    // Changes made during the write go out next; after a failure, only the next change tries again.
    if (isDirty && !hasFailed) schedule();
  };

  return {
    changed() {
      isDirty = true;
      hasFailed = false;
      schedule();
    },
    async flush() {
      isFlushing = true;
      if (timer) clearTimeout(timer);
      timer = null;
      while (writing) await writing;
      if (!isDirty) return;
      isDirty = false;
      await write(file, snapshot());
    },
  };
}
