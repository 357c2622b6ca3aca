import type { FastifyInstance, FastifyRequest } from 'fastify';

/** HSTS lifetime when HSTS_MAX_AGE is unset: one year, what browsers' preload lists expect at least. */
export const DEFAULT_HSTS_MAX_AGE = 31_536_000;

export interface SecurityHeaderOptions {
  /** Seconds browsers keep to HTTPS; 0 sends no Strict-Transport-Security at all. */
  hstsMaxAgeSeconds: number;
}

/** What the header set depends on, taken from one request. */
export interface RequestFacts {
  /** The request's path (query string allowed; it is ignored). */
  url: string;
  /** Host (and port) the browser addressed, as Fastify resolved it. */
  host: string | undefined;
  /** Arrived over TLS, directly or through a trusted proxy's X-Forwarded-Proto. */
  secure: boolean;
}

/**
 * Paths that are the API or its socket, never the web app. Judged on the decoded path, as the router
 * matches it: `/%61pi/auth/verify` reaches the API and must get the API's headers (no-store).
 */
export function isApiPath(url: string): boolean {
  let path = url.split('?')[0] ?? url;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed escapes: the router answers 400 or 404; judge the raw path.
  }
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');
}

// A hostname, IPv4 or bracketed IPv6 address, with an optional port: anything else in Host is not copied into
// the policy, so a forged Host cannot add directives.
const SAFE_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The one inline style the console needs: the `<style>` lightweight-charts (5.2) adds for its TradingView
 * attribution logo, which its licence asks us to show. Allowed by its hash, so no other inline style is; a
 * library upgrade that changes it fails the browser tests' CSP check, and the new hash is in that message.
 */
const CHART_LOGO_STYLE = "'sha256-3pRED1tOXas1FXFoPb9TGCjmYe9XQsmO9OV23khV2nY='";

/**
 * The web app's policy. Vite's build is one module script and stylesheets from /assets, React and the chart
 * set styles through the CSSOM (not governed by CSP), so nothing else inline is allowed. connect-src names
 * the socket's ws(s) origin explicitly as well as 'self': browsers before CSP 3 did not count ws: as 'self'.
 */
function appPolicy(facts: RequestFacts): string {
  const socket = facts.host && SAFE_HOST.test(facts.host) ? ` ${facts.secure ? 'wss' : 'ws'}://${facts.host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${CHART_LOGO_STYLE}`,
    "img-src 'self'",
    "font-src 'self'",
    `connect-src 'self'${socket}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(facts.secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** JSON and CSV never load anything: the API's own replies get the narrowest policy there is. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

// Powerful features the console never uses, switched off for it and anything it could be made to embed.
// Only features Chromium knows: an unknown one is an error on every page's console (`bluetooth` was).
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** The headers every reply carries, for the request described by `facts`. Pure, so it is tested alone. */
export function securityHeaders(facts: RequestFacts, options: SecurityHeaderOptions): Record<string, string> {
  const api = isApiPath(facts.url);
  const headers: Record<string, string> = {
    'content-security-policy': api ? API_POLICY : appPolicy(facts),
    'permissions-policy': PERMISSIONS_POLICY,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
  // Browsers ignore HSTS over plain HTTP, and sending it there would be a promise this host may not keep.
  if (facts.secure && options.hstsMaxAgeSeconds > 0) {
    headers['strict-transport-security'] = `max-age=${options.hstsMaxAgeSeconds}`;
  }
  // Session-bound data must not land in a shared or disk cache (the web app's own files set their own).
  if (api) headers['cache-control'] = 'no-store';
  return headers;
}

/** `securityHeaders` for a Fastify request. */
export const securityHeadersFor =
  (options: SecurityHeaderOptions) =>
  (req: FastifyRequest): Record<string, string> =>
    securityHeaders({ url: req.url, host: req.host, secure: req.protocol === 'https' }, options);

/** Sets `securityHeaders` on every reply of `app`, API, web app and errors alike. */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const headersOf = securityHeadersFor(options);
  app.addHook('onSend', async (req, reply) => {
    reply.headers(headersOf(req));
  });
}
