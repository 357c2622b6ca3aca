import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { NetworkError } from './outbound.js';
import type { IsOwnEndpoint } from './own-endpoint.js';
import { addressKind } from './special-addresses.js';

/*
 * Where a URL a user typed (a webhook) may make the server connect. A user's URL must not turn the console
 * into a way into its own network (server-side request forgery, ASVS V12.6): cloud metadata endpoints and
 * other non-routable addresses are never reached; loopback and private networks only when the operator says
 * so (WEBHOOK_ALLOW_PRIVATE=1, for a receiver on the console's own machine or LAN).
 */

/** Where a user's URL may lead: private networks only when the operator allows them; never the console itself. */
export interface DestinationRules {
  /** WEBHOOK_ALLOW_PRIVATE=1: loopback and private networks (never link-local, metadata or reserved ranges). */
  allowPrivate: boolean;
  /** This console's own listening socket (own-endpoint.ts): never a destination. */
  isOwnEndpoint?: IsOwnEndpoint | undefined;
}

/**
 * Why the server may not connect to `address` (an IP) on `port`, or null when it may. The reason follows the
 * name the user typed (`hooks.example.com is …`) and never names the address a name resolved to: what a
 * name inside the console's network resolves to is none of the user's business.
 */
export function refusedDestination(address: string, port: number, rules: DestinationRules): string | null {
  const kind = addressKind(address);
  if (kind === null) return 'is not an IP address';
  if (kind === 'reserved') return 'is not a public address';
  if (kind === 'private' && !rules.allowPrivate) {
    return 'is a private address (the operator can allow them with WEBHOOK_ALLOW_PRIVATE=1)';
  }
  if (rules.isOwnEndpoint?.(address, port)) return 'is this console itself';
  return null;
}

/** The host a URL names, without the brackets of an IPv6 address. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** The port a URL connects to: its own, or its scheme's. */
const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/** A user's URL resolved to an address the server may not connect to; the message names only what they typed. */
export class DestinationRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DestinationRefusedError';
  }
}

/** dns.lookup, failing with DestinationRefusedError when any address it finds is refused. */
function guardedLookup(port: number, rules: DestinationRules): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const refused = addresses.map((a) => refusedDestination(a.address, port, rules)).find(Boolean);
      if (refused) return callback(new DestinationRefusedError(`${hostname} ${refused}`), '', 4);
      // Checked where the connection is made, so a name cannot answer differently between check and use.
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new DestinationRefusedError(`${hostname} has no address`), '', 4);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * POSTs `body` to a URL a user gave, connecting only to addresses `refusedDestination` allows, never following
 * a redirect (a 3xx is the answer), with a deadline. Resolves with the status; the reply body is never read.
 */
export function postToUserUrl(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: DestinationRules & { timeoutMs: number },
): Promise<number> {
  const target = new URL(url);
  const host = hostOf(target);
  const port = portOf(target);
  // An address written in the URL is connected to without a lookup: it is checked here instead.
  const literal = net.isIP(host) ? refusedDestination(host, port, options) : null;
  if (literal) return Promise.reject(new DestinationRefusedError(`${host} ${literal}`));
  const send = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        lookup: guardedLookup(port, options),
      },
      (res) => {
        clearTimeout(deadline);
        // Only the status is kept: the receiver's reply is its own business.
        res.destroy();
        resolve(res.statusCode ?? 0);
      },
    );
    const deadline = setTimeout(
      () => req.destroy(new NetworkError(`${target.host}: request timed out after ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    req.on('error', (err) => {
      clearTimeout(deadline);
      const known = err instanceof DestinationRefusedError || err instanceof NetworkError;
      reject(known ? err : new NetworkError(`${target.host}: request failed`, { cause: err }));
    });
    req.end(body);
  });
}

/**
 * Why a URL a user is saving would be refused when it is used, as far as can be told now (its address, or
 * what its name resolves to today), or null. Said at once on the form; `postToUserUrl` checks again at use.
 * A name that does not resolve now is not refused here: the delivery will say so.
 */
export async function refusedUrl(url: string, rules: DestinationRules): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a valid address';
  }
  const host = hostOf(parsed);
  const port = portOf(parsed);
  if (net.isIP(host)) {
    const refused = refusedDestination(host, port, rules);
    return refused ? `${host} ${refused}` : null;
  }
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
  const refused = addresses.map((a) => refusedDestination(a.address, port, rules)).find(Boolean);
  return refused ? `${host} ${refused}` : null;
}
