import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * Where this console's orders and prices go: its built-in sandbox exchange, or Kite. Every screen (the login
 * page too) says SANDBOX while it is the sandbox, so nobody takes a sandbox fill for a real one.
 */
export const EXCHANGES = ['sandbox', 'kite'] as const;
export type Exchange = (typeof EXCHANGES)[number];

export const ConsoleExchangeSchema = z.object({ exchange: z.enum(EXCHANGES) });
export type ConsoleExchange = z.infer<typeof ConsoleExchangeSchema>;

export const consoleRoutes = {
  /** Public: the login page says SANDBOX before anyone signs in. Names no host, version or account. */
  exchange: defineRoute({ method: 'GET', path: '/console/exchange', access: 'public', data: ConsoleExchangeSchema }),
};
