import type { FastifyBaseLogger } from 'fastify';
import type { OutboundRoute } from '../../../../platform/outbound.js';
import type { AccountCredentials, TokenRefused } from '../../broker-port.js';
import { createKiteRest, type KiteRest } from '../../../../protocols/kite-rest-client.js';
import { kiteReadPacing } from '../../../../protocols/kite-read-pacer.js';

/**
 * A Kite client logged in as one broker account (orders, order lookups, positions), for the engine and
 * reconciliation alike. Reads wait their turn within Kite's read limits for the app (protocols/kite-read-pacer.ts) and are
 * retried through Kite's "try later" (429, Retry-After); placing an order never is (kite-rest-client.ts). A refused token is reported to `tokenRefused`, never waited on.
 */
export function createAccountKiteRest(deps: {
  kite: { apiRoot: string; apiKey: string; quotesPerSecond?: number | undefined };
  userBrokerId: number;
  credentials: AccountCredentials;
  tokenRefused?: TokenRefused | undefined;
  /** Where the account's calls leave from (its egress); Kite checks the address of order calls since April 2026. */
  route?: OutboundRoute | undefined;
  logger: Pick<FastifyBaseLogger, 'error'>;
}): KiteRest {
  const { credentials, userBrokerId } = deps;
  // Kite ties an access token to the app that issued it: an account with its own app must name that app.
  const apiKey = credentials.apiKey ?? deps.kite.apiKey;
  return createKiteRest({
    apiRoot: deps.kite.apiRoot,
    apiKey,
    paceRead: kiteReadPacing(apiKey, deps.kite.quotesPerSecond),
    accessToken: () => credentials.accessToken,
    route: deps.route,
    retry: { attempts: 4, baseDelayMs: 200, maxDelayMs: 2000 },
    onTokenRefused: (err) => {
      deps.tokenRefused?.(userBrokerId, credentials, err.message).catch((e: unknown) => {
        deps.logger.error({ err: e, userBrokerId }, 'could not keep a refused token on its account');
      });
    },
  });
}
