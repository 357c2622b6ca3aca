import type { FastifyBaseLogger } from 'fastify';

type Handler<P> = (payload: P) => void | Promise<void>;

/**
 * A typed in-process publish/subscribe bus (DESIGN §10). Services publish what happened; whoever
 * cares subscribes. A failing subscriber is logged and never fails the publisher or the others.
 */
export interface EventBus<Events> {
  /** Runs every subscriber; the promise settles when all have finished (await it when order matters). */
  publish<K extends keyof Events>(name: K, payload: Events[K]): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe<K extends keyof Events>(name: K, handler: Handler<Events[K]>): () => void;
}

export function createEventBus<Events>(logger: Pick<FastifyBaseLogger, 'error'>): EventBus<Events> {
  const handlers = new Map<keyof Events, Set<Handler<never>>>();
  return {
    publish(name, payload) {
      const set = handlers.get(name);
      if (!set || set.size === 0) return Promise.resolve();
      const pending: Promise<void>[] = [];
      for (const handler of set as Set<Handler<typeof payload>>) {
        try {
          const done = handler(payload);
          if (done instanceof Promise) {
            pending.push(
              done.catch((err: unknown) => logger.error({ err, event: String(name) }, 'event handler failed')),
            );
          }
        } catch (err) {
          logger.error({ err, event: String(name) }, 'event handler failed');
        }
      }
      return pending.length === 0 ? Promise.resolve() : Promise.all(pending).then(() => undefined);
    },
    subscribe(name, handler) {
      const set = handlers.get(name) ?? new Set();
      set.add(handler);
      handlers.set(name, set);
      return () => void set.delete(handler);
    },
  };
}
