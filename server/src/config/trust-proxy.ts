/** TRUST_PROXY as Fastify takes it: `true`, a hop count (trust that many proxies), or addresses and CIDRs. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

const HOP_COUNT = /^\d+$/;
/** CIDRs that hold every address: trusting them is trusting anyone. */
const EVERYONE = new Set(['0.0.0.0/0', '::/0']);

const parts = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** TRUST_PROXY's value for Fastify's `trustProxy`. */
export function parseTrustProxy(value: string): TrustProxy {
  if (value === 'true') return true;
  if (HOP_COUNT.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return parts(value);
}

/** Whether a TRUST_PROXY value believes X-Forwarded-For from whoever connects (a hop count, `true`, 0.0.0.0/0). */
export function trustsAnyone(value: string): boolean {
  return value === 'true' || HOP_COUNT.test(value) || parts(value).some((p) => EVERYONE.has(p));
}

/** 127.0.0.0/8, ::1 and localhost: only this machine's own processes can connect there. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/**
 * Why the console must not start with this TRUST_PROXY and HOST, or null. A TRUST_PROXY that believes
 * whoever connects is safe only where nobody but the proxy can connect: on loopback, with the proxy on the
 * same machine. Anywhere else (HOST=0.0.0.0, the default) a client reaching the port directly sends its own
 * X-Forwarded-For and picks the address the login limit counts and the audit log records. TRUST_PROXY naming
 * the proxy's address is safe on any HOST: only that address's X-Forwarded-For is believed.
 */
export function trustProxyProblem(trustProxy: string | undefined, host: string): string | null {
  if (!trustProxy || !trustsAnyone(trustProxy) || isLoopbackHost(host)) return null;
  return (
    `TRUST_PROXY=${trustProxy} believes the client address any connection claims, and HOST=${host} lets ` +
    "clients connect without the proxy and claim any address. Set TRUST_PROXY to the proxy's address " +
    '(e.g. 10.0.0.5), or HOST=127.0.0.1 with the proxy on this machine (docs/DEPLOY.md).'
  );
}
