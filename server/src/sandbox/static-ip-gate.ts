/**
 * Kite's static-IP check on order requests, as the Kite REST service's early refusal (http-services.ts). Apart
 * from the registry (static-ips.ts): it answers with the context's Kite error helper, and the context holds the
 * registry, so one file importing the other would be a circle.
 */
import type { IncomingMessage } from 'node:http';
import type { SandboxResponse } from './http-kit.js';
import { kiteFail } from './sandbox-context.js';
import { isOrderRequest, normalizeAddress, unregisteredIpMessage } from './static-ips.logic.js';
import type { StaticIpRegistry } from './static-ips.js';

/**
 * Kite's static-IP check, run before a request reaches rate limits or faults: an order request (place,
 * modify, cancel) from an address its user has not registered gets 400 InputException, so it creates
 * nothing and counts against no limit. A user with no registered IP is refused too: under the 2026 rules
 * every API order needs one. Not 403/TokenException: a console reads that as a dead token. A request with
 * no live session passes on to its handler's TokenException, as before. The user is the access token's: a
 * modify or cancel reaches only that user's own orders.
 */
export function staticIpGate(
  registry: StaticIpRegistry,
  userOf: (authorization: string | undefined) => string | null,
): (raw: IncomingMessage, method: string, path: string) => SandboxResponse | null {
  return (raw, method, path) => {
    if (!isOrderRequest(method, path)) return null;
    const userId = userOf(raw.headers.authorization);
    if (userId === null) return null;
    const address = normalizeAddress(raw.socket.remoteAddress ?? '');
    return registry.isRegistered(userId, address) ? null : kiteFail('InputException', unregisteredIpMessage(address));
  };
}
