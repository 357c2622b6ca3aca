import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { NetworkError } from './outbound.js';

/*
 * Where a URL a user typed (a webhook) may make the server connect. A user's URL must not turn the console
 * into a way into its own network (server-side request forgery, ASVS V12.6): cloud metadata endpoints and
 * other non-routable addresses are never reached; loopback and private networks only when the operator says
 * so (WEBHOOK_ALLOW_PRIVATE=1, for a receiver on the console's own machine or LAN).
 */

/** Never a destination: unspecified, link-local (cloud metadata at 169.254.169.254), multicast, broadcast. */
const NEVER = new net.BlockList();
NEVER.addSubnet('0.0.0.0', 8, 'ipv4');
NEVER.addSubnet('169.254.0.0', 16, 'ipv4');
NEVER.addSubnet('224.0.0.0', 4, 'ipv4');
NEVER.addSubnet('240.0.0.0', 4, 'ipv4');
NEVER.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud's metadata endpoint
NEVER.addAddress('::', 'ipv6');
NEVER.addSubnet('fe80::', 10, 'ipv6');
NEVER.addSubnet('ff00::', 8, 'ipv6');
NEVER.addAddress('fd00:ec2::254', 'ipv6'); // AWS's IPv6 metadata endpoint

/** The console's own machine and private networks: reachable only when the operator allows it. */
const PRIVATE = new net.BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4'); // carrier-grade NAT, and VPN meshes such as Tailscale
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');

/** `::ffff:10.0.0.1` is 10.0.0.1: checked as the IPv4 address it carries. */
function normalise(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  const version = net.isIP(address);
  if (version === 0) return null;
  return { address, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** Why the server may not connect to `address` (an IP), or null when it may. */
export function refusedDestination(address: string, options: { allowPrivate: boolean }): string | null {
  const ip = normalise(address);
  if (!ip) return `${address} is not an IP address`;
  if (NEVER.check(ip.address, ip.family)) return `${address} is not a public address`;
  if (!options.allowPrivate && PRIVATE.check(ip.address, ip.family)) {
    return `${address} is a private address (the operator can allow them with WEBHOOK_ALLOW_PRIVATE=1)`;
  }
  return null;
}

/** The host a URL names, without the brackets of an IPv6 address. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** A user's URL resolved to an address the server may not connect to. */
export class DestinationRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DestinationRefusedError';
  }
}

/** dns.lookup, failing with DestinationRefusedError when any address it finds is refused. */
function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const refused = addresses.map((a) => refusedDestination(a.address, { allowPrivate })).find(Boolean);
      if (refused) return callback(new DestinationRefusedError(`${hostname}: ${refused}`), '', 4);
      // Checked where the connection is made, so a name cannot answer differently between check and use.
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new DestinationRefusedError(`${hostname}: no address`), '', 4);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * POSTs `body` to a URL a user gave, connecting only to addresses `refusedDestination` allows, never following
 * a redirect (a 3xx is the answer), with a deadline. Resolves with the status; the reply body is discarded.
 */
export function postToUserUrl(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<number> {
  const target = new URL(url);
  const host = hostOf(target);
  // An address written in the URL is connected to without a lookup: it is checked here instead.
  const literal = net.isIP(host) ? refusedDestination(host, options) : null;
  if (literal) return Promise.reject(new DestinationRefusedError(literal));
  const send = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        lookup: guardedLookup(options.allowPrivate),
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
export async function refusedUrl(url: string, options: { allowPrivate: boolean }): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a valid address';
  }
  const host = hostOf(parsed);
  if (net.isIP(host)) return refusedDestination(host, options);
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
  const refused = addresses.map((a) => refusedDestination(a.address, options)).find(Boolean);
  return refused ? `${host}: ${refused}` : null;
}
