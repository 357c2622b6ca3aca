import type { Worker } from './platform/lifecycle.js';
import type { Services } from './services.js';

/**
 * The server's background roles (STYLE "Background workers"), started in this order after HTTP and
 * stopped in reverse. `SERVICES` picks which run, so one binary can scale by role.
 */
export function createWorkers(s: Services, enabled: Set<string>): Worker[] {
  const all: Worker[] = [
    {
      name: 'market-data-sync',
      start: async () => {
        await s.refreshSessions();
        s.hub.start();
        await s.liveSync.resumeIfWanted();
      },
      stop: async () => {
        s.liveSync.halt();
        await s.hub.stop();
      },
    },
    {
      name: 'strategy-engine',
      start: () => s.engine.resumeIfWanted(),
      stop: () => Promise.resolve(s.engine.halt()),
    },
    {
      name: 'scheduler',
      start: () => s.scheduler.restore(),
      stop: () => Promise.resolve(s.scheduler.shutdown()),
    },
  ];
  return all.filter((w) => enabled.has(w.name));
}
