/**
 * The sandbox's source of "now", in its own file so that the order book's modules can take a clock without
 * importing the shared context (sandbox-context.ts), which imports them: that made an import circle.
 */

/** Where "now" comes from; tests pass a manual clock. */
export interface SandboxClock {
  now(): number;
}
