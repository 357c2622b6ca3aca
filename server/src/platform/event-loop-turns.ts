/**
 * Long work on the main thread (making and writing a reply of 10,000 rows, ~250 ms) cut into turns of the event
 * loop: `pause()` is called between small steps and, once the turn has run `turnMs`, lets the event loop serve
 * what waits (other requests, sockets) before the work goes on. A request arriving meanwhile then waits at most
 * one turn instead of the whole work. The work takes as much CPU as before, and a little longer to finish.
 */
export function eventLoopTurns(turnMs: number) {
  let turnStarted = performance.now();
  return {
    /** Resolves at once within a turn; after a turn's time, on the event loop's next check phase. */
    async pause(): Promise<void> {
      if (performance.now() - turnStarted < turnMs) return;
      await new Promise<void>((resolve) => setImmediate(resolve));
      turnStarted = performance.now();
    },
  };
}

export type EventLoopTurns = ReturnType<typeof eventLoopTurns>;
