import { Agent, ProxyAgent, Socks5ProxyAgent } from 'undici';
import type { OutboundRoute } from '../../../platform/outbound.js';
import type { Egress } from './egress.logic.js';

/**
 * The undici dispatcher each egress sends through: a proxy agent (http, https or socks5) or an agent whose sockets
 * bind the given local address. One per egress, kept while the console runs, so an account's calls reuse their
 * connections instead of opening one through the proxy for every order.
 */
export function createEgressRoutes() {
  const routes = new Map<string, OutboundRoute>();

  function build(egress: Exclude<Egress, { kind: 'server' }>): OutboundRoute {
    if (egress.kind === 'bind') return new Agent({ localAddress: egress.address });
    return egress.url.startsWith('socks5:') ? new Socks5ProxyAgent(egress.url) : new ProxyAgent(egress.url);
  }

  return {
    /** A dispatcher of its own for `egress`, the caller's to close (a check of an egress not saved yet). */
    build: (egress: Egress): OutboundRoute | undefined => (egress.kind === 'server' ? undefined : build(egress)),
    /** The dispatcher of `egress`; undefined: the server's own route (Node's global fetch). */
    routeOf(egress: Egress): OutboundRoute | undefined {
      if (egress.kind === 'server') return undefined;
      // The key holds the proxy's password in memory only, as the unsealed URL itself does.
      const key = egress.kind === 'bind' ? `bind ${egress.address}` : `proxy ${egress.url}`;
      let route = routes.get(key);
      if (!route) {
        route = build(egress);
        routes.set(key, route);
      }
      return route;
    },
    /** Closes every connection (shutdown). */
    async close(): Promise<void> {
      const all = [...routes.values()];
      routes.clear();
      await Promise.all(all.map((route) => route.close().catch(() => undefined)));
    },
  };
}

export type EgressRoutes = ReturnType<typeof createEgressRoutes>;
